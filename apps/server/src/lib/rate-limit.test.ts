import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit.js';

describe('FixedWindowLimiter', () => {
  it('lets max requests through per window and client, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(60);
    expect(limiter.take('b')).toBe(0);
    now += 45_000;
    expect(limiter.take('a')).toBe(15);
    now += 15_000;
    expect(limiter.take('a')).toBe(0);
  });
});
