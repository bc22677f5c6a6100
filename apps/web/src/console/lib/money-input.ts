/** The largest amount a field takes, in minor units (a million dollars or pounds). */
export const MAX_MINOR = 100_000_000;

/** Dollars or pounds as typed ('12.50', '$1,299', '£5') to whole minor units; null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const clean = text.trim().replace(/^[$£]/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units back to what the field shows ('1299.50'): no symbol, no separators. */
export function moneyText(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}
