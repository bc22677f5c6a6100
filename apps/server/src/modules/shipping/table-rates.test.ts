import { describe, expect, it } from 'vitest';
import {
  chargeableGrams,
  combineQuotes,
  formatTimeline,
  itemChargeableGrams,
  matchZone,
  outwardCode,
  type ParcelItem,
  pickBand,
  prefixMatches,
  quoteShipment,
  type RateBand,
  type StoreShippingSettings,
  type Zone,
} from './table-rates.js';

const auZones: Zone[] = [
  { id: 1, name: 'Metro', areas: [{ postcodeFrom: 2000, postcodeTo: 2234, outwardPrefix: null }] },
  {
    id: 2,
    name: 'Regional',
    areas: [
      { postcodeFrom: 1000, postcodeTo: 2999, outwardPrefix: null },
      { postcodeFrom: 6000, postcodeTo: 6999, outwardPrefix: null },
    ],
  },
  {
    id: 3,
    name: 'Remote',
    areas: [
      { postcodeFrom: 800, postcodeTo: 899, outwardPrefix: null },
      { postcodeFrom: 6700, postcodeTo: 6799, outwardPrefix: null },
    ],
  },
];
const prefixes = (id: number, name: string, list: string[]): Zone => ({
  id,
  name,
  areas: list.map((p) => ({ postcodeFrom: null, postcodeTo: null, outwardPrefix: p })),
});
const ukZones: Zone[] = [
  prefixes(1, 'Mainland', ['']),
  prefixes(2, 'Highlands', ['IV', 'HS', 'PA20']),
  prefixes(3, 'NI', ['BT']),
  prefixes(4, 'Manchester', ['M']),
  prefixes(5, 'Manchester centre', ['M1']),
];

const band = (zoneId: number, service: 'Regular' | 'Express', max: number, price: number, days = [2, 5]): RateBand => ({
  zoneId,
  service,
  maxWeightGrams: max,
  priceMinor: price,
  minDays: days[0] ?? 0,
  maxDays: days[1] ?? 0,
});
const rates: RateBand[] = [
  band(1, 'Regular', 500, 995),
  band(1, 'Regular', 3000, 1495),
  band(1, 'Regular', 22_000, 3495),
  band(1, 'Express', 500, 1395, [1, 2]),
  band(1, 'Express', 3000, 2095, [1, 2]),
  band(3, 'Regular', 3000, 2495, [5, 10]),
];
const settings = (overrides: Partial<StoreShippingSettings> = {}): StoreShippingSettings => ({
  storeId: 7,
  rateCardId: 1,
  expressEnabled: true,
  surchargeThresholdMinor: 50_000,
  surchargeMinor: 1295,
  handlingMinor: 0,
  ...overrides,
});
const item = (overrides: Partial<ParcelItem> = {}): ParcelItem => ({
  productId: 1,
  weightGrams: 400,
  lengthCm: 10,
  widthCm: 10,
  heightCm: 4,
  priceMinor: 10_000,
  postable: true,
  ...overrides,
});
const quote = (items: ParcelItem[], postcode = '2000', s: StoreShippingSettings | null = settings()) =>
  quoteShipment({ storeId: 7, settings: s, zones: auZones, rates, region: 'AU', postcode, items });

describe('zones', () => {
  it('matches AU postcodes to the narrowest range containing them', () => {
    expect(matchZone(auZones, 'AU', '2000')?.name).toBe('Metro');
    expect(matchZone(auZones, 'AU', '2234')?.name).toBe('Metro');
    expect(matchZone(auZones, 'AU', '2235')?.name).toBe('Regional');
    expect(matchZone(auZones, 'AU', '6000')?.name).toBe('Regional');
    expect(matchZone(auZones, 'AU', '6725')?.name).toBe('Remote');
    expect(matchZone(auZones, 'AU', '0810')?.name).toBe('Remote');
    expect(matchZone(auZones, 'AU', '3000')).toBeNull();
    expect(matchZone(auZones, 'AU', 'abcd')).toBeNull();
  });

  it('reads UK outward codes', () => {
    expect(outwardCode('M1 1AE')).toBe('M1');
    expect(outwardCode('m11ae')).toBe('M1');
    expect(outwardCode('EC1A 1BB')).toBe('EC1A');
    expect(outwardCode('PA20 0AA')).toBe('PA20');
  });

  it('matches UK prefixes on area and district boundaries only', () => {
    expect(prefixMatches('M', 'M1')).toBe(true);
    expect(prefixMatches('M', 'ML1')).toBe(false);
    expect(prefixMatches('M1', 'M11')).toBe(false);
    expect(prefixMatches('W1', 'W1A')).toBe(true);
    expect(prefixMatches('B', 'BT1')).toBe(false);
    expect(prefixMatches('', 'ZZ1')).toBe(true);
  });

  it('prefers the longest UK prefix', () => {
    expect(matchZone(ukZones, 'UK', 'M1 1AE')?.name).toBe('Manchester centre');
    expect(matchZone(ukZones, 'UK', 'M11 1AA')?.name).toBe('Manchester');
    expect(matchZone(ukZones, 'UK', 'ML1 1AA')?.name).toBe('Mainland');
    expect(matchZone(ukZones, 'UK', 'IV1 1AA')?.name).toBe('Highlands');
    expect(matchZone(ukZones, 'UK', 'PA20 0AA')?.name).toBe('Highlands');
    expect(matchZone(ukZones, 'UK', 'PA2 0AA')?.name).toBe('Mainland');
    expect(matchZone(ukZones, 'UK', 'BT1 1AA')?.name).toBe('NI');
    expect(matchZone(ukZones, 'UK', 'SW1A 1AA')?.name).toBe('Mainland');
    expect(matchZone(ukZones.slice(1), 'UK', 'SW1A 1AA')).toBeNull();
  });
});

