import { describe, expect, it } from 'vitest';
import { instantOf, localTime, nextRunAfter } from './schedule.js';

const SYD = 'Australia/Sydney';
const LON = 'Europe/London';
const iso = (d: Date) => d.toISOString();

describe('recurring schedules in local time', () => {
  it('runs every N seconds from the last run', () => {
    expect(iso(nextRunAfter({ every: { seconds: 10 } }, SYD, new Date('2026-11-23T00:00:00Z')))).toBe(
      '2026-11-23T00:00:10.000Z',
    );
  });

  it('runs daily at a set Sydney time, today if still ahead, else tomorrow', () => {
    // 23 Nov 2026 is summer time in Sydney (UTC+11): 06:00 local is 19:00 UTC the day before.
    const daily = { daily: { hour: 6, minute: 0 } };
    expect(iso(nextRunAfter(daily, SYD, new Date('2026-11-22T18:00:00Z')))).toBe('2026-11-22T19:00:00.000Z');
    expect(iso(nextRunAfter(daily, SYD, new Date('2026-11-22T19:00:00Z')))).toBe('2026-11-23T19:00:00.000Z');
  });

  it('keeps the local time across daylight-saving changes in Sydney and London', () => {
    const daily = { daily: { hour: 9, minute: 30 } };
    // Sydney leaves summer time at 03:00 on 5 April 2026: 09:30 on the 4th is 22:30 UTC (UTC+11),
    // 09:30 on the 5th is 23:30 UTC (UTC+10).
    expect(iso(nextRunAfter(daily, SYD, new Date('2026-04-03T20:00:00Z')))).toBe('2026-04-03T22:30:00.000Z');
    expect(iso(nextRunAfter(daily, SYD, new Date('2026-04-03T23:00:00Z')))).toBe('2026-04-04T23:30:00.000Z');
    // London starts summer time on 29 March 2026: 09:30 is 09:30 UTC before and 08:30 UTC after.
    expect(iso(nextRunAfter(daily, LON, new Date('2026-03-28T10:00:00Z')))).toBe('2026-03-29T08:30:00.000Z');
    expect(localTime(nextRunAfter(daily, LON, new Date('2026-03-29T10:00:00Z')), LON)).toMatchObject({
      hour: 9,
      minute: 30,
    });
  });

  it('moves a time inside the spring-forward gap past it, and runs a repeated autumn time once, the first time', () => {
    // London 29 March 2026: 01:00-02:00 does not exist.
    expect(iso(new Date(instantOf(LON, 2026, 3, 29, 1, 30)))).toBe('2026-03-29T01:30:00.000Z');
    // London 25 October 2026: 01:30 happens twice; the first is 00:30 UTC.
    expect(iso(new Date(instantOf(LON, 2026, 10, 25, 1, 30)))).toBe('2026-10-25T00:30:00.000Z');
    const daily = { daily: { hour: 1, minute: 30 } };
    expect(iso(nextRunAfter(daily, LON, new Date('2026-10-25T00:30:00Z')))).toBe('2026-10-26T01:30:00.000Z');
  });

  it('runs hourly at a set minute', () => {
    expect(iso(nextRunAfter({ hourly: { minute: 15 } }, SYD, new Date('2026-11-23T03:10:00Z')))).toBe(
      '2026-11-23T03:15:00.000Z',
    );
    expect(iso(nextRunAfter({ hourly: { minute: 15 } }, SYD, new Date('2026-11-23T03:15:00Z')))).toBe(
      '2026-11-23T04:15:00.000Z',
    );
  });

  it('runs weekly on a set weekday and local time', () => {
    // Monday 08:00 in London; 23 Nov 2026 is a Monday.
    const weekly = { weekly: { weekday: 1, hour: 8, minute: 0 } };
    expect(iso(nextRunAfter(weekly, LON, new Date('2026-11-23T07:00:00Z')))).toBe('2026-11-23T08:00:00.000Z');
    expect(iso(nextRunAfter(weekly, LON, new Date('2026-11-23T08:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
    expect(iso(nextRunAfter(weekly, LON, new Date('2026-11-25T12:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
  });

  it('runs monthly on a set day, on the last day of a month too short for it', () => {
    const monthly = { monthly: { day: 31, hour: 7, minute: 0 } };
    // London, winter: 31 Jan 07:00 UTC, then 28 Feb 2027, then 31 March (summer time: 06:00 UTC).
    expect(iso(nextRunAfter(monthly, LON, new Date('2027-01-15T00:00:00Z')))).toBe('2027-01-31T07:00:00.000Z');
    expect(iso(nextRunAfter(monthly, LON, new Date('2027-01-31T07:00:00Z')))).toBe('2027-02-28T07:00:00.000Z');
    expect(iso(nextRunAfter(monthly, LON, new Date('2027-02-28T07:00:00Z')))).toBe('2027-03-31T06:00:00.000Z');
    // December rolls into the next year.
    expect(iso(nextRunAfter({ monthly: { day: 1, hour: 0, minute: 0 } }, LON, new Date('2026-12-05T00:00:00Z')))).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});
