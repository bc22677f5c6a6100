/**
 * Dates as the shop writes them, "3 March 2026", without `Intl`.
 *
 * The first `Intl` date format of a page loads the runtime's locale data: about 27 ms on a slowed
 * phone, inside the product page's hydration task (the blocking time budget). The shop writes one style in two
 * English locales (en-AU and en-GB) which agree on it, so the words are spelt here. Not taken from
 * the contract's MONTH_NAMES: that module carries zod schemas, which the product page must not load.
 *
 * The day is the runtime's local day, as `toLocaleDateString` without a `timeZone` gives it: the
 * server renders in its own zone and the browser in the shopper's, exactly as before this module.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `date` as "3 March 2026" (en-AU and en-GB `{ day: 'numeric', month: 'long', year: 'numeric' }`). */
export function formatLongDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** An ISO timestamp as "3 March 2026"; a text that is not a date is shown as it came. */
export function formatLongDateText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLongDate(date);
}
