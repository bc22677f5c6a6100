import { describe, expect, it } from 'vitest';
import { shelfPriceMinor } from './shelf-price.js';

describe('shelfPriceMinor', () => {
  it('rounds to a step that grows with the price', () => {
    expect(shelfPriceMinor(7_37)).toBe(7_50);
    expect(shelfPriceMinor(42_49)).toBe(42_00);
    expect(shelfPriceMinor(408_71)).toBe(410_00);
    expect(shelfPriceMinor(652_74)).toBe(655_00);
    expect(shelfPriceMinor(1_234_56)).toBe(1_230_00);
  });

  it('keeps a round price as it is and never suggests nothing', () => {
    expect(shelfPriceMinor(570_00)).toBe(570_00);
    expect(shelfPriceMinor(10)).toBe(50);
  });

  it('moves a price of $10 or more by at most 5 %', () => {
    for (let minor = 10_00; minor < 5_000_00; minor += 37) {
      expect(Math.abs(shelfPriceMinor(minor) - minor) / minor).toBeLessThanOrEqual(0.05);
    }
  });
});
