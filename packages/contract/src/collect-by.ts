import { z } from 'zod';
import type { Region } from './regions.js';

/**
 * "Collect by": the last moment a pickup can be collected, which is a store's closing time on
 * the last day of its pickup window, in the store's own time zone. The server works it out once,
 * when the order is placed, and sends the instant with the store's zone; every page and e-mail
 * formats it with formatCollectBy, so the shopper reads the same words everywhere, in the store's
 * local time (whatever zone the shopper's browser or mail client is in).
 */
export const CollectBySchema = z.object({
  /** ISO 8601 (UTC): the store's closing time on the last day. */
  At: z.string(),
  /** The store's IANA time zone ('Australia/Perth', 'Europe/London'). */
  TimeZone: z.string(),
});
export type CollectBy = z.infer<typeof CollectBySchema>;

export const COLLECT_BY_LABEL = 'Collect by';

/** What to bring to collect a pickup, in the region's words for a driving licence. */
export const PICKUP_ID_TEXT: Record<Region, string> = {
  AU: 'Bring photo ID (driver licence or passport) and your order number.',
  UK: 'Bring photo ID (driving licence or passport) and your order number.',
};

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The months as the shop writes them in both regions (en-AU and en-GB agree). */
const MONTH_NAMES = [
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
];

/**
 * "Tuesday 1 December, 5:30 pm" in `timeZone`. Built from the numbers Intl gives, not from its
 * wording, so the server's e-mail, the server-rendered page and the browser say exactly the same
 * thing whatever their ICU data. An unreadable instant or zone comes back as given.
 */
export function formatCollectBy(at: string, timeZone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  let parts: Map<string, string>;
  try {
    parts = new Map(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(date)
        .map((p) => [p.type, p.value]),
    );
  } catch {
    return at;
  }
  const year = Number(parts.get('year'));
  const month = Number(parts.get('month'));
  const day = Number(parts.get('day'));
  const hour = Number(parts.get('hour')) % 24;
  const minute = Number(parts.get('minute'));
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
  return `${weekday} ${day} ${MONTH_NAMES[month - 1]}, ${clock}`;
}

export const ID_CHECK_REQUIRED_MESSAGE = "Confirm you have checked the customer's photo ID";
export const PAYMENT_TAKEN_REQUIRED_MESSAGE = 'Confirm the payment was taken';

/**
 * POST /c3api/console/stores/:storeId/orders/:reference/collected: the staff member confirms the
 * ID check (always) and, for an order paid in store, that the amount was taken. The server refuses
 * the move without them (400), so the check cannot be skipped by calling the route directly.
 */
export const ConsoleCollectBodySchema = z.object({
  IdChecked: z.literal(true, { message: ID_CHECK_REQUIRED_MESSAGE }),
  /** Required (true) for an order paid in store; ignored for one paid online. */
  PaymentTaken: z.boolean().optional(),
});
export type ConsoleCollectBody = z.infer<typeof ConsoleCollectBodySchema>;
