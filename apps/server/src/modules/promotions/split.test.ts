import { describe, expect, it } from 'vitest';
import { Random } from '../../seed/random.js';
import { splitByLargestRemainder, type WeightedPart } from './split.js';

/**
 * Properties of the largest-remainder split, over many seeded random inputs (fast-check is not
 * installed; a seeded generator keeps every run the same and a failure reproducible by its seed).
 */

const RUNS = 2000;

function randomCase(seed: number): { parts: WeightedPart<number>[]; total: number } {
  const random = new Random(seed);
  const count = random.int(1, 12);
  const parts: WeightedPart<number>[] = [];
  for (let key = 0; key < count; key++) {
    // Prices from free to large, with repeats (ties) and zeros now and then.
    const kind = random.int(0, 5);
    const weight = kind === 0 ? 0 : kind === 1 ? 999 : kind === 2 ? random.int(1, 99) : random.int(1, 5_000_000);
    parts.push({ key, weight });
  }
  const sum = parts.reduce((s, p) => s + p.weight, 0);
  // Mostly a discount no larger than the items (the real case), sometimes more, sometimes all.
  const shape = random.int(0, 9);
  const total = shape === 0 ? sum : shape === 1 ? random.int(0, 10_000_000) : random.int(0, sum);
  return { parts, total };
}

describe('splitByLargestRemainder', () => {
  it('gives whole, non-negative parts that sum exactly to the total', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const { parts, total } = randomCase(seed);
      const result = splitByLargestRemainder(parts, total);
      const values = parts.map((p) => result.get(p.key) as number);
      for (const value of values) {
        expect(Number.isInteger(value), `seed ${seed}`).toBe(true);
        expect(value, `seed ${seed}`).toBeGreaterThanOrEqual(0);
      }
      expect(
        values.reduce((s, v) => s + v, 0),
        `seed ${seed}`,
      ).toBe(total);
      expect(result.size).toBe(parts.length);
    }
  });

  it('keeps every part within one unit of its exact proportional share', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const { parts, total } = randomCase(seed);
      const sum = parts.reduce((s, p) => s + p.weight, 0);
      const result = splitByLargestRemainder(parts, total);
      for (const part of parts) {
        const exact = sum === 0 ? total / parts.length : (total * part.weight) / sum;
        expect(Math.abs((result.get(part.key) as number) - exact), `seed ${seed}`).toBeLessThan(1 + 1e-9);
      }
    }
  });

  it('never gives a part more than its weight when the total fits, and nothing to a zero weight', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const { parts, total } = randomCase(seed);
      const sum = parts.reduce((s, p) => s + p.weight, 0);
      const result = splitByLargestRemainder(parts, total);
      if (total <= sum) {
        for (const part of parts)
          expect(result.get(part.key) as number, `seed ${seed}`).toBeLessThanOrEqual(part.weight);
      }
      if (sum > 0) for (const part of parts) if (part.weight === 0) expect(result.get(part.key)).toBe(0);
    }
  });

  it('is deterministic: the same input always gives the same split', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { parts, total } = randomCase(seed);
      const first = [...splitByLargestRemainder(parts, total)];
      const again = [
        ...splitByLargestRemainder(
          parts.map((p) => ({ ...p })),
          total,
        ),
      ];
      expect(again).toEqual(first);
    }
  });

  it('breaks ties by input order', () => {
    // Three equal items share 100: 33.33 each, the one cent left goes to the first.
    expect([
      ...splitByLargestRemainder(
        [
          { key: 'a', weight: 5 },
          { key: 'b', weight: 5 },
          { key: 'c', weight: 5 },
        ],
        100,
      ),
    ]).toEqual([
      ['a', 34],
      ['b', 33],
      ['c', 33],
    ]);
    // Two left over among four equal remainders: the first two get them.
    expect([
      ...splitByLargestRemainder(
        [1, 2, 3, 4].map((key) => ({ key, weight: 1 })),
        6,
      ).values(),
    ]).toEqual([2, 2, 1, 1]);
  });

  it('gives the leftover cents to the largest remainders', () => {
    // $10 off items of $30.00, $20.00 and $0.01: exact shares 599.88, 399.92 and 0.20 cents.
    const result = splitByLargestRemainder(
      [
        { key: 'guitar', weight: 3000 },
        { key: 'amp', weight: 2000 },
        { key: 'pick', weight: 1 },
      ],
      1000,
    );
    expect([...result.values()]).toEqual([600, 400, 0]);
    // $10.00 off items of $99.99 and $0.03: exact shares 999.70 and 0.30 cents -> 1000 and 0.
    expect([
      ...splitByLargestRemainder(
        [
          { key: 1, weight: 9999 },
          { key: 2, weight: 3 },
        ],
        1000,
      ).values(),
    ]).toEqual([1000, 0]);
  });

  it('splits equally when every weight is zero, and returns nothing for nothing', () => {
    expect([
      ...splitByLargestRemainder(
        [1, 2, 3].map((key) => ({ key, weight: 0 })),
        10,
      ).values(),
    ]).toEqual([4, 3, 3]);
    expect(splitByLargestRemainder([], 0).size).toBe(0);
    expect([...splitByLargestRemainder([{ key: 1, weight: 500 }], 0).values()]).toEqual([0]);
  });

  it('stays exact for amounts beyond double precision products', () => {
    // total x weight exceeds 2^53; the split must still add up.
    const parts = [
      { key: 1, weight: 2_000_000_001 },
      { key: 2, weight: 1_999_999_999 },
      { key: 3, weight: 7 },
    ];
    const result = splitByLargestRemainder(parts, 1_234_567_891);
    expect([...result.values()].reduce((s, v) => s + v, 0)).toBe(1_234_567_891);
  });

  it('refuses fractional or negative amounts, repeated keys, and a positive total over no parts', () => {
    expect(() => splitByLargestRemainder([{ key: 1, weight: 10 }], 1.5)).toThrow(RangeError);
    expect(() => splitByLargestRemainder([{ key: 1, weight: 10 }], -1)).toThrow(RangeError);
    expect(() => splitByLargestRemainder([{ key: 1, weight: 0.5 }], 1)).toThrow(RangeError);
    expect(() => splitByLargestRemainder([{ key: 1, weight: -3 }], 1)).toThrow(RangeError);
    expect(() =>
      splitByLargestRemainder(
        [
          { key: 1, weight: 3 },
          { key: 1, weight: 4 },
        ],
        1,
      ),
    ).toThrow(RangeError);
    expect(() => splitByLargestRemainder([], 1)).toThrow(RangeError);
  });
});
