/**
 * Whole numbers with thousands separators, "12,345", without `Intl`.
 *
 * `toLocaleString('en')` loads the runtime's number-format data on its first call: 70-95 ms on a
 * phone-speed CPU (4x slowdown), inside the search and product pages' hydration task (the
 * total blocking time budget). Counts, lengths and price-band bounds are whole numbers, so the grouping
 * is written here; anything else keeps `toLocaleString('en')`, which gives the same text.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  const digits = String(Math.abs(n));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${group},${grouped}` : group;
  }
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}
