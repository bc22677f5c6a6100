import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { busyShare, busyShareOver, cpuTimes, isQuiet, quietWaitLimit, waitUntilQuiet } from './machine-quiet.js';

const core = (busy: number, idle: number): os.CpuInfo => ({
  model: 'test',
  speed: 1,
  times: { user: busy, nice: 0, sys: 0, irq: 0, idle },
});

describe('machine-quiet', () => {
  it('sums busy and total time over every core', () => {
    expect(cpuTimes([core(30, 70), core(10, 90)])).toEqual({ busy: 40, total: 200 });
  });

  it('reads the busy share between two readings, not since boot', () => {
    // Busy for a long time before, then 1 of 4 units busy in the window.
    expect(busyShare({ busy: 900, total: 1000 }, { busy: 901, total: 1004 })).toBe(0.25);
    expect(busyShare({ busy: 5, total: 10 }, { busy: 5, total: 10 })).toBe(0);
  });

  it('calls the machine quiet only after enough quiet windows in a row', () => {
    const rule = { busyBelow: 0.1, windows: 3 };
    expect(isQuiet([0.01, 0.02], rule)).toBe(false);
    expect(isQuiet([0.5, 0.01, 0.02, 0.03], rule)).toBe(true);
    expect(isQuiet([0.01, 0.02, 0.5, 0.03], rule)).toBe(false);
    expect(isQuiet([0.01, 0.02, 0.1], rule)).toBe(false);
  });

  it('waits through the busy windows and stops at the first quiet stretch', async () => {
    // Windows of 100 units: busy 90, 80, 5, 50, 5, 5, 5, then quiet for good.
    const busyPerWindow = [90, 80, 5, 50, 5, 5, 5, 0, 0];
    let reading = { busy: 0, total: 0 };
    let window = 0;
    const read = () => {
      const current = reading;
      reading = { busy: reading.busy + (busyPerWindow[window] ?? 0), total: reading.total + 100 };
      window++;
      return current;
    };
    const wait = await waitUntilQuiet({
      busyBelow: 0.1,
      windows: 3,
      windowMs: 1000,
      maxWaitMs: 60_000,
      read,
      sleep: async () => {},
    });
    expect(wait).toEqual({ quiet: true, waitedMs: 7000, shares: [0.9, 0.8, 0.05, 0.5, 0.05, 0.05, 0.05] });
  });

  it('gives up when the machine stays busy, and says so', async () => {
    let busy = 0;
    let total = 0;
    const wait = await waitUntilQuiet({
      busyBelow: 0.1,
      windows: 2,
      windowMs: 1000,
      maxWaitMs: 4000,
      read: () => {
        busy += 50;
        total += 100;
        return { busy, total };
      },
      sleep: async () => {},
    });
    expect(wait.quiet).toBe(false);
    expect(wait.waitedMs).toBe(4000);
    expect(wait.shares).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it('waits longest before the first quiet-gated run, a third of it before each later one', () => {
    expect(quietWaitLimit(300_000, true)).toBe(300_000);
    expect(quietWaitLimit(300_000, false)).toBe(100_000);
    expect(quietWaitLimit(0, true)).toBe(0);
  });

  it('reads how busy the machine is over one window without waiting for quiet', async () => {
    const readings = [
      { busy: 100, total: 1000 },
      { busy: 190, total: 1100 },
    ];
    const slept: number[] = [];
    const share = await busyShareOver({
      windowMs: 1000,
      read: () => readings.shift() ?? { busy: 0, total: 0 },
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    // 90 of 100 units busy: read and returned, however busy, after exactly one window.
    expect(share).toBe(0.9);
    expect(slept).toEqual([1000]);
  });
});
