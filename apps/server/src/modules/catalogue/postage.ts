import type { Region } from '@shop/contract';

/**
 * Postage by weight. Heavier or bulkier items (televisions, bikes, pianos) are pickup only.
 * Amounts are minor units per region.
 */
export const MAX_POSTABLE_GRAMS = 8000;

const BANDS: { upToGrams: number; AU: number; UK: number }[] = [
  { upToGrams: 500, AU: 995, UK: 399 },
  { upToGrams: 3000, AU: 1495, UK: 699 },
  { upToGrams: MAX_POSTABLE_GRAMS, AU: 2495, UK: 1299 },
];

/** The postage cost in minor units, or null when the item cannot be posted. */
export function postageCost(weightGrams: number, region: Region): number | null {
  for (const band of BANDS) if (weightGrams <= band.upToGrams) return band[region];
  return null;
}
