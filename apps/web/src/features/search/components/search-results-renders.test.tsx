// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '../../../test/query-wrapper';
import { makeItem, makeResults, mockFetch, ok } from '../test-fixtures';
import { SearchResults } from './search-results';

// Counts the cards drawn: the page's own state (the refine form, the sheet) must not redraw them.
const drawn = vi.hoisted(() => ({ cards: 0 }));
vi.mock('../../../components/product-card', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../components/product-card')>();
  return {
    ...actual,
    ProductCard: (props: ComponentProps<typeof actual.ProductCard>) => {
      drawn.cards++;
      return actual.ProductCard(props);
    },
  };
});

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchResults redraws', () => {
  it('ticking filters in the refine panel redraws the panel, not the cards', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 16 }, (_, i) => makeItem({ Id: i, Code: `SH${i}`, Title: `Item ${i}` }));
    vi.stubGlobal(
      'fetch',
      mockFetch(() => ok(makeResults({ ProductList: { ProductListItems: items, ProductListItemCount: 16 } })))
        .fetchMock,
    );
    render(
      withQueryClient(
        <MemoryRouter initialEntries={['/search-results?query=phone']}>
          <Routes>
            <Route path="/search-results/*" element={<SearchResults />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    await screen.findByRole('heading', { level: 1, name: '16 results' });
    const before = drawn.cards;
    expect(before).toBeGreaterThanOrEqual(16);

    await user.click(screen.getByRole('checkbox', { name: /Postage/ }));
    await user.click(screen.getByRole('checkbox', { name: /On sale/ }));
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', false);
    expect(drawn.cards).toBe(before);
  });
});
