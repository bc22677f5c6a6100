import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { busyShare, cpuTimes, isQuiet, waitUntilQuiet } from './machine-quiet.js';

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
});
