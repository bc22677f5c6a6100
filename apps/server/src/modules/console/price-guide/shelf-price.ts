/**
 * A suggested price as a shop writes it on a ticket: staff price a $408.71 median at $410, not at
 * the cent. The step grows with the price, so from $10 up the rounding moves it by at most 5%.
 * The medians and the range stay exact: they report what sold; only the suggestion is rounded.
 */
export function shelfPriceMinor(minor: number): number {
  const step = minor < 10_00 ? 50 : minor < 100_00 ? 1_00 : minor < 1_000_00 ? 5_00 : 10_00;
  return Math.max(step, Math.round(minor / step) * step);
}
