import { REGION_INFO, type Region } from './regions.js';

/**
 * Formats integer minor units (cents or pence) for display: region symbol, thousands separators,
 * always two decimals. Money is only ever a string at this last step.
 */
export function formatMoney(minorUnits: number, region: Region): string {
  if (!Number.isInteger(minorUnits)) {
    throw new RangeError(`Money must be whole minor units, got ${minorUnits}`);
  }
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  const major = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const minor = (abs % 100).toString().padStart(2, '0');
  return `${sign}${REGION_INFO[region].currencySymbol}${major}.${minor}`;
}
