import { localTime } from '../jobs/schedule.js';

/**
 * A store's opening hours as kept ([{ Day: 'Monday', Hours: '9:00am - 5:30pm' }, ...], the text
 * the store console saves) read as times: the one reading of them, for the store finder's "open
 * now" and today's hours, and for the pickup window's closing times (orders/collect-by.ts).
 */

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * A day's hours as shoppers read them ('9:00am - 5:30pm', '9am-5pm', '09:00 - 17:30',
 * '9:00am - 12:30pm, 1:30pm - 5:00pm') as the first and the last time written, in minutes after
 * midnight. Null when the day is closed or the text names no time range ('Closed', 'By appointment').
 */
export function openingRange(hours: string): { opening: number; closing: number } | null {
  const times = [...hours.matchAll(/(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?/gi)].map((m) => ({
    hour: Number(m[1]),
    minute: m[2] === undefined ? 0 : Number(m[2]),
    half: m[3] ? m[3].toLowerCase().replace(/\./g, '') : null,
  }));
  if (times.length < 2) return null;
  const toMinutes = (t: { hour: number; minute: number; half: string | null }) => {
    if (t.hour > 24 || t.minute > 59) return null;
    if (t.half === null) return t.hour * 60 + t.minute;
    if (t.hour < 1 || t.hour > 12) return null;
    const hour = (t.hour % 12) + (t.half === 'pm' ? 12 : 0);
    return hour * 60 + t.minute;
  };
  const opening = toMinutes(times[0] as (typeof times)[number]);
  let closing = toMinutes(times[times.length - 1] as (typeof times)[number]);
  if (opening === null || closing === null) return null;
  const last = times[times.length - 1] as (typeof times)[number];
  // '9 - 5' without am/pm: a closing time before the opening one is in the afternoon.
  if (last.half === null && closing <= opening && closing + 12 * 60 <= 24 * 60) closing += 12 * 60;
  // Closing at '12am' is midnight at the end of the day.
  if (closing === 0 && last.half === 'am') closing = 24 * 60;
  return closing > opening ? { opening, closing } : null;
}

/** A store's week as kept (JSON [{ Day, Hours }]); an unreadable one is no hours. */
export function openingHoursOf(store: { opening_hours: string } | null): { Day: string; Hours: string }[] {
  if (!store) return [];
  try {
    const rows = JSON.parse(store.opening_hours) as { Day?: unknown; Hours?: unknown }[];
    return Array.isArray(rows)
      ? rows.flatMap((r) =>
          typeof r?.Day === 'string' && typeof r?.Hours === 'string' ? [{ Day: r.Day, Hours: r.Hours }] : [],
        )
      : [];
  } catch {
    return [];
  }
}

/** The row of the week for a weekday (0 Sunday ... 6 Saturday), if the store lists that day. */
export function hoursOnWeekday(
  openingHours: readonly { Day: string; Hours: string }[],
  weekday: number,
): { Day: string; Hours: string } | undefined {
  return openingHours.find((row) => DAY_NAMES.indexOf(row.Day.trim().toLowerCase()) === weekday);
}

/** "9:00 am", "5:30 pm", "12:00 pm" (noon), "12:00 am" (midnight, at either end of the day). */
export function formatClock(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

export interface StoreToday {
  /** Open at this moment, by its hours for today in its own time zone. */
  openNow: boolean;
  /**
   * Today's line: "9:00 am - 5:30 pm", "Closed", the store's own words when they name no times
   * ("By appointment"), or '' when the store lists no hours at all (a new store).
   */
  todayHours: string;
}

/**
 * Whether the store is open at `now` and its hours for that day, in the store's zone (a Perth
 * store read by a Sydney server at 6 pm Sydney time is open at 3 pm Perth time). Split hours
 * ('9am - 12:30pm, 1:30pm - 5pm') count as open from the first time to the last.
 */
export function storeToday(
  openingHours: readonly { Day: string; Hours: string }[],
  timeZone: string,
  now: number,
): StoreToday {
  if (openingHours.length === 0) return { openNow: false, todayHours: '' };
  const local = localTime(new Date(now), timeZone);
  const row = hoursOnWeekday(openingHours, local.weekday);
  if (!row) return { openNow: false, todayHours: 'Closed' };
  const range = openingRange(row.Hours);
  if (!range) {
    const words = row.Hours.trim();
    return { openNow: false, todayHours: words === '' || /^closed$/i.test(words) ? 'Closed' : words };
  }
  const minutes = local.hour * 60 + local.minute;
  return {
    openNow: minutes >= range.opening && minutes < range.closing,
    todayHours: `${formatClock(range.opening)} - ${formatClock(range.closing)}`,
  };
}
