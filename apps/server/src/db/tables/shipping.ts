import type { Generated } from 'kysely';

/**
 * Table types of the shipping module (migration 008): table-rate postage. Money is integer minor
 * units; weights are grams; delivery times are business days.
 */

/** A set of zones and rates for one region, shared by every store that uses it. */
interface ShippingRateCardsTable {
  id: Generated<number>;
  region: 'AU' | 'UK';
  name: string;
}

/** A named zone of a rate card (Sydney metro, NT remote, Highlands and Islands ...). */
interface ShippingZonesTable {
  id: Generated<number>;
  rate_card_id: number;
  name: string;
}

/**
 * What a zone covers: an AU postcode range (from-to inclusive; the narrowest matching range wins),
 * or a UK outward-code prefix (the longest matching prefix wins; '' matches every postcode).
 */
export interface ShippingZoneAreasTable {
  id: Generated<number>;
  zone_id: number;
  postcode_from: number | null;
  postcode_to: number | null;
  outward_prefix: string | null;
}

type ShippingService = 'Regular' | 'Express';

/** One weight band of a zone's service: up to max_weight_grams (chargeable weight) costs price_minor. */
export interface ShippingRatesTable {
  id: Generated<number>;
  zone_id: number;
  service: ShippingService;
  max_weight_grams: number;
  price_minor: number;
  min_days: number;
  max_days: number;
}

/** A store's postage settings. A store without a row cannot post (every quote is a missing rate). */
export interface StoreShippingSettingsTable {
  store_id: number;
  rate_card_id: number;
  /** 1: offers Express where its rate card has an Express rate. */
  express_enabled: Generated<number>;
  /**
   * A shipment worth this much or more (items' prices, minor units) must go with signature on
   * delivery and insurance, which cost surcharge_minor. Null: never compulsory.
   */
  surcharge_threshold_minor: number | null;
  surcharge_minor: Generated<number>;
  /** Added to every postage quote of the store (packing). */
  handling_minor: Generated<number>;
}

export interface ShippingTables {
  shipping_rate_cards: ShippingRateCardsTable;
  shipping_zones: ShippingZonesTable;
  shipping_zone_areas: ShippingZoneAreasTable;
  shipping_rates: ShippingRatesTable;
  store_shipping_settings: StoreShippingSettingsTable;
}
