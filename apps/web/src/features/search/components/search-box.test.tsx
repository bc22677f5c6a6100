// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { withQueryClient } from '../../../test/query-wrapper';
import { stubWideScreen } from '../../../test/wide-screen';
import { makeResults, makeSuggestions, mockFetch, ok } from '../test-fixtures';
import { FOCUS_SEARCH_STATE, SearchBox } from './search-box';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, initial = '') {
  return render(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <SearchBox initial={initial} />
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
const input = () => screen.getByRole('combobox', { name: 'Search for items' });

// The machine is shared: give slow renders time before calling a wait a failure.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  window.sessionStorage.clear();
  stubWideScreen();
  // jsdom has <dialog> but not its modal methods.
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchBox suggestions', () => {
  it('asks only after a pause once the trimmed text reaches 3 characters', async () => {
    const user = userEvent.setup();
    const { fetchMock, calls } = mockFetch(() => ok(makeSuggestions()));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    await user.type(input(), ' ip ');
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toHaveLength(0);
    await user.type(input(), 'h');
    expect(calls).toHaveLength(0);
    await screen.findAllByRole('option', {}, { timeout: 5000 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.pathname).toBe('/c3api/search/predective');
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({
      query: 'ip h',
      isMobileDevice: 'false',
      referrer: '/',
    });
  });

  it('moves through the suggestions with the arrow keys, opens one with Enter and closes with Escape', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch(() => ok(makeSuggestions())).fetchMock);
    renderAt('/');
    await user.type(input(), 'iph');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' }, { timeout: 5000 });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['iphone in Smartphones', 'Apple iPhone 13', 'iphone', 'Phones']);
    expect(within(listbox).getByRole('group', { name: 'Top categories' })).toBeTruthy();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);

    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[3]?.id); // wraps to the last

    await user.keyboard('{Escape}');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    expect(location()).toBe('/');

    await user.keyboard('{ArrowDown}');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(location()).toBe('/product/sh1/apple-iphone-13');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it("says 'No results found.' when nothing matches", async () => {
    const user = userEvent.setup();
    const empty = makeSuggestions({
      PredectiveListItemCount: 0,
      PredectiveSearchItems: [],
      AutoCompleteItems: [],
      PredictiveCategories: [],
    });
    vi.stubGlobal('fetch', mockFetch(() => ok(empty)).fetchMock);
    renderAt('/');
    await user.type(input(), 'zzzz');
    expect(await screen.findByText('No results found.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("says 'An Error Occurred: {message}' when the request fails", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      mockFetch(() => ({ status: 500, body: { WasSuccessful: false, Value: null, Message: 'Index rebuilding' } }))
        .fetchMock,
    );
    renderAt('/');
    await user.type(input(), 'iph');
    expect(await screen.findByText('An Error Occurred: Index rebuilding', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('clears the suggestions when the text drops below the minimum', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch(() => ok(makeSuggestions())).fetchMock);
    renderAt('/');
    await user.type(input(), 'iph');
    await screen.findAllByRole('option', {}, { timeout: 5000 });
    await user.keyboard('{Backspace}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('SearchBox submit', () => {
  it('goes to /search-results with the query from another page', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch(() => ok(makeSuggestions())).fetchMock);
    renderAt('/product/x');
    await user.type(input(), 'samsung{Enter}');
    expect(location()).toBe('/search-results?query=samsung');
  });

  it('on the search page resets the page and keeps Sort, locations and category', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', mockFetch(() => ok(makeSuggestions())).fetchMock);
    renderAt('/search-results/grid?query=old&page=3&Sort=price-&category=phones&location=NSW&brand=apple', 'old');
    await user.clear(input());
    await user.type(input(), 'nokia');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/search-results/grid?query=nokia&Sort=price-&category=phones&location=NSW');
  });
});

describe('SearchBox extras', () => {
  it('shows the save-search star it is given only on the search page (list and grid)', async () => {
    vi.stubGlobal('fetch', mockFetch(() => ok(makeSuggestions())).fetchMock);
    const star = <button type="button">Save this search</button>;
    for (const [url, shown] of [
      ['/', false],
      ['/product/ABC', false],
      ['/search-results?query=phone', true],
      ['/search-results/grid?query=phone', true],
    ] as const) {
      render(
        withQueryClient(
          <MemoryRouter initialEntries={[url]}>
            <SearchBox initial="phone" saveStar={star} />
          </MemoryRouter>,
        ),
      );
      expect(screen.queryAllByRole('button', { name: 'Save this search' })).toHaveLength(shown ? 1 : 0);
      cleanup();
    }
  });

  it('opens the category tree from Shop Categories, asked once from an unfiltered search', async () => {
    const user = userEvent.setup();
    const { fetchMock, calls } = mockFetch(() => ok(makeResults()));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/');
    const button = screen.getByRole('button', { name: 'Shop Categories' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const nav = await screen.findByRole('navigation', { name: 'Shop categories' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Smartphones' })).toBeTruthy());
    expect(within(nav).getByRole('link', { name: 'Phones' }).getAttribute('href')).toBe(
      '/search-results?category=phones',
    );
    expect(calls.map((c) => `${c.pathname}${c.search}`)).toEqual(['/c3api/search/results?NumberOfResults=1']);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(calls).toHaveLength(1);
  });

  it('takes focus when a navigation asks for it (Start a new search)', async () => {
    vi.stubGlobal('fetch', mockFetch(() => ok(makeSuggestions())).fetchMock);
    render(
      withQueryClient(
        <MemoryRouter initialEntries={[{ pathname: '/search-results', state: { [FOCUS_SEARCH_STATE]: true } }]}>
          <SearchBox />
        </MemoryRouter>,
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });
});
