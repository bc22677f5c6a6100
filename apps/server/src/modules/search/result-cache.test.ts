import { describe, expect, it } from 'vitest';
import { answerKeeping, ResultCache } from './result-cache.js';

describe('ResultCache', () => {
  it('answers only for the version the value was computed at', () => {
    const cache = new ResultCache<string>(10);
    cache.set('phone', 7, 'answer at 7');
    expect(cache.get('phone', 7)).toBe('answer at 7');
    expect(cache.get('phone', 8)).toBeUndefined();
    expect(cache.get('tv', 7)).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('drops the least recently used past its capacity', () => {
    const cache = new ResultCache<number>(2);
    cache.set('a', 1, 1);
    cache.set('b', 1, 2);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 1, 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(1);
    expect(cache.get('c', 1)).toBe(3);
  });
});

describe('answer keeping switched off (SEARCH_ANSWER_CACHE=false)', () => {
  it('keeps nothing', () => {
    const cache = new ResultCache<string>(10);
    answerKeeping.enabled = false;
    try {
      cache.set('phone', 1, 'answer');
      expect(cache.get('phone', 1)).toBeUndefined();
      expect(cache.size).toBe(0);
    } finally {
      answerKeeping.enabled = true;
    }
  });
});
