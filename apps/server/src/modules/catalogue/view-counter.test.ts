import { describe, expect, it } from 'vitest';
import { ViewCounter } from './view-counter.js';

describe('view counter', () => {
  it('adds up views per item and writes them in one batch', async () => {
    const writes: [number, number][][] = [];
    const counter = new ViewCounter(async (views) => {
      writes.push(views);
    }, 60_000);
    counter.record(7);
    counter.record(7);
    counter.record(9);
    expect(writes).toEqual([]);
    await counter.flush();
    expect(writes).toEqual([
      [
        [7, 2],
        [9, 1],
      ],
    ]);
    await counter.flush();
    expect(writes).toHaveLength(1);
  });

  it('writes on its own after the delay, and keeps counting after a failed write', async () => {
    const writes: [number, number][][] = [];
    let fail = true;
    const counter = new ViewCounter(async (views) => {
      if (fail) throw new Error('database away');
      writes.push(views);
    }, 10);
    counter.record(1);
    await expect(counter.flush()).rejects.toThrow('database away');
    fail = false;
    counter.record(2);
    await expect.poll(() => writes).toEqual([[[2, 1]]]);
  });
});
