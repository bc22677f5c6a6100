import type { Region } from '@shop/contract';
import { functionalStorage } from './consent';

/**
 * The shopper's postcode, once known: typed in a product page's postage box or used for a
 * checkout's delivery estimate. Product pages quote it straight away. Kept for the visit in
 * memory, and across visits in functional storage (only with the shopper's consent), per region.
 */
const inMemory: Partial<Record<Region, string>> = {};
const keyOf = (region: Region) => `postcode-${region}`;

export function rememberedPostcode(region: Region): string | null {
  return inMemory[region] ?? functionalStorage.get(keyOf(region));
}

export function rememberPostcode(region: Region, postcode: string): void {
  const value = postcode.trim().toUpperCase();
  if (value === '') return;
  inMemory[region] = value;
  functionalStorage.set(keyOf(region), value);
}
