import type { Region } from '@shop/contract';

/**
 * Table-rate postage as pure functions (no I/O, no clock): which zone a postcode falls in, which
 * weight band a parcel takes, and what one store's shipment costs. The service loads the tables
 * and calls these; the unit tests pin down every rule.
 *
 * Rules:
 * - AU: a zone covers postcode ranges (inclusive); the narrowest range containing the postcode
 *   wins, so a metro range inside a state-wide regional range takes precedence.
 * - UK: a zone covers outward-code prefixes. A prefix matches when the outward code starts with it
 *   and the prefix ends on a boundary: an area ('B' matches B1 and B33, never BT1) or a district
 *   ('M1' matches M1 and its sub-districts, never M11). The longest matching prefix wins; '' matches
 *   every postcode (the mainland catch-all).
 * - Chargeable weight: per item, the larger of its weight and its cubic weight (250 kg per cubic
 *   metre: length x width x height in cm / 4 grams), summed over the shipment. The band is the
 *   smallest max_weight_grams at or above it; none means no rate.
 * - Express only where the store enables it and its zone has an Express band for the weight.
 * - Signature on delivery and insurance (the surcharge) is compulsory when the shipment's value
 *   (items' prices) is above the store's threshold; it is then added to every service.
 * - The store's handling fee is added to every service.
 */

export type ServiceName = 'Regular' | 'Express';

export interface ZoneArea {
  postcodeFrom: number | null;
  postcodeTo: number | null;
  outwardPrefix: string | null;
}

export interface Zone {
  id: number;
  name: string;
  areas: ZoneArea[];
}

export interface RateBand {
  zoneId: number;
  service: ServiceName;
  maxWeightGrams: number;
  priceMinor: number;
  minDays: number;
  maxDays: number;
}

export interface StoreShippingSettings {
  storeId: number;
  rateCardId: number;
  expressEnabled: boolean;
  /** Shipment value (minor units) from which the surcharge is compulsory; null: never. */
  surchargeThresholdMinor: number | null;
  surchargeMinor: number;
  handlingMinor: number;
}

export interface ParcelItem {
  productId: number;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  priceMinor: number;
  postable: boolean;
}

export interface ServiceQuote {
  service: ServiceName;
  /** The band's upper weight, grams. */
  bandMaxGrams: number;
  /** The table rate alone. */
  rateMinor: number;
  /** What the shopper pays for this service: rate + handling + surcharge (when it applies). */
  totalMinor: number;
  minDays: number;
  maxDays: number;
  timeline: string;
}

export type MissingReason = 'not-postable' | 'no-settings' | 'no-zone' | 'no-rate';

export type ShipmentQuote =
  | {
      ok: true;
      storeId: number;
      zone: string;
      chargeableGrams: number;
      valueMinor: number;
      regular: ServiceQuote;
      /** Null when the store has express off or the zone has no Express band for this weight. */
      express: ServiceQuote | null;
      expressEnabled: boolean;
      /** The surcharge as charged: 0 unless the shipment is worth more than the threshold. */
      surchargeMinor: number;
      surchargeApplies: boolean;
      handlingMinor: number;
    }
  | { ok: false; storeId: number; reason: MissingReason };

/** The outward code of a UK postcode: 'M1 1AE' and 'm11ae' give 'M1'; 'EC1A 1BB' gives 'EC1A'. */
export function outwardCode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  // The inward code is always a digit and two letters.
  return /\d[A-Z]{2}$/.test(compact) && compact.length > 3 ? compact.slice(0, -3) : compact;
}

const isDigit = (c: string) => c >= '0' && c <= '9';

/** Whether a UK outward-code prefix covers this outward code (see the rules above). */
export function prefixMatches(prefix: string, outward: string): boolean {
  const p = prefix.trim().toUpperCase();
  if (p === '') return true;
  if (!outward.startsWith(p)) return false;
  if (outward.length === p.length) return true;
  const last = p.charAt(p.length - 1);
  const next = outward.charAt(p.length);
  // 'B' must not take 'BT1' (letter after a letter); 'M1' must not take 'M11' (digit after a digit).
  return isDigit(last) !== isDigit(next);
}

