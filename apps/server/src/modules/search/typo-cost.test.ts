import { describe, expect, it } from 'vitest';
import { neighbourKeys, typoCost } from './typo-cost.js';

describe('typoCost', () => {
  it('knows which keys touch', () => {
    expect(neighbourKeys('s', 'd')).toBe(true);
    expect(neighbourKeys('e', 'd')).toBe(true);
    expect(neighbourKeys('q', 'a')).toBe(true);
    expect(neighbourKeys('z', 's')).toBe(true);
    expect(neighbourKeys('a', 'm')).toBe(false);
    expect(neighbourKeys('e', 'a')).toBe(false);
    expect(neighbourKeys('s', 's')).toBe(false);
  });

  it('charges less for the slips shoppers make than for a whole wrong letter', () => {
    expect(typoCost('iphone', 'iphone')).toBe(0);
    expect(typoCost('iphnoe', 'iphone')).toBeCloseTo(0.6); // swapped neighbours
    expect(typoCost('samsnug', 'samsung')).toBeCloseTo(0.6);
    expect(typoCost('giiant', 'giant')).toBeCloseTo(0.5); // a key pressed twice
    expect(typoCost('adress', 'address')).toBeCloseTo(0.6); // a double typed once
    expect(typoCost('laptip', 'laptop')).toBeCloseTo(0.6); // the key next door
    expect(typoCost('laptap', 'laptop')).toBe(1);
  });

  it('charges more for changing the first letter', () => {
    expect(typoCost('swith', 'switch')).toBe(1);
    expect(typoCost('swith', 'with')).toBeGreaterThan(typoCost('swith', 'switch'));
    expect(typoCost('bike', 'like')).toBeGreaterThan(typoCost('bike', 'bite'));
  });
});
