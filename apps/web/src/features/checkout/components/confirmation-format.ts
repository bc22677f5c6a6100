import type { Region } from '@shop/contract';

/** The date the order was placed, without the time. */
export function formatOrderDate(iso: string, region: Region): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(region === 'AU' ? 'en-AU' : 'en-GB', { dateStyle: 'long' }).format(date);
}
