import { describe, expect, it } from 'vitest';
import { ChangeFeedGaps } from './change-feed-gaps.js';

const seqs = (...list: number[]) => list.map((seq) => ({ seq }));

describe('ChangeFeedGaps', () => {
  it('reads to the last change when there is no hole', () => {
    expect(new ChangeFeedGaps().safePosition(40, seqs(41, 42, 43))).toEqual({ position: 43, waiting: false });
    expect(new ChangeFeedGaps().safePosition(40, [])).toEqual({ position: 40, waiting: false });
  });

  it('stops before a hole until the patience runs out, then passes it', () => {
    let clock = 0;
    const gaps = new ChangeFeedGaps(10_000, () => clock);
    expect(gaps.safePosition(40, seqs(42, 43))).toEqual({ position: 40, waiting: true });
    clock = 9_999;
    expect(gaps.safePosition(40, seqs(42, 43))).toEqual({ position: 40, waiting: true });
    clock = 10_000;
    expect(gaps.safePosition(40, seqs(42, 43))).toEqual({ position: 43, waiting: false });
  });

  it('waits afresh for a new hole', () => {
    let clock = 0;
    const gaps = new ChangeFeedGaps(10_000, () => clock);
    expect(gaps.safePosition(40, seqs(41, 43))).toEqual({ position: 41, waiting: true });
    clock = 5_000;
    // 42 arrived; a new hole at 44.
    expect(gaps.safePosition(41, seqs(42, 43, 45))).toEqual({ position: 43, waiting: true });
    clock = 14_000;
    expect(gaps.safePosition(43, seqs(45))).toEqual({ position: 43, waiting: true });
    clock = 15_000;
    expect(gaps.safePosition(43, seqs(45))).toEqual({ position: 45, waiting: false });
  });
});
