import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups whole numbers by thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-2500)).toBe('-2,500');
  });

  it("writes what toLocaleString('en') writes, across the sizes a shop shows", () => {
    const english = new Intl.NumberFormat('en');
    const samples = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, -0, 1, 10, 100];
    for (let n = 1; n < Number.MAX_SAFE_INTEGER / 7; n = n * 7 + 3) samples.push(n, -n, n + 1);
    for (const n of samples) expect(formatCount(n), String(n)).toBe(english.format(n));
  });

  it('leaves numbers that are not whole to toLocaleString', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
