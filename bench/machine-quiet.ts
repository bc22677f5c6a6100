/**
 * Waiting for a quiet machine before a measurement that the machine's load moves, and reading how
 * busy it was (bench/lighthouse.ts). The budget's judged runs no longer wait: they read the machine
 * for a second before each run and record it (`busyShareOver`); the quiet-gated runs recorded beside
 * them (`--also-quiet`) wait as below.
 *
 * Lighthouse's total blocking time is the page's main-thread time as measured, times its 4x CPU
 * slowdown: on a shared two-core machine, whatever else runs during a load is counted four times
 * over as the page's own. Straight after the journeys of a clean-checkout run, the first runs met
 * a machine still busy with what the journeys left behind, and missed the budget that later runs
 * of the same build met. Waiting until the processors are idle changes when a run starts, never
 * what it measures or the budget it is judged against.
 *
 * The reading is the share of all cores' time spent busy over a short window, from the kernel's
 * per-core counters (`os.cpus()`), rather than the load average: the load average decays over a
 * minute and reads high long after the work has stopped.
 */
import os from 'node:os';

/** Busy and total processor time over all cores since boot, ms. */
export interface CpuTimes {
  busy: number;
  total: number;
}

export function cpuTimes(cpus: os.CpuInfo[] = os.cpus()): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** The share (0-1) of all cores' time spent busy between two readings. */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (after.busy - before.busy) / total));
}

export interface QuietRule {
  /** A window counts as quiet when its busy share is below this (0-1). */
  busyBelow: number;
  /** How many quiet windows in a row make the machine quiet. */
  windows: number;
}

/** Whether the last `rule.windows` readings were all quiet. */
export function isQuiet(shares: number[], rule: QuietRule): boolean {
  if (shares.length < rule.windows) return false;
  return shares.slice(-rule.windows).every((share) => share < rule.busyBelow);
}

export interface QuietWait {
  /** Whether the machine became quiet before the time ran out. */
  quiet: boolean;
  waitedMs: number;
  /** The busy share of each window read, 0-1. */
  shares: number[];
}

export interface WaitOptions extends QuietRule {
  windowMs: number;
  /** Give up after this long and measure anyway (the caller says so in its figures). */
  maxWaitMs: number;
  /** Reads the processors' counters; `cpuTimes` unless a test gives its own. */
  read?: () => CpuTimes;
  sleep?: (ms: number) => Promise<void>;
}

/** The rule bench/lighthouse.ts waits for: under a tenth of the machine busy for 3 s running. */
export const LIGHTHOUSE_QUIET: QuietRule & { windowMs: number } = { busyBelow: 0.1, windows: 3, windowMs: 1000 };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads the processors every `windowMs` until `windows` readings in a row are quiet, or time runs out. */
export async function waitUntilQuiet(options: WaitOptions): Promise<QuietWait> {
  const read = options.read ?? cpuTimes;
  const sleep = options.sleep ?? pause;
  const shares: number[] = [];
  let waitedMs = 0;
  let before = read();
  while (waitedMs < options.maxWaitMs) {
    await sleep(options.windowMs);
    waitedMs += options.windowMs;
    const after = read();
    shares.push(busyShare(before, after));
    before = after;
    if (isQuiet(shares, options)) return { quiet: true, waitedMs, shares };
  }
  return { quiet: false, waitedMs, shares };
}

/**
 * The longest a quiet-gated run waits: all of `maxWaitMs` before the first (straight after the
 * journeys of a clean-checkout run, 5 minutes by default), a third of it before each later one (a
 * run's own browser work settles within seconds).
 */
export function quietWaitLimit(maxWaitMs: number, firstGatedRun: boolean): number {
  return firstGatedRun ? maxWaitMs : maxWaitMs / 3;
}

/**
 * How busy the machine is now: the busy share over one window, read and returned, never waited on
 * (a run without a quiet gate records the machine it started on).
 */
export async function busyShareOver(options: {
  windowMs: number;
  read?: () => CpuTimes;
  sleep?: (ms: number) => Promise<void>;
}): Promise<number> {
  const read = options.read ?? cpuTimes;
  const sleep = options.sleep ?? pause;
  const before = read();
  await sleep(options.windowMs);
  return busyShare(before, read());
}
