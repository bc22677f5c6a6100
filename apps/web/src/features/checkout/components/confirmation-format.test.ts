import { describe, expect, it } from 'vitest';
import { formatHoldUntil } from './confirmation-format';

describe('the hold on a pay-in-store order', () => {
  it('reads as a day and a 12-hour time in both regions', () => {
    for (const region of ['AU', 'UK'] as const) {
      const text = formatHoldUntil('2026-11-28T17:05:00', region);
      expect(text).toMatch(/^Saturday,? 28 November 2026 at 5:05\s?pm$/i);
    }
  });

  it('gives back what it cannot read', () => {
    expect(formatHoldUntil('soon', 'AU')).toBe('soon');
  });
});
