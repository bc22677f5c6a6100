import { describe, expect, it } from 'vitest';
import { AU_RATE_CARD, SURCHARGE } from '../../seed/shipping-seed.js';
import { cheapestPostage, cheapestTable } from './cheapest-postage.js';
import { type ParcelItem, quoteShipment, type RateBand, type StoreShippingSettings, type Zone } from './table-rates.js';

/** The demo's AU card as the service would load it: zones with ids, bands by zone id. */
const zones: Zone[] = AU_RATE_CARD.zones.map((zone, i) => ({
  id: i + 1,
  name: zone.name,
  areas: (zone.postcodeRanges ?? []).map(([from, to]) => ({ postcodeFrom: from, postcodeTo: to, outwardPrefix: null })),
}));
const rates: RateBand[] = AU_RATE_CARD.zones.flatMap((zone, i) =>
  zone.rates.map((rate) => ({ zoneId: i + 1, ...rate })),
);

const settings = (changes: Partial<StoreShippingSettings> = {}): StoreShippingSettings => ({
  storeId: 7,
  rateCardId: 1,
  expressEnabled: true,
  surchargeThresholdMinor: SURCHARGE.AU.thresholdMinor,
  surchargeMinor: SURCHARGE.AU.surchargeMinor,
  handlingMinor: 0,
  ...changes,
});

const parcel = (changes: Partial<ParcelItem> = {}): ParcelItem => ({
  productId: 1,
  weightGrams: 400,
  lengthCm: 10,
  widthCm: 10,
  heightCm: 4,
  priceMinor: 5000,
  postable: true,
  ...changes,
});

/** The plain reading: quote the item alone to every AU postcode and keep the least of any service. */
function leastOverEveryPostcode(store: StoreShippingSettings, item: ParcelItem): number | null {
  let least: number | null = null;
  for (let n = 0; n <= 9999; n++) {
    const quote = quoteShipment({
      storeId: store.storeId,
      settings: store,
      zones,
      rates,
      region: 'AU',
      postcode: String(n).padStart(4, '0'),
      items: [item],
    });
    if (!quote.ok) continue;
    for (const service of [quote.regular, quote.express]) {
      if (service && (least === null || service.totalMinor < least)) least = service.totalMinor;
    }
  }
  return least;
}

describe('cheapestPostage ("Postage from")', () => {
  it('is the least checkout can charge for the item anywhere, for light, heavy, bulky and dear items', () => {
    const stores = [settings(), settings({ expressEnabled: false, handlingMinor: 200 })];
    const items = [
      parcel(),
      parcel({ weightGrams: 2800 }),
      // Light but bulky: its cubic weight (60 x 40 x 30 / 4 = 18 kg) prices it.
      parcel({ weightGrams: 900, lengthCm: 60, widthCm: 40, heightCm: 30 }),
      parcel({ weightGrams: 21_000 }),
      parcel({ priceMinor: 50_001 }),
      parcel({ priceMinor: 50_000 }),
    ];
    for (const store of stores) {
      const table = cheapestTable(store, zones, rates);
      for (const item of items) expect(cheapestPostage(table, item)).toBe(leastOverEveryPostcode(store, item));
    }
  });

  it('adds the surcharge only above the threshold, and the handling fee always', () => {
    const table = cheapestTable(settings({ handlingMinor: 200 }), zones, rates);
    const plain = cheapestPostage(table, parcel()) ?? 0;
    expect(cheapestPostage(table, parcel({ priceMinor: 50_000 }))).toBe(plain);
    expect(cheapestPostage(table, parcel({ priceMinor: 50_001 }))).toBe(plain + SURCHARGE.AU.surchargeMinor);
    const noHandling = cheapestPostage(cheapestTable(settings(), zones, rates), parcel()) ?? 0;
    expect(plain - noHandling).toBe(200);
  });

  it('counts Express where it is cheaper, only when the store offers it and the zone has Regular too', () => {
    const express: RateBand[] = [
      { zoneId: 1, service: 'Regular', maxWeightGrams: 500, priceMinor: 1000, minDays: 2, maxDays: 4 },
      { zoneId: 1, service: 'Express', maxWeightGrams: 500, priceMinor: 800, minDays: 1, maxDays: 2 },
      // A zone with Express and no Regular band: checkout cannot post there at all.
      { zoneId: 2, service: 'Express', maxWeightGrams: 500, priceMinor: 100, minDays: 1, maxDays: 2 },
    ];
    expect(cheapestPostage(cheapestTable(settings(), zones, express), parcel())).toBe(800);
    expect(cheapestPostage(cheapestTable(settings({ expressEnabled: false }), zones, express), parcel())).toBe(1000);
  });

  it('ignores a zone no postcode reaches', () => {
    const unreachable: Zone = { id: 9, name: 'Nowhere', areas: [] };
    const cheap: RateBand = {
      zoneId: 9,
      service: 'Regular',
      maxWeightGrams: 500,
      priceMinor: 1,
      minDays: 1,
      maxDays: 1,
    };
    const table = cheapestTable(settings(), [...zones, unreachable], [...rates, cheap]);
    expect(cheapestPostage(table, parcel())).toBe(cheapestPostage(cheapestTable(settings(), zones, rates), parcel()));
  });

  it('is null when the item cannot be posted anywhere', () => {
    const table = cheapestTable(settings(), zones, rates);
    expect(cheapestPostage(table, parcel({ postable: false }))).toBeNull();
    expect(cheapestPostage(null, parcel())).toBeNull();
    expect(cheapestPostage(table, parcel({ weightGrams: 30_000 }))).toBeNull();
    expect(cheapestPostage(cheapestTable(settings(), zones, []), parcel())).toBeNull();
  });
});