describe('weight bands', () => {
  it('takes the smallest band at or above the weight', () => {
    expect(pickBand(rates, 1, 'Regular', 1)?.priceMinor).toBe(995);
    expect(pickBand(rates, 1, 'Regular', 500)?.priceMinor).toBe(995);
    expect(pickBand(rates, 1, 'Regular', 501)?.priceMinor).toBe(1495);
    expect(pickBand(rates, 1, 'Regular', 22_000)?.priceMinor).toBe(3495);
    expect(pickBand(rates, 1, 'Regular', 22_001)).toBeNull();
    expect(pickBand(rates, 1, 'Express', 3001)).toBeNull();
  });

  it('charges the cubic weight of a light, bulky item', () => {
    expect(itemChargeableGrams({ weightGrams: 300, lengthCm: 40, widthCm: 30, heightCm: 20 })).toBe(6000);
    expect(itemChargeableGrams({ weightGrams: 300, lengthCm: 10, widthCm: 10, heightCm: 4 })).toBe(300);
    expect(chargeableGrams([item(), item({ productId: 2, weightGrams: 250 })])).toBe(650);
  });

  it('formats timelines', () => {
    expect(formatTimeline(2, 5)).toBe('2-5 business days');
    expect(formatTimeline(1, 1)).toBe('1 business day');
  });
});

describe('a store shipment', () => {
  it('quotes Regular and Express with handling', () => {
    const q = quote([item()], '2000', settings({ handlingMinor: 200 }));
    expect(q).toMatchObject({
      ok: true,
      zone: 'Metro',
      regular: { totalMinor: 1195, rateMinor: 995, timeline: '2-5 business days' },
      express: { totalMinor: 1595, timeline: '1-2 business days' },
      surchargeMinor: 0,
      surchargeApplies: false,
    });
  });

  it('offers no Express when the store has it off, or the zone has no Express band', () => {
    const off = quote([item()], '2000', settings({ expressEnabled: false }));
    expect(off.ok && off.express).toBeNull();
    expect(off.ok && off.regular.totalMinor).toBe(995);
    const remote = quote([item()], '0810');
    expect(remote.ok && remote.express).toBeNull();
    expect(remote.ok && remote.regular.totalMinor).toBe(2495);
  });

  it('adds the surcharge above the threshold, never at or below it', () => {
    const at = quote([item({ priceMinor: 50_000 })]);
    expect(at.ok && [at.surchargeApplies, at.regular.totalMinor]).toEqual([false, 995]);
    const above = quote([item({ priceMinor: 50_001 })]);
    expect(
      above.ok && [above.surchargeApplies, above.surchargeMinor, above.regular.totalMinor, above.express?.totalMinor],
    ).toEqual([true, 1295, 995 + 1295, 1395 + 1295]);
    const split = quote([item({ priceMinor: 30_000 }), item({ productId: 2, priceMinor: 20_001, weightGrams: 50 })]);
    expect(split.ok && split.surchargeApplies).toBe(true);
    const never = quote([item({ priceMinor: 900_000 })], '2000', settings({ surchargeThresholdMinor: null }));
    expect(never.ok && never.surchargeApplies).toBe(false);
  });

  it('says why a shipment cannot be posted', () => {
    expect(quote([item({ postable: false })])).toEqual({ ok: false, storeId: 7, reason: 'not-postable' });
    expect(quote([item()], '2000', null)).toEqual({ ok: false, storeId: 7, reason: 'no-settings' });
    expect(quote([item()], '3000')).toEqual({ ok: false, storeId: 7, reason: 'no-zone' });
    expect(quote([item({ weightGrams: 23_000 })])).toEqual({ ok: false, storeId: 7, reason: 'no-rate' });
    // Remote has bands to 3 kg only.
    expect(quote([item({ weightGrams: 3500 })], '6725')).toEqual({ ok: false, storeId: 7, reason: 'no-rate' });
  });
});

describe('a whole cart', () => {
  it('sums the stores, with Express only when every store offers it', () => {
    const a = quote([item()]);
    const b = quote([item({ priceMinor: 60_000 })], '2000', settings({ storeId: 8 }));
    const both = combineQuotes([a, b]);
    expect(both).toMatchObject({
      missing: false,
      regularMinor: 995 + 995 + 1295,
      expressMinor: 1395 + 1395 + 1295,
      surchargeMinor: 1295,
      hasSurcharge: true,
      expressAvailable: true,
      regularTimeline: '2-5 business days',
      expressTimeline: '1-2 business days',
    });
    const off = combineQuotes([a, quote([item()], '2000', settings({ expressEnabled: false }))]);
    expect(off).toMatchObject({ regularMinor: 1990, expressMinor: null, expressAvailable: false, expressTimeline: '' });
  });

  it('has no costs when any store cannot post', () => {
    const missing = combineQuotes([quote([item()]), quote([item({ postable: false })])]);
    expect(missing).toMatchObject({ missing: true, regularMinor: null, expressMinor: null });
    expect(combineQuotes([]).missing).toBe(true);
  });
});
