import { describe, expect, it } from 'vitest';
import { formatClock, openingHoursOf, openingRange, storeToday } from './opening-hours.js';

const WEEK = [
  { Day: 'Monday', Hours: '9:00am - 5:30pm' },
  { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Wednesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Thursday', Hours: '9:00am - 9:00pm' },
  { Day: 'Friday', Hours: '9:00am - 5:30pm' },
  { Day: 'Saturday', Hours: '9:00am - 5:00pm' },
  { Day: 'Sunday', Hours: 'Closed' },
];
const at = (iso: string) => Date.parse(iso);

describe('openingRange', () => {
  it('reads the first and last time of the day', () => {
    expect(openingRange('9:00am - 5:30pm')).toEqual({ opening: 9 * 60, closing: 17 * 60 + 30 });
    expect(openingRange('09:00 - 17:30')).toEqual({ opening: 9 * 60, closing: 17 * 60 + 30 });
    expect(openingRange('9:00am - 12:30pm, 1:30pm - 6:00pm')).toEqual({ opening: 9 * 60, closing: 18 * 60 });
    expect(openingRange('Closed')).toBeNull();
    expect(openingRange('By appointment')).toBeNull();
  });

  it('formats times as the shop writes them', () => {
    expect(formatClock(9 * 60)).toBe('9:00 am');
    expect(formatClock(17 * 60 + 30)).toBe('5:30 pm');
    expect(formatClock(12 * 60)).toBe('12:00 pm');
    expect(formatClock(24 * 60)).toBe('12:00 am');
  });
});

describe("storeToday, in the store's own zone", () => {
  it('open: Monday 10 am in Sydney', () => {
    // Monday 30 November 2026, 10:00 AEDT (UTC+11).
    expect(storeToday(WEEK, 'Australia/Sydney', at('2026-11-29T23:00:00Z'))).toEqual({
      openNow: true,
      todayHours: '9:00 am - 5:30 pm',
    });
  });

  it('after closing: Monday 6 pm in Sydney; the opening minute counts, the closing one does not', () => {
    expect(storeToday(WEEK, 'Australia/Sydney', at('2026-11-30T07:00:00Z'))).toEqual({
      openNow: false,
      todayHours: '9:00 am - 5:30 pm',
    });
    expect(storeToday(WEEK, 'Australia/Sydney', at('2026-11-29T22:00:00Z')).openNow).toBe(true);
    expect(storeToday(WEEK, 'Australia/Sydney', at('2026-11-30T06:30:00Z')).openNow).toBe(false);
  });

  it('a closed day: Sunday noon in Sydney', () => {
    expect(storeToday(WEEK, 'Australia/Sydney', at('2026-11-29T01:00:00Z'))).toEqual({
      openNow: false,
      todayHours: 'Closed',
    });
  });

  it('another zone: at 6 pm in Sydney a Perth store is open (3 pm there), at 10 am Sydney it is not yet (7 am)', () => {
    expect(storeToday(WEEK, 'Australia/Perth', at('2026-11-30T07:00:00Z')).openNow).toBe(true);
    expect(storeToday(WEEK, 'Australia/Perth', at('2026-11-29T23:00:00Z')).openNow).toBe(false);
  });

  it("the day is the store's: Monday 8 am in Sydney is still Sunday evening in London", () => {
    // 2026-11-29T21:00Z: Monday 8:00 in Sydney, Sunday 21:00 in London (GMT).
    expect(storeToday(WEEK, 'Europe/London', at('2026-11-29T21:00:00Z'))).toEqual({
      openNow: false,
      todayHours: 'Closed',
    });
    expect(storeToday(WEEK, 'Australia/Sydney', at('2026-11-29T21:00:00Z')).todayHours).toBe('9:00 am - 5:30 pm');
  });

  it("a day without times keeps the store's words; a store without hours says nothing", () => {
    const week = [{ Day: 'Monday', Hours: 'By appointment' }];
    expect(storeToday(week, 'Australia/Sydney', at('2026-11-29T23:00:00Z'))).toEqual({
      openNow: false,
      todayHours: 'By appointment',
    });
    expect(storeToday(week, 'Australia/Sydney', at('2026-11-30T23:00:00Z'))).toEqual({
      openNow: false,
      todayHours: 'Closed',
    });
    expect(storeToday([], 'Australia/Sydney', at('2026-11-29T23:00:00Z'))).toEqual({ openNow: false, todayHours: '' });
    expect(openingHoursOf({ opening_hours: 'not json' })).toEqual([]);
  });
});
