import type { Region } from '@shop/contract';

/** "Saturday 28 November 2026 at 5:00 pm" in the shopper's time zone, in the region's style. */
export function formatHoldUntil(iso: string, region: Region): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = region === 'AU' ? 'en-AU' : 'en-GB';
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true }).format(date);
  return `${day} at ${time}`;
}

/** The date the order was placed, without the time. */
export function formatOrderDate(iso: string, region: Region): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(region === 'AU' ? 'en-AU' : 'en-GB', { dateStyle: 'long' }).format(date);
}
