import { describe, expect, it } from 'vitest';
import { topK } from './top-k.js';

describe('topK', () => {
  it('returns the k best in order, like a full sort would', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000);
    const before = (a: number, b: number) => a > b;
    expect(topK(values, 10, before)).toEqual([...values].sort((a, b) => b - a).slice(0, 10));
    expect(topK(values, 0, before)).toEqual([]);
    expect(topK([3, 1, 2], 10, before)).toEqual([3, 2, 1]);
  });
});
