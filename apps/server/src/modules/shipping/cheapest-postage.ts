import {
  itemChargeableGrams,
  type ParcelItem,
  type RateBand,
  type StoreShippingSettings,
  surchargeApplies,
  type Zone,
} from './table-rates.js';

/**
 * The "Postage from $X" of an item posted alone: the least its store's table rates can charge for
 * it anywhere in the region, extras included. Cards, the product page and the search index's
 * postage flag all read it, so what a card promises is what checkout can charge somewhere.
 *
 * It follows quoteShipment exactly, for every postcode at once:
 * - only zones that cover some postcode (a zone without areas cannot be posted to);
 * - a zone counts only when it has a Regular band for the weight (checkout refuses it otherwise);
 *   its Express band counts too when the store has Express on (Express is sometimes the cheaper);
 * - the handling fee always, and the surcharge (signature on delivery and insurance) when the
 *   item's price is above the store's threshold: both are the same in every zone.
 */

/** One store's rates as the cheapest price needs them: [max weight grams, price] per band. */
export interface CheapestTable {
  settings: StoreShippingSettings;
  zones: { regular: [number, number][]; express: [number, number][] }[];
}

/** A store's table for cheapestPostage, from its settings, its card's zones and their bands. */
export function cheapestTable(settings: StoreShippingSettings, zones: Zone[], rates: RateBand[]): CheapestTable {
  const bands = (zoneId: number, service: RateBand['service']) =>
    rates
      .filter((rate) => rate.zoneId === zoneId && rate.service === service)
      .map((rate): [number, number] => [rate.maxWeightGrams, rate.priceMinor])
      .sort((a, b) => a[0] - b[0]);
  return {
    settings,
    zones: zones
      .filter((zone) => zone.areas.length > 0)
      .map((zone) => ({
        regular: bands(zone.id, 'Regular'),
        express: settings.expressEnabled ? bands(zone.id, 'Express') : [],
      })),
  };
}

/** The price of the smallest band that takes the weight (bands sorted by weight), or null. */
function bandPrice(bands: [number, number][], grams: number): number | null {
  for (const [maxGrams, price] of bands) if (maxGrams >= grams) return price;
  return null;
}

type PricedParcel = Pick<ParcelItem, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm' | 'priceMinor' | 'postable'>;

/**
 * The least this item alone can cost to post anywhere in the region (minor units), or null when it
 * cannot be posted anywhere (not postable, a store without a table, no band for its weight).
 */
export function cheapestPostage(table: CheapestTable | null | undefined, item: PricedParcel): number | null {
  if (!table || !item.postable) return null;
  const grams = itemChargeableGrams(item);
  let best: number | null = null;
  for (const zone of table.zones) {
    const regular = bandPrice(zone.regular, grams);
    if (regular === null) continue;
    const express = bandPrice(zone.express, grams);
    const cheapest = express === null ? regular : Math.min(regular, express);
    if (best === null || cheapest < best) best = cheapest;
  }
  if (best === null) return null;
  const { settings } = table;
  return best + settings.handlingMinor + (surchargeApplies(settings, item.priceMinor) ? settings.surchargeMinor : 0);
}
