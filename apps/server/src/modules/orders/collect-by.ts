import { instantOf, localTime } from '../jobs/schedule.js';
import { openingHoursOf, openingRange } from '../stores/opening-hours.js';

/**
 * When a pickup must be collected by. The store holds a pickup for PICKUP_WINDOW_OPENING_DAYS of
 * its own opening days, and the last chance is its closing time on the last of them, in the
 * store's time zone: a day it is closed does not count, and neither does the day of the order
 * once the store has closed that day. (The shop used to add 72 hours to the order's time, which
 * could land in the middle of the night or on a day the store is shut.) Pure functions.
 */

/** The pickup window, in the store's opening days (the shop's long-standing "3 days"). */
export const PICKUP_WINDOW_OPENING_DAYS = 3;

/** Used when none of a store's days say when it closes (a new store with no hours yet). */
const DEFAULT_CLOSING_MINUTES = 17 * 60;

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The closing time of a day's hours as shoppers read them ('9:00am - 5:30pm', '9am-5pm',
 * '09:00 - 17:30', '9:00am - 12:30pm, 1:30pm - 5:00pm'), in minutes after midnight: the last time
 * written. Null when the day is closed or the text names no time range ('Closed', 'By appointment').
 * The stores module reads the hours (its store finder says "open now" from the same reading).
 */
export function closingMinutes(hours: string): number | null {
  return openingRange(hours)?.closing ?? null;
}

/** Closing time (minutes after midnight) per weekday, 0 Sunday ... 6 Saturday; null when closed. */
export function weeklyClosings(openingHours: readonly { Day: string; Hours: string }[]): (number | null)[] {
  const week: (number | null)[] = [null, null, null, null, null, null, null];
  for (const row of openingHours) {
    const day = DAY_NAMES.indexOf(row.Day.trim().toLowerCase());
    if (day >= 0) week[day] = closingMinutes(row.Hours);
  }
  // No day says when the store closes: every day counts, closing at 5 pm, rather than no deadline.
  return week.some((c) => c !== null) ? week : week.map(() => DEFAULT_CLOSING_MINUTES);
}

/** A store's week as kept (JSON [{ Day, Hours }]); an unreadable one is no hours (then the fallback above). */
export { openingHoursOf };

export interface CollectByInput {
  /** When the order was placed (epoch ms). */
  placedAt: number;
  /** The store's IANA time zone. */
  timeZone: string;
  /** The store's week as kept ([{ Day: 'Monday', Hours: '9:00am - 5:30pm' }, ...]). */
  openingHours: readonly { Day: string; Hours: string }[];
  openingDays?: number;
}

/** The last moment to collect (epoch ms): the store's closing time on the window's last opening day. */
export function collectByDeadline(input: CollectByInput): number {
  const closings = weeklyClosings(input.openingHours);
  const wanted = input.openingDays ?? PICKUP_WINDOW_OPENING_DAYS;
  const today = localTime(new Date(input.placedAt), input.timeZone);
  let counted = 0;
  // At least one day a week is open, so the window ends within wanted weeks (and a day).
  for (let offset = 0; offset <= 7 * wanted + 1; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const closing = closings[date.getUTCDay()];
    if (closing === null || closing === undefined) continue;
    const closesAt = instantOf(
      input.timeZone,
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      Math.floor(closing / 60),
      closing % 60,
    );
    // The order's own day counts only while the store is still open that day.
    if (closesAt <= input.placedAt) continue;
    counted++;
    if (counted === wanted) return closesAt;
  }
  throw new RangeError('No opening day in the pickup window');
}
