import { describe, expect, it } from 'vitest';
import { BitmapPool, ScratchBits, ScratchInt32 } from './scratch.js';

describe('scratch arrays', () => {
  it('hands out the same memory again, growing it only when asked for more', () => {
    const scratch = new ScratchInt32();
    const first = scratch.take(10);
    first[3] = 7;
    const second = scratch.take(5);
    expect(second.buffer).toBe(first.buffer);
    expect(second.length).toBe(5);
    expect(second[3]).toBe(7);
    const bigger = scratch.take(100);
    expect(bigger.length).toBe(100);
    expect(bigger.buffer).not.toBe(first.buffer);
    expect(scratch.take(50).buffer).toBe(bigger.buffer);
  });

  it('gives bits cleared by their last user, sized to what is asked', () => {
    const bits = new ScratchBits();
    const a = bits.takeCleared(8);
    expect([...a]).toEqual(new Array(8).fill(0));
    expect(bits.takeCleared(4).buffer).toBe(a.buffer);
  });

  it('pools bitmaps: distinct and zero within a search, the same memory again after a reset', () => {
    const pool = new BitmapPool();
    const a = pool.take(4);
    const b = pool.take(4);
    expect(a.buffer).not.toBe(b.buffer);
    a.fill(0xffffffff);
    b.fill(1);
    pool.reset();
    const again = pool.take(4);
    expect(again.buffer).toBe(a.buffer);
    expect([...again]).toEqual([0, 0, 0, 0]);
    expect([...pool.take(3)]).toEqual([0, 0, 0]);
  });
});
