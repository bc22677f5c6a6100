// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '../../../test/query-wrapper';
import { stubWideScreen } from '../../../test/wide-screen';
import { makeItem, makeResults, mockFetch, ok } from '../test-fixtures';
import { SearchResults } from './search-results';

// Counts the cards drawn: the page's own state (the refine form, the sheet) must not redraw them.
// And the sort: opening the sheet redraws the sheet and its button, not the page around them.
const drawn = vi.hoisted(() => ({ cards: 0, sorts: 0 }));
vi.mock('../../../components/sort-dropdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../components/sort-dropdown')>();
  return {
    ...actual,
    SortDropdown: (props: ComponentProps<typeof actual.SortDropdown>) => {
      drawn.sorts++;
      return actual.SortDropdown(props);
    },
  };
});
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
  stubWideScreen();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const items = Array.from({ length: 16 }, (_, i) => makeItem({ Id: i, Code: `SH${i}`, Title: `Item ${i}` }));
  vi.stubGlobal(
    'fetch',
    mockFetch(() => ok(makeResults({ ProductList: { ProductListItems: items, ProductListItemCount: 16 } }))).fetchMock,
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
}

describe('SearchResults redraws', () => {
  it('opening and closing the refine sheet redraws the sheet and the Filter button, not the page', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '16 results' });
    const before = { ...drawn };
    expect(before.sorts).toBeGreaterThan(0);

    const filter = screen.getByRole('button', { name: /^Filter/ });
    await user.click(filter);
    expect(filter.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('.refine--open')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.refine--open')).toBeNull();
    expect(drawn).toEqual(before);
  });

  it('ticking filters in the refine panel redraws the panel, not the cards', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: '16 results' });
    const before = drawn.cards;
    expect(before).toBeGreaterThanOrEqual(16);

    await user.click(screen.getByRole('checkbox', { name: /Postage/ }));
    await user.click(screen.getByRole('checkbox', { name: /On sale/ }));
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', false);
    expect(drawn.cards).toBe(before);
  });
});
