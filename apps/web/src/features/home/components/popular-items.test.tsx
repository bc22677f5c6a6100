// @vitest-environment jsdom
import type { PopularValue, ProductListItem } from '@shop/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withQueryClient } from '../../../test/query-wrapper';
import { PopularItems } from './popular-items';

vi.mock('../../../components/product-card', () => ({
  ProductCard: ({ item }: { item: ProductListItem }) => <article>{item.Title}</article>,
}));

function item(n: number): ProductListItem {
  return { Code: `SH${n}`, Title: `Item ${n}` } as ProductListItem;
}

let requests: URL[];
/** Items the server holds, and the most it gives per request. */
let stock: number;
let maxResults: number;

beforeEach(() => {
  requests = [];
  stock = 20;
  maxResults = 48;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://shop.test');
      requests.push(url);
      const page = Number(url.searchParams.get('page'));
      const size = Math.min(Number(url.searchParams.get('NumberOfResults')), maxResults);
      const codes = Array.from({ length: size }, (_, i) => (page - 1) * size + i + 1).filter((n) => n <= stock);
      const value: PopularValue = {
        ProductListItems: codes.map(item),
        ProductListItemCount: stock,
        MaxResults: size,
        Page: page,
      };
      return new Response(JSON.stringify({ WasSuccessful: true, Value: value, Message: null }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function shown(count: number) {
  const list = await screen.findByRole('list', { name: 'Popular items' });
  await vi.waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(count));
}

describe('PopularItems', () => {
  it('asks for 8 at a time and appends pages while they come back full', async () => {
    const user = userEvent.setup();
    render(withQueryClient(<PopularItems />));
    await shown(8);
    expect(requests[0]?.searchParams.get('NumberOfResults')).toBe('8');
    expect(requests[0]?.searchParams.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await shown(16);
    expect(requests[1]?.searchParams.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    // Page 3 holds only 4 of the 20: not full, so no more Load More.
    await shown(20);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('lowers the page size to the server MaxResults when that is smaller', async () => {
    maxResults = 5;
    const user = userEvent.setup();
    render(withQueryClient(<PopularItems />));
    await shown(5);
    expect(requests.map((r) => r.searchParams.get('NumberOfResults'))).toEqual(['8', '5']);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await shown(10);
    expect(requests.at(-1)?.searchParams.get('NumberOfResults')).toBe('5');
    expect(requests.at(-1)?.searchParams.get('page')).toBe('2');
  });

  it("says 'No results!' when there is nothing", async () => {
    stock = 0;
    render(withQueryClient(<PopularItems />));
    expect(await screen.findByText('No results!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('shows no Load More when the first page is not full', async () => {
    stock = 3;
    render(withQueryClient(<PopularItems />));
    await shown(3);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});
