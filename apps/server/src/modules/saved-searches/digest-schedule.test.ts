import { AlertFrequency } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { digestPeriodStart } from './digest-schedule.js';

const start = (frequency: number, zone: string, now: string) =>
  new Date(digestPeriodStart(frequency, zone, Date.parse(now))).toISOString();

describe('digest periods in the region time zone', () => {
  it('daily at 07:00 in Sydney, summer (AEDT) and winter (AEST)', () => {
    expect(start(AlertFrequency.Daily, 'Australia/Sydney', '2026-06-10T21:30:00Z')).toBe('2026-06-10T21:00:00.000Z');
    expect(start(AlertFrequency.Daily, 'Australia/Sydney', '2026-06-10T21:00:00Z')).toBe('2026-06-10T21:00:00.000Z');
    expect(start(AlertFrequency.Daily, 'Australia/Sydney', '2026-06-10T20:59:59Z')).toBe('2026-06-09T21:00:00.000Z');
    expect(start(AlertFrequency.Daily, 'Australia/Sydney', '2026-01-15T19:00:00Z')).toBe('2026-01-14T20:00:00.000Z');
  });

  it('hourly on the hour', () => {
    expect(start(AlertFrequency.Hourly, 'Australia/Sydney', '2026-06-10T21:59:59Z')).toBe('2026-06-10T21:00:00.000Z');
    expect(start(AlertFrequency.Hourly, 'Europe/London', '2026-03-29T01:30:00Z')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('weekly on Monday at 07:00 and monthly on the 1st at 07:00 in London (GMT and BST)', () => {
    // Wednesday 25 November 2026 -> Monday 23rd, 07:00 GMT.
    expect(start(AlertFrequency.Weekly, 'Europe/London', '2026-11-25T12:00:00Z')).toBe('2026-11-23T07:00:00.000Z');
    // Monday before 07:00 belongs to the week before.
    expect(start(AlertFrequency.Weekly, 'Europe/London', '2026-11-23T06:59:00Z')).toBe('2026-11-16T07:00:00.000Z');
    expect(start(AlertFrequency.Monthly, 'Europe/London', '2026-07-15T10:00:00Z')).toBe('2026-07-01T06:00:00.000Z');
    expect(start(AlertFrequency.Monthly, 'Australia/Sydney', '2026-03-01T00:00:00Z')).toBe('2026-02-28T20:00:00.000Z');
  });

  it('Never has no period', () => {
    expect(() => digestPeriodStart(AlertFrequency.None, 'Europe/London', Date.now())).toThrow(RangeError);
  });
});
