// @vitest-environment jsdom
import type { SearchResultsValue } from '@shop/contract';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetConsent, giveConsent } from '../../../test/consent';
import { withQueryClient } from '../../../test/query-wrapper';
import { stubWideScreen } from '../../../test/wide-screen';
import { makeItem, makeResults, mockFetch, ok } from '../test-fixtures';
import { SearchResults } from './search-results';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  return render(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/search-results/*"
            element={
              <>
                <SearchResults alert={<button type="button">Alert me</button>} />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

/** Sixteen items per page, numbered by page, out of `total`. */
function pageOf(url: URL, total = 100, extra: Partial<SearchResultsValue> = {}) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const first = (page - 1) * 16;
  const count = Math.max(0, Math.min(16, total - first));
  const items = Array.from({ length: count }, (_, i) =>
    makeItem({ Id: first + i, Code: `SH${first + i}`, Title: `Item ${first + i}` }),
  );
  return ok(
    makeResults({ ProductList: { ProductListItems: items, ProductListItemCount: total }, Page: page, ...extra }),
  );
}

// The machine is shared: give slow renders time before calling a wait a failure.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  window.localStorage.clear();
  stubWideScreen();
});

afterEach(() => {
  forgetConsent();
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchResults', () => {
  it('shows the count, the items and the filter count from the URL', async () => {
    const { fetchMock, calls } = mockFetch((url) => pageOf(url, 20));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/search-results?query=phone&brand=apple&onsale=true&Sort=price%2B');
    expect(await screen.findByRole('heading', { level: 1, name: '20 results' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Items' })).getAllByRole('article')).toHaveLength(16);
    expect(screen.getByText('2 filters')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Filter/ }).textContent).toContain('2');
    expect(calls[0]?.searchParams.get('NumberOfResults')).toBe('16');
    expect(calls[0]?.searchParams.get('brand')).toBe('apple');
  });

  it('enables Apply only while the form differs from the URL, then applies it as the URL', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch((url) => pageOf(url, 20)).fetchMock);
    renderAt('/search-results?query=phone&page=2');
    await screen.findByRole('heading', { level: 1, name: '20 results' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Brand' }));
    await user.click(screen.getByRole('checkbox', { name: /Apple/ }));
    expect(apply).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('checkbox', { name: /Apple/ }));
    expect(apply).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('checkbox', { name: /Postage/ }));
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await user.click(screen.getByRole('checkbox', { name: /\$2,500\+/ }));
    await user.click(apply);
    await waitFor(() => expect(location()).toBe('/search-results?query=phone&delivery=postage&price=2500-'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true));
  });

  it('keeps states and stores apart, and All removes both', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch((url) => pageOf(url, 20)).fetchMock);
    renderAt('/search-results?location=NSW');
    await screen.findByRole('heading', { level: 1, name: '20 results' });
    const nsw = screen.getByRole('checkbox', { name: /All stores in New South Wales/ });
    const parramatta = screen.getByRole('checkbox', { name: /Parramatta/ });
    const all = screen.getByRole('checkbox', { name: 'All locations' });
    expect(nsw).toHaveProperty('checked', true);
    expect(all).toHaveProperty('checked', false);

    await user.click(parramatta);
    expect(parramatta).toHaveProperty('checked', true);
    expect(nsw).toHaveProperty('checked', false);

    await user.click(screen.getByText('Victoria'));
    await user.click(screen.getByRole('checkbox', { name: /All stores in Victoria/ }));
    expect(parramatta).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: /All stores in Victoria/ })).toHaveProperty('checked', true);

    await user.click(all);
    expect(all).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /All stores in Victoria/ })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location()).toBe('/search-results'));
  });

  it('applies a sort at once and scrolls to the top', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch((url) => pageOf(url, 20)).fetchMock);
    renderAt('/search-results?query=phone');
    await screen.findByRole('heading', { level: 1, name: '20 results' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price+');
    await waitFor(() => expect(location()).toBe('/search-results?query=phone&Sort=price%2B'));
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('restores a deep page one page at a time, then replaces the URL after load more', async () => {
    const user = userEvent.setup();
    const { fetchMock, calls } = mockFetch((url) => pageOf(url, 400));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/search-results?query=phone&page=13');
    await screen.findByRole('heading', { level: 1, name: '400 results' });
    expect(calls.map((c) => c.searchParams.get('page'))).toEqual([
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
    ]);
    const list = screen.getByRole('list', { name: 'Items' });
    expect(within(list).getAllByRole('article')).toHaveLength(11 * 16);
    expect(within(list).getAllByRole('article')[0]?.getAttribute('aria-label')).toBe('Item 32');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(location()).toBe('/search-results?query=phone&page=14'));
    expect(within(list).getAllByRole('article')).toHaveLength(12 * 16);
    // The URL change recorded the page; it did not start the search again.
    expect(calls).toHaveLength(12);
  });

  it("says 'No more results...' when everything is loaded", async () => {
    vi.stubGlobal('fetch', mockFetch((url) => pageOf(url, 5)).fetchMock);
    renderAt('/search-results?query=phone');
    expect(await screen.findByText('No more results...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows four placeholder cards while loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', mockFetch(async (url) => gate.then(() => pageOf(url, 3))).fetchMock);
    const { container } = renderAt('/search-results?query=phone');
    expect(screen.getByRole('heading', { level: 1, name: 'Searching...' })).toBeTruthy();
    expect(container.querySelectorAll('.placeholder-card')).toHaveLength(4);
    release();
    await screen.findByRole('heading', { level: 1, name: '3 results' });
    expect(container.querySelectorAll('.placeholder-card')).toHaveLength(0);
  });

  it('shows the empty state with its two ways out when no filter is on', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch((url) => pageOf(url, 0)).fetchMock);
    renderAt('/search-results?query=zzz&category=lamps');
    expect(
      await screen.findByText(
        'No results! Consider adjusting your filters, changing your search terms or browsing in a different product category.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alert me' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(location()).toBe('/search-results?query=zzz'));
    await screen.findByRole('button', { name: 'Start a new search' });
    await user.click(screen.getByRole('button', { name: 'Start a new search' }));
    expect(location()).toBe('/search-results');
  });

  it('stays on Products when filters leave no items (pages found or not), says so and offers Clear filters', async () => {
    const user = userEvent.setup();
    const page = {
      ContentType: 'ContentPage' as const,
      Url: '/help/b',
      DisplayName: 'Buying guide',
      Name: 'B',
      Description: 'Tips',
    };
    vi.stubGlobal(
      'fetch',
      mockFetch((url) =>
        pageOf(url, url.searchParams.has('brand') ? 0 : 3, {
          ContentListResults: { ContentListItemCount: 1, ContentListItems: [page] },
        }),
      ).fetchMock,
    );
    renderAt('/search-results?query=lamp&brand=apple');
    expect(await screen.findByText('No items match these filters')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Products 0' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: /^Filter/ }).textContent).toContain('1');
    expect(screen.queryByRole('button', { name: 'Start a new search' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Alert me' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/search-results?query=lamp'));
    expect(await screen.findByRole('heading', { level: 1, name: '3 results' })).toBeTruthy();
  });

  it('opens on Pages when only pages were found for the words alone', async () => {
    const page = {
      ContentType: 'StorePage' as const,
      Url: '/stores/a',
      DisplayName: 'A store',
      Name: 'A',
      Description: 'Hours',
    };
    vi.stubGlobal(
      'fetch',
      mockFetch((url) => pageOf(url, 0, { ContentListResults: { ContentListItemCount: 1, ContentListItems: [page] } }))
        .fetchMock,
    );
    renderAt('/search-results?query=store');
    expect((await screen.findByRole('tab', { name: 'Pages 1' })).getAttribute('aria-selected')).toBe('true');
  });

  it("shows the server's message in an error notice", async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch(() => ({
        status: 400,
        body: { WasSuccessful: false, Value: null, Message: 'Invalid input. price: bad' },
      })).fetchMock,
    );
    renderAt('/search-results?price=abc');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid input. price: bad');
  });

  it('shows Products and Pages tabs with counts only when pages were found', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      mockFetch((url) =>
        pageOf(url, 3, {
          ContentListResults: {
            ContentListItemCount: 2,
            ContentListItems: [
              { ContentType: 'StorePage', Url: '/stores/a', DisplayName: 'A store', Name: 'A', Description: 'Hours' },
              {
                ContentType: 'ContentPage',
                Url: '/help/b',
                DisplayName: 'Buying guide',
                Name: 'B',
                Description: 'Tips',
              },
            ],
          },
        }),
      ).fetchMock,
    );
    renderAt('/search-results?query=store');
    const pagesTab = await screen.findByRole('tab', { name: 'Pages 2' });
    expect(screen.getByRole('tab', { name: 'Products 3' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Show as a grid' })).toBeTruthy();
    await user.click(pagesTab);
    const tiles = screen.getByRole('list', { name: 'Pages' });
    // Each link names its page, so a list of links reads as more than 'Read more, Read more'.
    expect(
      within(tiles)
        .getByRole('link', { name: /^Store information ?: A store$/ })
        .getAttribute('href'),
    ).toBe('/stores/a');
    expect(
      within(tiles)
        .getByRole('link', { name: /^Read more ?: Buying guide$/ })
        .getAttribute('href'),
    ).toBe('/help/b');
    // Sort, layout and filters act on products only, so the Pages tab does not offer them.
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Show as a grid' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Filter/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Products 3' }));
    expect(screen.getByRole('link', { name: 'Show as a grid' })).toBeTruthy();
  });

  it('restores a remembered location on start (with consent) unless the URL says nonsticky', async () => {
    giveConsent('accepted');
    window.localStorage.setItem('search-location', JSON.stringify({ states: ['VIC'], stores: [] }));
    const { fetchMock, calls } = mockFetch((url) => pageOf(url, 3));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/search-results?query=phone');
    await screen.findByRole('heading', { level: 1, name: '3 results' });
    expect(location()).toBe('/search-results?query=phone&location=VIC');
    expect(calls.every((c) => c.searchParams.get('location') === 'VIC')).toBe(true);
    cleanup();

    renderAt('/search-results?query=phone&nonsticky=true');
    await screen.findByRole('heading', { level: 1, name: '3 results' });
    expect(location()).toBe('/search-results?query=phone&nonsticky=true');
    expect(window.localStorage.getItem('search-location')).toBeNull();
  });
});
