// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpeningHours } from './opening-hours';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const rows = [
  { Day: 'Monday', Hours: '9:00am - 5:30pm' },
  { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Sunday', Hours: 'Closed' },
];

describe('OpeningHours', () => {
  it("marks the visitor's today once in the browser, never in the server's HTML", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 12)); // a Tuesday
    // The server cannot know the visitor's weekday: its HTML marks no row.
    const html = renderToString(<OpeningHours rows={rows} className="hours" todayClassName="hours--today" />);
    expect(html).not.toContain('hours--today');
    expect(html).not.toContain('(today)');

    render(<OpeningHours rows={rows} className="hours" todayClassName="hours--today" caption="Opening hours" />);
    const today = await screen.findByRole('row', { name: 'Tuesday (today) 9:00am - 5:30pm' });
    expect(today.className).toBe('hours--today');
    expect(screen.getByRole('row', { name: 'Sunday Closed' }).className).toBe('');
    expect(screen.getByRole('table', { name: 'Opening hours' })).toBeTruthy();
  });
});
