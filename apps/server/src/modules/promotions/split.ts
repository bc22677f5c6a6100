/**
 * Splitting an amount of money over parts (a discount over an order's items, postage over a
 * shipment's lines) so the parts add up to the cent. Pure: no I/O, no clock, no randomness.
 */

export interface WeightedPart<K> {
  key: K;
  /** Whole, non-negative minor units (an item's price, say). */
  weight: number;
}

/**
 * Spreads `total` minor units over parts in proportion to their weights by the largest-remainder
 * method (Hamilton's): each part first gets the floor of its exact share, then the units left over
 * go one each to the parts with the largest fractional remainders, ties to the earlier part.
 *
 * - Results are integers that sum exactly to `total` and differ from the exact share by less
 *   than one unit; a zero weight gets 0.
 * - When `total` <= the sum of the weights, no part gets more than its weight (so a discount never
 *   makes an item's price negative).
 * - Deterministic: the same input gives the same output (the arithmetic is exact, in BigInt).
 * - When every weight is 0 (and `total` > 0), the total is split equally, earlier parts first.
 *
 * Throws RangeError for a negative or fractional total or weight, a repeated key, or a positive
 * total with no parts.
 */
export function splitByLargestRemainder<K>(parts: WeightedPart<K>[], total: number): Map<K, number> {
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`The total must be whole, non-negative minor units, got ${total}`);
  }
  const seen = new Set<K>();
  for (const part of parts) {
    if (!Number.isSafeInteger(part.weight) || part.weight < 0) {
      throw new RangeError(`A weight must be whole, non-negative minor units, got ${part.weight}`);
    }
    if (seen.has(part.key)) throw new RangeError(`The key ${String(part.key)} appears twice`);
    seen.add(part.key);
  }
  if (parts.length === 0) {
    if (total === 0) return new Map();
    throw new RangeError('Cannot split a positive total over no parts');
  }

  const sumOfWeights = parts.reduce((sum, part) => sum + BigInt(part.weight), 0n);
  const weights = sumOfWeights === 0n ? parts.map(() => 1n) : parts.map((part) => BigInt(part.weight));
  const denominator = sumOfWeights === 0n ? BigInt(parts.length) : sumOfWeights;
  const bigTotal = BigInt(total);

  const shares = weights.map((weight, index) => {
    const numerator = bigTotal * weight;
    return { index, floor: numerator / denominator, remainder: numerator % denominator };
  });
  let left = bigTotal - shares.reduce((sum, share) => sum + share.floor, 0n);
  // Largest remainder first; equal remainders keep input order (the sort is stable, but say so).
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Array<number>(parts.length).fill(0);
  for (const share of order) {
    if (left === 0n) break;
    extra[share.index] = 1;
    left -= 1n;
  }

  const result = new Map<K, number>();
  parts.forEach((part, index) => {
    result.set(part.key, Number((shares[index] as (typeof shares)[number]).floor) + (extra[index] as number));
  });
  return result;
}
