import { formatCollectBy } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { storeTimeZone } from '../stores/store-time-zone.js';
import { closingMinutes, collectByDeadline, weeklyClosings } from './collect-by.js';

/** The demo's week: open every day, Sunday 10-4 (or closed). */
function week(sunday: string) {
  return [
    { Day: 'Monday', Hours: '9:00am - 5:30pm' },
    { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
    { Day: 'Wednesday', Hours: '9:00am - 5:30pm' },
    { Day: 'Thursday', Hours: '9:00am - 9:00pm' },
    { Day: 'Friday', Hours: '9:00am - 5:30pm' },
    { Day: 'Saturday', Hours: '9:00am - 5:00pm' },
    { Day: 'Sunday', Hours: sunday },
  ];
}
const OPEN_SUNDAY = week('10:00am - 4:00pm');
const CLOSED_SUNDAY = week('Closed');

const at = (iso: string) => Date.parse(iso);
const deadline = (placed: string, timeZone: string, openingHours = OPEN_SUNDAY) =>
  new Date(collectByDeadline({ placedAt: at(placed), timeZone, openingHours })).toISOString();

describe('closingMinutes', () => {
  it('reads the last time of the day as its closing time', () => {
    expect(closingMinutes('9:00am - 5:30pm')).toBe(17 * 60 + 30);
    expect(closingMinutes('9am-5pm')).toBe(17 * 60);
    expect(closingMinutes('09:00 - 17:30')).toBe(17 * 60 + 30);
    expect(closingMinutes('9.00 a.m. – 5.30 p.m.')).toBe(17 * 60 + 30);
    expect(closingMinutes('9:00am - 12:30pm, 1:30pm - 6:00pm')).toBe(18 * 60);
    expect(closingMinutes('9 - 5')).toBe(17 * 60);
    expect(closingMinutes('10am - 12am')).toBe(24 * 60);
  });

  it('answers null for a closed day or text without a time range', () => {
    expect(closingMinutes('Closed')).toBeNull();
    expect(closingMinutes('By appointment')).toBeNull();
    expect(closingMinutes('')).toBeNull();
    expect(closingMinutes('5pm - 9am')).toBeNull();
  });

  it('falls back to every day closing at 5 pm when no day says when it closes', () => {
    expect(weeklyClosings([])).toEqual(new Array(7).fill(17 * 60));
    expect(weeklyClosings(CLOSED_SUNDAY)[0]).toBeNull();
  });
});

describe('collectByDeadline', () => {
  it('Sydney: ordered before opening on Sunday, the last chance is Tuesday at closing (not Wednesday 5:27 am)', () => {
    // Sunday 29 November 2026, 5:27 am in Sydney (AEDT, UTC+11).
    const due = deadline('2026-11-28T18:27:00Z', 'Australia/Sydney');
    expect(due).toBe('2026-12-01T06:30:00.000Z');
    expect(formatCollectBy(due, 'Australia/Sydney')).toBe('Tuesday 1 December, 5:30 pm');
  });

  it('a store closed on Sunday does not count Sunday', () => {
    const due = deadline('2026-11-28T18:27:00Z', 'Australia/Sydney', CLOSED_SUNDAY);
    expect(formatCollectBy(due, 'Australia/Sydney')).toBe('Wednesday 2 December, 5:30 pm');
  });

  it('the day of the order counts only while the store is still open', () => {
    // Monday 30 November, 6 pm in Sydney: closed for the day, so Tuesday, Wednesday, Thursday (late night).
    const due = deadline('2026-11-30T07:00:00Z', 'Australia/Sydney');
    expect(formatCollectBy(due, 'Australia/Sydney')).toBe('Thursday 3 December, 9:00 pm');
    // Monday at 5:29 pm the store is still open: Monday counts.
    const before = deadline('2026-11-30T06:29:00Z', 'Australia/Sydney');
    expect(formatCollectBy(before, 'Australia/Sydney')).toBe('Wednesday 2 December, 5:30 pm');
  });

  it('Perth: the closing time is Perth time (UTC+8, no daylight saving)', () => {
    // Monday 30 November 2026, 10 am in Perth.
    const due = deadline('2026-11-30T02:00:00Z', storeTimeZone({ region: 'AU', state: 'WA' }));
    expect(due).toBe('2026-12-02T09:30:00.000Z');
    expect(formatCollectBy(due, 'Australia/Perth')).toBe('Wednesday 2 December, 5:30 pm');
    // A Sydney shopper's evening is still Perth's afternoon: the order's day counts.
    expect(deadline('2026-11-30T08:00:00Z', 'Australia/Perth')).toBe('2026-12-02T09:30:00.000Z');
  });

  it('Adelaide: half an hour off the eastern states (ACDT, UTC+10:30)', () => {
    const due = deadline('2026-11-30T00:00:00Z', storeTimeZone({ region: 'AU', state: 'SA' }));
    expect(due).toBe('2026-12-02T07:00:00.000Z');
    expect(formatCollectBy(due, 'Australia/Adelaide')).toBe('Wednesday 2 December, 5:30 pm');
  });

  it('Sydney across the start of daylight saving (Sunday 4 October 2026)', () => {
    // Friday 2 October, 10 am AEST: Friday, Saturday, Sunday, which closes at 4 pm AEDT.
    const due = deadline('2026-10-02T00:00:00Z', 'Australia/Sydney');
    expect(due).toBe('2026-10-04T05:00:00.000Z');
    expect(formatCollectBy(due, 'Australia/Sydney')).toBe('Sunday 4 October, 4:00 pm');
  });

  it('London across the end of British Summer Time (Sunday 25 October 2026), closed on Sunday', () => {
    const london = storeTimeZone({ region: 'UK', state: 'LND' });
    expect(london).toBe('Europe/London');
    // Friday 23 October, 6 pm BST (after closing): Saturday (BST), Monday and Tuesday (GMT).
    const due = deadline('2026-10-23T17:00:00Z', london, CLOSED_SUNDAY);
    expect(due).toBe('2026-10-27T17:30:00.000Z');
    expect(formatCollectBy(due, london)).toBe('Tuesday 27 October, 5:30 pm');
    // Thursday 22 October, 10 am BST: Thursday, Friday, Saturday at 5 pm BST (4 pm UTC).
    expect(deadline('2026-10-22T09:00:00Z', london, CLOSED_SUNDAY)).toBe('2026-10-24T16:00:00.000Z');
  });

  it('a store open one day a week holds for three of those days', () => {
    const mondays = [{ Day: 'Monday', Hours: '9am - 5pm' }];
    const due = deadline('2026-11-30T00:00:00Z', 'Australia/Sydney', mondays);
    expect(formatCollectBy(due, 'Australia/Sydney')).toBe('Monday 14 December, 5:00 pm');
  });
});
