import { AlertFrequency } from '@shop/contract';
import { type Cadence, nextRunAfter } from '../jobs/schedule.js';

/** The job that finds the searches of one frequency that are due and queues one digest job each. */
export const DIGEST_RUN_JOB = 'saved-searches.digest-run';
/** The job that sends one saved search's digest for one period (keyed `digest:{searchId}:{periodStart}`). */
export const DIGEST_SEND_JOB = 'saved-searches.digest';

/**
 * When each frequency's digests go out, in the region's local time (Australia/Sydney, Europe/London):
 * hourly on the hour, daily at 07:00, weekly on Monday at 07:00, monthly on the 1st at 07:00.
 * Never (0) has no cadence: it sends nothing.
 */
export const DIGEST_CADENCES: Record<number, Cadence> = {
  [AlertFrequency.Hourly]: { hourly: { minute: 0 } },
  [AlertFrequency.Daily]: { daily: { hour: 7, minute: 0 } },
  [AlertFrequency.Weekly]: { weekly: { weekday: 1, hour: 7, minute: 0 } },
  [AlertFrequency.Monthly]: { monthly: { day: 1, hour: 7, minute: 0 } },
};

/** Longer than one period of each cadence (months have 31 days at most, plus a daylight-saving hour). */
const LOOK_BACK_MS: Record<number, number> = {
  [AlertFrequency.Hourly]: 2 * 3_600_000,
  [AlertFrequency.Daily]: 2 * 86_400_000,
  [AlertFrequency.Weekly]: 8 * 86_400_000,
  [AlertFrequency.Monthly]: 32 * 86_400_000,
};

/** The schedule name of one frequency's digest run (one job_schedules row each). */
export function digestScheduleName(frequency: number): string {
  return `${DIGEST_RUN_JOB}.${frequency}`;
}

/**
 * The start of the period a run at `now` belongs to: the latest time the frequency's cadence was due
 * at or before `now`. A run that is late (a worker was down), retried or repeated after a restart
 * gets the same period, so a period's digest has one job key whoever runs it.
 */
export function digestPeriodStart(frequency: number, timeZone: string, now: number): number {
  const cadence = DIGEST_CADENCES[frequency];
  const lookBack = LOOK_BACK_MS[frequency];
  if (!cadence || !lookBack) throw new RangeError(`No digest for frequency ${frequency}`);
  let due = nextRunAfter(cadence, timeZone, new Date(now - lookBack)).getTime();
  if (due > now) throw new RangeError('look-back shorter than a period');
  for (;;) {
    const next = nextRunAfter(cadence, timeZone, new Date(due)).getTime();
    if (next > now) return due;
    due = next;
  }
}
