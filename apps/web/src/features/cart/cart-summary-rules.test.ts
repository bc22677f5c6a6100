import { describe, expect, it } from 'vitest';
import { itemListStartsCollapsed } from './cart-summary-rules';

describe('itemListStartsCollapsed', () => {
  it('collapses at 5 or more items', () => {
    expect(itemListStartsCollapsed(4, 1024)).toBe(false);
    expect(itemListStartsCollapsed(5, 1024)).toBe(true);
    expect(itemListStartsCollapsed(9, 1440)).toBe(true);
  });
  it('collapses on screens narrower than 768', () => {
    expect(itemListStartsCollapsed(1, 767)).toBe(true);
    expect(itemListStartsCollapsed(1, 768)).toBe(false);
  });
});
