import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateText } from './format-date';

const intlStyle = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const australian = new Intl.DateTimeFormat('en-AU', intlStyle);
const british = new Intl.DateTimeFormat('en-GB', intlStyle);

describe('formatLongDate', () => {
  it('writes the day, the month in words and the year', () => {
    expect(formatLongDate(new Date(2026, 2, 3))).toBe('3 March 2026');
    expect(formatLongDate(new Date(2025, 11, 31, 23, 59))).toBe('31 December 2025');
    expect(formatLongDate(new Date(2024, 0, 1, 0, 0))).toBe('1 January 2024');
  });

  it('matches en-AU and en-GB Intl formatting on every day of two years, in the local zone', () => {
    // Noon and the minutes either side of midnight: the local day is the one Intl picks.
    for (let day = 0; day < 731; day++) {
      for (const [hour, minute] of [
        [0, 0],
        [12, 0],
        [23, 59],
      ] as const) {
        const date = new Date(2025, 0, 1 + day, hour, minute);
        const ours = formatLongDate(date);
        expect(ours).toBe(australian.format(date));
        expect(ours).toBe(british.format(date));
      }
    }
  });
});

describe('formatLongDateText', () => {
  it('formats an ISO timestamp in the local zone, as toLocaleDateString did', () => {
    const iso = '2026-03-03T10:15:00.000Z';
    expect(formatLongDateText(iso)).toBe(new Date(iso).toLocaleDateString('en-AU', intlStyle));
  });

  it('shows a text that is not a date as it came', () => {
    expect(formatLongDateText('soon')).toBe('soon');
    expect(formatLongDateText('')).toBe('');
  });
});
