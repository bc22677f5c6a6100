// @vitest-environment jsdom
import type { PopularValue, ProductListItem } from '@shop/contract';
import { dehydrate, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { prefetchPopularItems } from '../api/get-popular';
import { PopularItems } from './popular-items';

vi.mock('../../../components/product-card', () => ({
  ProductCard: ({ item }: { item: ProductListItem }) => <article>{item.Title}</article>,
}));

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function page(client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <PopularItems />
    </QueryClientProvider>
  );
}

it('hydrates the first page the server loaded without asking again; Load More asks for page 2; a later visit starts again', async () => {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://shop.test');
      requests.push(url);
      const number = Number(url.searchParams.get('page'));
      const value: PopularValue = {
        ProductListItems: Array.from({ length: 8 }, (_, i) => ({
          Code: `SH${(number - 1) * 8 + i}`,
          Title: `Item ${(number - 1) * 8 + i}`,
        })) as ProductListItem[],
        ProductListItemCount: 40,
        MaxResults: 8,
        Page: number,
      };
      return new Response(JSON.stringify({ WasSuccessful: true, Value: value, Message: null }));
    }),
  );
  const server = createQueryClient();
  await prefetchPopularItems(server);
  const html = renderToString(page(server));
  expect(requests).toHaveLength(1);

  const client = createQueryClient();
  hydrate(client, JSON.parse(JSON.stringify(dehydrate(server))));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, page(client));
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(within(screen.getByRole('list', { name: 'Popular items' })).getAllByRole('article')).toHaveLength(8);
  expect(requests).toHaveLength(1);

  await act(async () => screen.getByRole('button', { name: 'Load More' }).click());
  await vi.waitFor(() =>
    expect(within(screen.getByRole('list', { name: 'Popular items' })).getAllByRole('article')).toHaveLength(16),
  );
  expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);

  // A later visit (the shopper comes back to the home page) starts again from page 1.
  act(() => root?.unmount());
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  container.innerHTML = '';
  await act(async () => {
    root = createRoot(container);
    root.render(page(client));
  });
  await vi.waitFor(() =>
    expect(within(screen.getByRole('list', { name: 'Popular items' })).getAllByRole('article')).toHaveLength(8),
  );
  expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '1']);
});
