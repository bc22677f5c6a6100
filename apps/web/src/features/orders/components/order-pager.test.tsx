// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderPager } from './order-pager';

afterEach(cleanup);

function renderPager(currentPage: number, total: number, onPage = vi.fn()) {
  const shown = Math.max(0, Math.min(12, total - (currentPage - 1) * 12));
  render(<OrderPager currentPage={currentPage} pageSize={12} shown={shown} total={total} onPage={onPage} />);
  return onPage;
}

const numbered = () =>
  within(screen.getByRole('navigation', { name: 'Order history pages' }))
    .getAllByRole('button', { name: /^Page / })
    .map((button) => Number(button.textContent));
const current = () => screen.getByRole('button', { current: 'page' }).textContent;

describe('the order history pager', () => {
  it('centres five pages on the current one', () => {
    renderPager(5, 12 * 9);
    expect(numbered()).toEqual([3, 4, 5, 6, 7]);
    expect(current()).toBe('5');
  });

  it('keeps five pages at the first edge', () => {
    renderPager(1, 12 * 9);
    expect(numbered()).toEqual([1, 2, 3, 4, 5]);
    expect(current()).toBe('1');
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps five pages at the last edge, and one before it', () => {
    renderPager(9, 12 * 9);
    expect(numbered()).toEqual([5, 6, 7, 8, 9]);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPager(8, 12 * 9);
    expect(numbered()).toEqual([5, 6, 7, 8, 9]);
    expect(current()).toBe('8');
  });

  it('shows only the pages there are when fewer than five', () => {
    renderPager(2, 30);
    expect(numbered()).toEqual([1, 2, 3]);
  });

  it('says which orders are shown', () => {
    renderPager(2, 30);
    expect(screen.getByText('Displaying orders: 13 - 24 of 30')).toBeTruthy();
    cleanup();
    renderPager(3, 30);
    expect(screen.getByText('Displaying orders: 25 - 30 of 30')).toBeTruthy();
  });

  it('has no page buttons for a single page', () => {
    renderPager(1, 5);
    expect(screen.getByText('Displaying orders: 1 - 5 of 5')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asks for the page pressed, the one before and the one after', () => {
    const onPage = renderPager(4, 12 * 9);
    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls.map(([page]) => page)).toEqual([6, 3, 5]);
  });
});
