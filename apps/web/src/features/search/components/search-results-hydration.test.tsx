// @vitest-environment jsdom
import type { SearchResultsValue } from '@shop/contract';
import { dehydrate, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { stubWideScreen } from '../../../test/wide-screen';
import { prefetchSearchResults } from '../api/get-search-results';
import { makeItem, makeResults, mockFetch, ok } from '../test-fixtures';
import { SearchResults } from './search-results';

const URL_PATH = '/search-results?query=phone&page=2';

function page(client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[URL_PATH]}>
        <Routes>
          <Route path="/search-results/*" element={<SearchResults />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** Sixteen items per page, numbered by page, out of 40. */
function reply(url: URL) {
  const number = Number(url.searchParams.get('page') ?? 1);
  const first = (number - 1) * 16;
  const count = Math.max(0, Math.min(16, 40 - first));
  const items = Array.from({ length: count }, (_, i) =>
    makeItem({ Id: first + i, Code: `SH${first + i}`, Title: `Item ${first + i}` }),
  );
  return ok(makeResults({ ProductList: { ProductListItems: items, ProductListItemCount: 40 }, Page: number }));
}

let root: Root | null = null;

beforeEach(() => {
  stubWideScreen();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('SearchResults hydrating server HTML', () => {
  it('draws the pages the server loaded and does not ask for them again', async () => {
    const { fetchMock, calls } = mockFetch(reply);
    vi.stubGlobal('fetch', fetchMock);
    // The server: the URL's pages (1 and 2) into its cache, then the page drawn from them.
    const server = createQueryClient();
    const last: SearchResultsValue | null = await prefetchSearchResults(
      server,
      new URLSearchParams('query=phone&page=2'),
    );
    expect(last?.Page).toBe(2);
    const html = renderToString(page(server));
    expect(calls.map((call) => call.searchParams.get('page'))).toEqual(['1', '2']);
    expect(html).toContain('40 results');

    // The browser: the server's cache handed over, then its HTML hydrated.
    const client = createQueryClient();
    hydrate(client, JSON.parse(JSON.stringify(dehydrate(server))));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, page(client));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { level: 1, name: '40 results' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Items' })).getAllByRole('article')).toHaveLength(32);
    expect(calls).toHaveLength(2);
  });
});
