/**
 * Interaction to Next Paint from Chromium's own Event Timing entries (bench/interactions.bench.ts).
 *
 * The definition web-vitals uses: every 'event' entry (and the 'first-input' one) that carries an
 * interactionId belongs to that interaction (a tap's pointerdown, pointerup and click; a key's
 * keydown and keyup), and the interaction's latency is the longest duration among its entries:
 * from the input's timestamp to the next paint after its handlers ran. The entries are read in the
 * page, so what is counted is what the slowed renderer actually did, not a simulation.
 */

/** The budget for one interaction at 4x CPU slowdown (issue: quick interactions). */
export const INTERACTION_BUDGET_MS = 100;

/** What the page records of one Event Timing entry. */
export interface EventEntry {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  /** The target element, shortly (`button "Filter"`), for reading a slow run. */
  target: string;
}

export interface Interaction {
  id: number;
  startTime: number;
  /** The interaction's latency: its longest entry's duration (ms, 8 ms granularity). */
  durationMs: number;
  /** From the input to its first handler (the main thread busy with something else); this and the next two are of the entries painted with the longest. */
  inputDelayMs: number;
  /** From the first handler's start to the last handler's end. */
  processingMs: number;
  /** From the last handler's end to the next paint (rendering the change). */
  presentationMs: number;
  /** The entries' event names in order (`pointerdown, pointerup, click`). */
  events: string[];
  target: string;
}

/** Groups the entries by interaction (entries without an interactionId are not interactions), in order. */
export function interactionsOf(entries: EventEntry[]): Interaction[] {
  const groups = new Map<number, EventEntry[]>();
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    const group = groups.get(entry.interactionId) ?? [];
    // The first-input entry repeats the first interaction's own pointerdown or keydown entry.
    if (!group.some((e) => e.name === entry.name && e.startTime === entry.startTime)) group.push(entry);
    groups.set(entry.interactionId, group);
  }
  return [...groups.entries()]
    .map(([id, group]) => {
      const sorted = [...group].sort((a, b) => a.startTime - b.startTime);
      const longest = sorted.reduce((a, b) => (b.duration > a.duration ? b : a));
      const first = sorted[0] as EventEntry;
      // The phases are those of the entries the longest one's paint ended (a tap's pointerdown came
      // a finger's press earlier and was painted before): Event Timing rounds durations to 8 ms.
      const end = longest.startTime + longest.duration;
      const painted = sorted.filter((e) => Math.abs(e.startTime + e.duration - end) <= 8);
      const firstPainted = painted[0] ?? longest;
      const processingStart = Math.min(...painted.map((e) => e.processingStart));
      const processingEnd = Math.max(...painted.map((e) => e.processingEnd));
      return {
        id,
        startTime: first.startTime,
        durationMs: longest.duration,
        inputDelayMs: Math.max(0, Math.round(processingStart - firstPainted.startTime)),
        processingMs: Math.max(0, Math.round(processingEnd - processingStart)),
        presentationMs: Math.max(0, Math.round(end - processingEnd)),
        events: sorted.map((e) => e.name),
        target: longest.target || sorted.find((e) => e.target)?.target || '',
      };
    })
    .sort((a, b) => a.startTime - b.startTime);
}

/** One step's figure: its slowest interaction (a step such as "choose a facet" may take two). */
export function slowest(interactions: Interaction[]): Interaction | null {
  return interactions.reduce<Interaction | null>((a, b) => (a === null || b.durationMs > a.durationMs ? b : a), null);
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A long task as the page's 'longtask' observer saw it. */
export interface LongTask {
  startTime: number;
  duration: number;
}

/**
 * Total blocking time between two moments (from the first contentful paint to the interaction):
 * each long task's time past 50 ms, of the part of it inside the window.
 */
export function blockingTime(tasks: LongTask[], from: number, to: number): number {
  let total = 0;
  for (const task of tasks) {
    // Lighthouse's rule: a task the window clips counts for its part inside, past 50 ms.
    const inside = Math.min(task.startTime + task.duration, to) - Math.max(task.startTime, from);
    if (inside > 50) total += inside - 50;
  }
  return Math.round(total);
}