/**
 * The zone a postcode falls in, or null. AU: narrowest range; UK: longest prefix. Ties go to the
 * zone listed first (the lowest id), so the answer never depends on row order.
 */
export function matchZone(zones: Zone[], region: Region, postcode: string): Zone | null {
  let best: { zone: Zone; score: number } | null = null;
  const consider = (zone: Zone, score: number) => {
    if (!best || score > best.score || (score === best.score && zone.id < best.zone.id)) best = { zone, score };
  };
  if (region === 'AU') {
    const trimmed = postcode.trim();
    if (!/^\d{4}$/.test(trimmed)) return null;
    const value = Number(trimmed);
    for (const zone of zones) {
      for (const area of zone.areas) {
        if (area.postcodeFrom === null || area.postcodeTo === null) continue;
        if (value >= area.postcodeFrom && value <= area.postcodeTo)
          consider(zone, -(area.postcodeTo - area.postcodeFrom));
      }
    }
  } else {
    const outward = outwardCode(postcode);
    if (outward === '') return null;
    for (const zone of zones) {
      for (const area of zone.areas) {
        if (area.outwardPrefix === null) continue;
        if (prefixMatches(area.outwardPrefix, outward)) consider(zone, area.outwardPrefix.trim().length);
      }
    }
  }
  return (best as { zone: Zone } | null)?.zone ?? null;
}

/** An item's chargeable weight in grams: its weight or its cubic weight (250 kg/m3), whichever is more. */
export function itemChargeableGrams(item: Pick<ParcelItem, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'>) {
  const cubic = Math.ceil((Math.max(0, item.lengthCm) * Math.max(0, item.widthCm) * Math.max(0, item.heightCm)) / 4);
  return Math.max(Math.max(0, item.weightGrams), cubic);
}

export function chargeableGrams(items: ParcelItem[]): number {
  return items.reduce((sum, item) => sum + itemChargeableGrams(item), 0);
}

/** The smallest band of this zone and service that takes the weight, or null. */
export function pickBand(rates: RateBand[], zoneId: number, service: ServiceName, grams: number): RateBand | null {
  let best: RateBand | null = null;
  for (const rate of rates) {
    if (rate.zoneId !== zoneId || rate.service !== service || rate.maxWeightGrams < grams) continue;
    if (!best || rate.maxWeightGrams < best.maxWeightGrams) best = rate;
  }
  return best;
}

/** '2-5 business days', '1 business day'. */
export function formatTimeline(minDays: number, maxDays: number): string {
  if (minDays === maxDays) return `${minDays} business day${minDays === 1 ? '' : 's'}`;
  return `${minDays}-${maxDays} business days`;
}

/** Whether the surcharge (signature on delivery and insurance) is compulsory for a shipment of this value. */
export function surchargeApplies(settings: StoreShippingSettings, valueMinor: number): boolean {
  return settings.surchargeThresholdMinor !== null && valueMinor > settings.surchargeThresholdMinor;
}

