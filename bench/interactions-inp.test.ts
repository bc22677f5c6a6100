import { describe, expect, it } from 'vitest';
import { blockingTime, type EventEntry, interactionsOf, median, slowest } from './interactions-inp';

function entry(overrides: Partial<EventEntry>): EventEntry {
  return {
    name: 'click',
    interactionId: 1,
    startTime: 1000,
    duration: 24,
    processingStart: 1004,
    processingEnd: 1010,
    target: 'button "Filter"',
    ...overrides,
  };
}

describe('interaction to next paint', () => {
  it("groups a tap's entries into one interaction whose latency is its longest entry", () => {
    const interactions = interactionsOf([
      entry({ name: 'pointerdown', startTime: 1000, duration: 16, processingStart: 1002, processingEnd: 1004 }),
      entry({ name: 'pointerup', startTime: 1080, duration: 120, processingStart: 1090, processingEnd: 1150 }),
      entry({ name: 'click', startTime: 1081, duration: 112, processingStart: 1150, processingEnd: 1170 }),
      // The first input's own entry repeats the pointerdown: not counted twice.
      entry({ name: 'pointerdown', startTime: 1000, duration: 16, processingStart: 1002, processingEnd: 1004 }),
      // A hover or a scroll has no interactionId: not an interaction.
      entry({ name: 'pointerover', interactionId: 0, duration: 300 }),
      entry({ name: 'keydown', interactionId: 7, startTime: 2000, duration: 40, target: '' }),
      entry({ name: 'keyup', interactionId: 7, startTime: 2050, duration: 16, target: 'select "Sort by"' }),
    ]);
    expect(interactions.map((i) => [i.id, i.durationMs, i.events.join('/'), i.target])).toEqual([
      [1, 120, 'pointerdown/pointerup/click', 'button "Filter"'],
      [7, 40, 'keydown/keyup', 'select "Sort by"'],
    ]);
    // Where the tap's time went (pointerup and click, painted together): waiting for the main
    // thread, its handlers, the paint after them.
    expect(interactions[0]).toMatchObject({ inputDelayMs: 10, processingMs: 80, presentationMs: 30 });
    expect(slowest(interactions)?.id).toBe(1);
    expect(slowest([])).toBeNull();
  });

  it('reads the median of an odd and an even number of runs', () => {
    expect(median([90, 20, 200])).toBe(90);
    expect(median([90, 120, 20, 200])).toBe(105);
    expect(median([])).toBeNaN();
  });

  it("counts a long task's time past 50 ms, of its part between the first paint and the interaction", () => {
    const tasks = [
      { startTime: 0, duration: 200 }, // 100 ms of it after the first paint at 100: blocks 50
      { startTime: 300, duration: 40 }, // short: blocks nothing
      { startTime: 400, duration: 130 }, // blocks 80
      { startTime: 900, duration: 300 }, // after the interaction at 800: not counted
    ];
    expect(blockingTime(tasks, 100, 800)).toBe(130);
    expect(blockingTime(tasks, 100, 100)).toBe(0);
  });
});
