import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('shows the region symbol, two decimals and thousands separators', () => {
    expect(formatMoney(123456789, 'AU')).toBe('$1,234,567.89');
    expect(formatMoney(99900, 'UK')).toBe('£999.00');
    expect(formatMoney(5, 'AU')).toBe('$0.05');
    expect(formatMoney(0, 'UK')).toBe('£0.00');
    expect(formatMoney(-1250, 'AU')).toBe('-$12.50');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(10.5, 'AU')).toThrow(RangeError);
  });
});
