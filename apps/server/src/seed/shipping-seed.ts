import type { StoreRow } from '../db/schema.js';
import { type DbCtx, systemContext } from '../lib/context.js';
import {
  type RateCardDefinition,
  ShippingService,
  type StoreShippingSettingsInput,
} from '../modules/shipping/shipping.service.js';
import { Random } from './random.js';

type Band = RateCardDefinition['zones'][number]['rates'][number];

/** Weight bands (grams) and prices (minor units) for one service of one zone. */
function bands(service: Band['service'], days: [number, number], prices: [number, number][]): Band[] {
  return prices.map(([maxWeightGrams, priceMinor]) => ({
    service,
    maxWeightGrams,
    priceMinor,
    minDays: days[0],
    maxDays: days[1],
  }));
}

const AU_WEIGHTS = [500, 1000, 3000, 5000, 10_000, 22_000];
const au = (prices: number[]): [number, number][] => AU_WEIGHTS.map((w, i) => [w, prices[i] ?? 0]);
const UK_WEIGHTS = [1000, 2000, 5000, 10_000, 20_000];
const uk = (prices: number[]): [number, number][] => UK_WEIGHTS.map((w, i) => [w, prices[i] ?? 0]);
const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/**
 * Australia Post style: metro, regional and remote by real postcode ranges (the narrowest range
 * wins, so a capital's metro range beats its state's regional range). Remote has no Express.
 */
export const AU_RATE_CARD: RateCardDefinition = {
  region: 'AU',
  name: 'Australia Post (demo)',
  zones: [
    {
      name: 'Metro',
      postcodeRanges: [
        [2000, 2234], // Sydney
        [2600, 2618], // Canberra
        [2900, 2920], // Canberra south
        [3000, 3207], // Melbourne
        [4000, 4207], // Brisbane
        [5000, 5199], // Adelaide
        [6000, 6199], // Perth
        [7000, 7099], // Hobart
        [800, 832], // Darwin
      ],
      rates: [
        ...bands('Regular', [2, 4], au([995, 1195, 1495, 1795, 2295, 3495])),
        ...bands('Express', [1, 2], au([1395, 1695, 2095, 2595, 3295, 4995])),
      ],
    },
    {
      name: 'Regional',
      postcodeRanges: [
        [200, 299], // ACT
        [1000, 2999], // NSW
        [3000, 3999], // VIC
        [8000, 8999], // VIC (large users)
        [4000, 4999], // QLD
        [9000, 9999], // QLD (large users)
        [5000, 5999], // SA
        [6000, 6999], // WA
        [7000, 7999], // TAS
      ],
      rates: [
        ...bands('Regular', [3, 6], au([1095, 1395, 1795, 2195, 2895, 4495])),
        ...bands('Express', [2, 3], au([1595, 1995, 2495, 2995, 3995, 5995])),
      ],
    },
    {
      name: 'Remote',
      postcodeRanges: [
        [800, 999], // NT outside Darwin
        [6700, 6799], // WA: Pilbara and Kimberley
        [6430, 6443], // WA: Goldfields east
        [4825, 4829], // QLD: Mount Isa and the north-west
        [4870, 4895], // QLD: Far North and Cape York
        [5720, 5799], // SA: outback
        [2830, 2899], // NSW: far west
        [7255, 7257], // TAS: Bass Strait islands
      ],
      rates: bands('Regular', [5, 10], au([1495, 1895, 2495, 3295, 4495, 6995])),
    },
  ],
};

/**
 * Royal Mail / Parcelforce style: the mainland (the '' catch-all), the Highlands and Islands,
 * Northern Ireland, and the Channel Islands, Isle of Man and Isles of Scilly (no Express).
 */
export const UK_RATE_CARD: RateCardDefinition = {
  region: 'UK',
  name: 'UK parcels (demo)',
  zones: [
    {
      name: 'Mainland',
      outwardPrefixes: [''],
      rates: [
        ...bands('Regular', [2, 3], uk([399, 549, 799, 1199, 1599])),
        ...bands('Express', [1, 1], uk([799, 999, 1299, 1699, 2299])),
      ],
    },
    {
      name: 'Highlands and Islands',
      outwardPrefixes: [
        'IV',
        'HS',
        'KW',
        'ZE',
        ...range('PA', 20, 49),
        ...range('PA', 60, 78),
        ...range('PH', 17, 26),
        ...range('PH', 30, 44),
        'PH49',
        'PH50',
        'KA27',
        'KA28',
      ],
      rates: [
        ...bands('Regular', [3, 5], uk([599, 849, 1299, 1899, 2599])),
        ...bands('Express', [2, 3], uk([1199, 1499, 1999, 2699, 3499])),
      ],
    },
    {
      name: 'Northern Ireland',
      outwardPrefixes: ['BT'],
      rates: [
        ...bands('Regular', [3, 5], uk([499, 699, 999, 1499, 1999])),
        ...bands('Express', [2, 2], uk([999, 1299, 1699, 2299, 2999])),
      ],
    },
    {
      name: 'Offshore',
      outwardPrefixes: ['GY', 'JE', 'IM', ...range('TR', 21, 25)],
      rates: bands('Regular', [4, 7], uk([699, 999, 1499, 2199, 2999])),
    },
  ],
};

/** Signature on delivery and insurance: compulsory from $500 / £400, for $12.95 / £9.95. */
export const SURCHARGE = {
  AU: { thresholdMinor: 50_000, surchargeMinor: 1295 },
  UK: { thresholdMinor: 40_000, surchargeMinor: 995 },
} as const;

/**
 * The demo's postage: one rate card per region, and per store its settings. Most stores offer
 * Express; about one in six does not; about one in four charges a small handling fee. Decided by
 * the seed and the store's id, so the same seed gives the same settings.
 */
export async function seedShipping(handle: DbCtx, stores: StoreRow[], seed: number): Promise<void> {
  const ctx = systemContext(handle, 'AU');
  await new ShippingService().replaceAll(ctx, [AU_RATE_CARD, UK_RATE_CARD], (ids) =>
    stores.map((store): StoreShippingSettingsInput => {
      const region = store.region === 'UK' ? 'UK' : 'AU';
      const random = Random.forItem(seed ^ 0x5a17, store.id);
      const surcharge = SURCHARGE[region];
      return {
        storeId: store.id,
        rateCardId: ids.get(region === 'AU' ? AU_RATE_CARD.name : UK_RATE_CARD.name) ?? 0,
        expressEnabled: !random.chance(1 / 6),
        surchargeThresholdMinor: surcharge.thresholdMinor,
        surchargeMinor: surcharge.surchargeMinor,
        handlingMinor: random.chance(0.25) ? (region === 'AU' ? 200 : 150) : 0,
      };
    }),
  );
}
