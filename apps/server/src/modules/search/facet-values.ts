/**
 * The values the index's facet columns hold that are not names: the flag bits of an item and the
 * price facet's bands. A file of their own, so that the index and the structures built over it
 * (bitmaps, word counts, the engine) read them without importing one another.
 */
export const Flag = { OnSale: 1, HasPictures: 2, Postage: 4, Pickup: 8 } as const;

/** Price bands of the price facet, in whole major units; the last is open-ended. */
export const PRICE_BANDS: { from: number; to: number | null }[] = [
  { from: 0, to: 25 },
  { from: 25, to: 50 },
  { from: 50, to: 100 },
  { from: 100, to: 250 },
  { from: 250, to: 500 },
  { from: 500, to: 1000 },
  { from: 1000, to: 2500 },
  { from: 2500, to: null },
];

export function priceBandOf(priceMinor: number): number {
  for (let i = PRICE_BANDS.length - 1; i >= 0; i--) {
    if (priceMinor >= (PRICE_BANDS[i]?.from ?? 0) * 100) return i;
  }
  return 0;
}
