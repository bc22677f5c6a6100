/**
 * Recurring cadences and the next time each is due, in a shop's local time (Australia/Sydney,
 * Europe/London...), daylight saving included. Pure functions, so they are tested directly.
 */
export type Cadence =
  | { every: { seconds: number } }
  | { hourly: { minute: number } }
  | { daily: { hour: number; minute: number } }
  /** weekday: 0 Sunday ... 6 Saturday. */
  | { weekly: { weekday: number; hour: number; minute: number } }
  /** day 1-31; a month without that day runs on its last day. */
  | { monthly: { day: number; hour: number; minute: number } };

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock time in `timeZone` at instant `at`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = new Map(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const number = (type: Intl.DateTimeFormatPartTypes) => Number(parts.get(type));
  return {
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
    second: number('second'),
    weekday: WEEKDAYS.indexOf(parts.get('weekday') ?? ''),
  };
}

/** Milliseconds `timeZone` is ahead of UTC at instant `at`. */
function offsetAt(at: number, timeZone: string): number {
  const local = localTime(new Date(at), timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `timeZone` names. A time skipped by a daylight-saving change
 * (02:30 on the spring-forward night) comes out as the same distance after the gap; a repeated
 * time (autumn) as its first occurrence.
 */
export function instantOf(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = wall - offsetAt(wall - 86_400_000, timeZone);
  const after = wall - offsetAt(wall + 86_400_000, timeZone);
  const valid = [before, after].filter((instant) => instant + offsetAt(instant, timeZone) === wall);
  // Both valid: the autumn hour that happens twice, take the first. Neither: the spring gap.
  return valid.length > 0 ? Math.min(...valid) : before;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A local calendar date `days` after the given one (plain calendar arithmetic, no time zone). */
function addDays(year: number, month: number, day: number, days: number) {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The first time after `after` that `cadence` is due, in `timeZone`'s local time. */
export function nextRunAfter(cadence: Cadence, timeZone: string, after: Date): Date {
  const t = after.getTime();
  if ('every' in cadence) {
    if (!(cadence.every.seconds >= 1)) throw new RangeError('every.seconds must be at least 1');
    return new Date(t + cadence.every.seconds * 1000);
  }
  const now = localTime(after, timeZone);
  if ('hourly' in cadence) {
    // This hour's minute in local time, or the next hour's (hours are whole in every shop's zone).
    const thisHour = instantOf(timeZone, now.year, now.month, now.day, now.hour, cadence.hourly.minute);
    const candidate = thisHour > t ? thisHour : thisHour + 3_600_000;
    return new Date(candidate > t ? candidate : candidate + 3_600_000);
  }
  if ('daily' in cadence) {
    for (let d = 0; d <= 2; d++) {
      const date = addDays(now.year, now.month, now.day, d);
      const candidate = instantOf(timeZone, date.year, date.month, date.day, cadence.daily.hour, cadence.daily.minute);
      if (candidate > t) return new Date(candidate);
    }
  }
  if ('weekly' in cadence) {
    const { weekday, hour, minute } = cadence.weekly;
    for (let d = 0; d <= 8; d++) {
      const date = addDays(now.year, now.month, now.day, d);
      if ((now.weekday + d) % 7 !== weekday) continue;
      const candidate = instantOf(timeZone, date.year, date.month, date.day, hour, minute);
      if (candidate > t) return new Date(candidate);
    }
  }
  if ('monthly' in cadence) {
    const { day, hour, minute } = cadence.monthly;
    for (let m = 0; m <= 2; m++) {
      const month = ((now.month - 1 + m) % 12) + 1;
      const year = now.year + Math.floor((now.month - 1 + m) / 12);
      const candidate = instantOf(timeZone, year, month, Math.min(day, daysInMonth(year, month)), hour, minute);
      if (candidate > t) return new Date(candidate);
    }
  }
  throw new RangeError(`Cannot schedule ${JSON.stringify(cadence)}`);
}

/** Checks a cadence's numbers before it is stored. */
export function validateCadence(cadence: Cadence): void {
  const within = (value: number, low: number, high: number, name: string) => {
    if (!Number.isInteger(value) || value < low || value > high) throw new RangeError(`${name} must be ${low}-${high}`);
  };
  if ('every' in cadence) within(cadence.every.seconds, 1, 31 * 24 * 3600, 'every.seconds');
  if ('hourly' in cadence) within(cadence.hourly.minute, 0, 59, 'minute');
  for (const part of ['daily', 'weekly', 'monthly'] as const) {
    if (part in cadence) {
      const value = (cadence as Record<string, { hour: number; minute: number }>)[part] as {
        hour: number;
        minute: number;
      };
      within(value.hour, 0, 23, 'hour');
      within(value.minute, 0, 59, 'minute');
    }
  }
  if ('weekly' in cadence) within(cadence.weekly.weekday, 0, 6, 'weekday');
  if ('monthly' in cadence) within(cadence.monthly.day, 1, 31, 'day');
}