/** One store's shipment of these items to this postcode, or why it cannot be posted. */
export function quoteShipment(input: {
  storeId: number;
  settings: StoreShippingSettings | null;
  zones: Zone[];
  rates: RateBand[];
  region: Region;
  postcode: string;
  items: ParcelItem[];
}): ShipmentQuote {
  const { storeId, settings, items } = input;
  if (items.some((item) => !item.postable)) return { ok: false, storeId, reason: 'not-postable' };
  if (!settings) return { ok: false, storeId, reason: 'no-settings' };
  const zone = matchZone(input.zones, input.region, input.postcode);
  if (!zone) return { ok: false, storeId, reason: 'no-zone' };
  const grams = chargeableGrams(items);
  const valueMinor = items.reduce((sum, item) => sum + item.priceMinor, 0);
  const regularBand = pickBand(input.rates, zone.id, 'Regular', grams);
  if (!regularBand) return { ok: false, storeId, reason: 'no-rate' };
  const applies = surchargeApplies(settings, valueMinor);
  const surchargeMinor = applies ? settings.surchargeMinor : 0;
  const serviceQuote = (band: RateBand): ServiceQuote => ({
    service: band.service,
    bandMaxGrams: band.maxWeightGrams,
    rateMinor: band.priceMinor,
    totalMinor: band.priceMinor + settings.handlingMinor + surchargeMinor,
    minDays: band.minDays,
    maxDays: band.maxDays,
    timeline: formatTimeline(band.minDays, band.maxDays),
  });
  const expressBand = settings.expressEnabled ? pickBand(input.rates, zone.id, 'Express', grams) : null;
  return {
    ok: true,
    storeId,
    zone: zone.name,
    chargeableGrams: grams,
    valueMinor,
    regular: serviceQuote(regularBand),
    express: expressBand ? serviceQuote(expressBand) : null,
    expressEnabled: settings.expressEnabled,
    surchargeMinor,
    surchargeApplies: applies,
    handlingMinor: settings.handlingMinor,
  };
}

/** Several stores' quotes as one estimate (a whole cart posted to one address). */
export interface CombinedEstimate {
  /** Some store cannot post its items there: no costs. */
  missing: boolean;
  regularMinor: number | null;
  /** Null unless every store offers Express. */
  expressMinor: number | null;
  regularTimeline: string;
  expressTimeline: string;
  surchargeMinor: number;
  hasSurcharge: boolean;
  expressAvailable: boolean;
}

/**
 * Sums the stores' quotes. The order has arrived when its last parcel has, so the timeline is the
 * latest of the earliest days and the latest of the latest days.
 */
export function combineQuotes(quotes: ShipmentQuote[]): CombinedEstimate {
  const none: CombinedEstimate = {
    missing: true,
    regularMinor: null,
    expressMinor: null,
    regularTimeline: '',
    expressTimeline: '',
    surchargeMinor: 0,
    hasSurcharge: false,
    expressAvailable: false,
  };
  const ok = quotes.filter((q): q is Extract<ShipmentQuote, { ok: true }> => q.ok);
  if (ok.length === 0 || ok.length !== quotes.length) return none;
  const span = (services: ServiceQuote[]) =>
    formatTimeline(Math.max(...services.map((s) => s.minDays)), Math.max(...services.map((s) => s.maxDays)));
  const expresses = ok.map((q) => q.express).filter((e): e is ServiceQuote => e !== null);
  const expressAvailable = expresses.length === ok.length;
  return {
    missing: false,
    regularMinor: ok.reduce((sum, q) => sum + q.regular.totalMinor, 0),
    expressMinor: expressAvailable ? expresses.reduce((sum, e) => sum + e.totalMinor, 0) : null,
    regularTimeline: span(ok.map((q) => q.regular)),
    expressTimeline: expressAvailable ? span(expresses) : '',
    surchargeMinor: ok.reduce((sum, q) => sum + q.surchargeMinor, 0),
    hasSurcharge: ok.some((q) => q.surchargeApplies),
    expressAvailable,
  };
}

/** What an order keeps of a quote (order_shipments.postage_snapshot): copied in, never re-read. */
export function postageSnapshot(quote: Extract<ShipmentQuote, { ok: true }>, service: ServiceQuote) {
  return {
    zone: quote.zone,
    service: service.service,
    band: { maxWeightGrams: service.bandMaxGrams, chargeableGrams: quote.chargeableGrams },
    rateMinor: service.rateMinor,
    handlingMinor: quote.handlingMinor,
    surchargeMinor: quote.surchargeMinor,
    signatureOnDelivery: quote.surchargeApplies,
    insurance: quote.surchargeApplies,
    timeline: service.timeline,
    totalMinor: service.totalMinor,
  };
}
