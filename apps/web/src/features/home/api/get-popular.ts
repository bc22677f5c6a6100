import { PageSize, type PopularValue, type ProductListItem } from '@shop/contract';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiGet } from '../../../lib/api-client';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import { useForgetOnLeave } from '../../../lib/use-forget-on-leave';

export function popularPath(page: number, numberOfResults: number): string {
  return `/c3api/product/popular?${new URLSearchParams({ page: String(page), NumberOfResults: String(numberOfResults) })}`;
}

/** A page of popular items and the page size the server gave it at. */
export interface PopularPage {
  value: PopularValue;
  size: number;
}

/**
 * One page of popular items. Asks for `size` (8 by default); if the server can give fewer per
 * request (MaxResults), the request is repeated at that size so pages line up (account.md 9).
 */
export async function getPopularPage(page: number, size: number, signal?: AbortSignal): Promise<PopularPage> {
  const value = await apiGet<PopularValue>(popularPath(page, size), signal);
  if (value.MaxResults > 0 && value.MaxResults < size) {
    const smaller = value.MaxResults;
    return { value: await apiGet<PopularValue>(popularPath(page, smaller), signal), size: smaller };
  }
  return { value, size };
}

/** A page came back full: there may be more (Load More shows). */
function isFull(page: PopularPage): boolean {
  const received = page.value.ProductListItems.length;
  return received >= page.size && received > 0;
}

/**
 * Popular items, page 1 first; each Load More appends the next page at the size the last one was
 * given. The server renders the first page through these options and hands it over.
 */
export function popularQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['home', 'popular', PageSize.popular],
    queryFn: ({ pageParam, signal }) => getPopularPage(pageParam.page, pageParam.size, signal),
    initialPageParam: { page: 1, size: PageSize.popular as number },
    getNextPageParam: (last: PopularPage, _pages, param) =>
      isFull(last) ? { page: param.page + 1, size: last.size } : undefined,
  });
}

/** The server's load of the first page; a failure is left out of the cache, so the browser asks again. */
export async function prefetchPopularItems(client: QueryClient): Promise<void> {
  const options = popularQueryOptions();
  await client
    .fetchInfiniteQuery(options)
    .catch(() => client.removeQueries({ queryKey: options.queryKey, exact: true }));
}

/** The pages' items in order, an item a later page repeats shown once. */
function itemsOf(pages: PopularPage[]): ProductListItem[] {
  const items: ProductListItem[] = [];
  for (const [index, page] of pages.entries()) {
    const received = page.value.ProductListItems;
    if (index === 0) {
      items.push(...received);
      continue;
    }
    const seen = new Set(items.map((item) => item.Code));
    items.push(...received.filter((item) => !seen.has(item.Code)));
  }
  return items;
}

export interface PopularState {
  items: ProductListItem[];
  status: 'loading' | 'loading-more' | 'idle' | 'error';
  /** Load More shows only while the last page came back full. */
  hasMore: boolean;
  load: () => void;
  loadMore: () => void;
}

/**
 * Popular items, page 1 first; each Load More appends the next page. Each visit starts again from
 * page 1, except the one that hydrates the server's HTML: it starts from the page the server drew,
 * and does not ask again.
 */
export function usePopularItems(): PopularState {
  const fromServer = useRendersServerHtml();
  const [hydrating] = useState(fromServer);
  const options = popularQueryOptions();
  const query = useInfiniteQuery({
    ...options,
    // Nothing asks again behind the shopper's back; a page mounted in the browser asks on mount.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: hydrating ? false : 'always',
    retry: false,
  });
  useForgetOnLeave(options.queryKey);
  const items = useMemo(() => (query.data ? itemsOf(query.data.pages) : []), [query.data]);
  let status: PopularState['status'];
  if (query.isFetchingNextPage) status = 'loading-more';
  else if (query.isFetching) status = 'loading';
  else if (query.isError) status = 'error';
  else if (query.isPending) status = 'loading';
  else status = 'idle';
  return {
    items: status === 'loading' ? [] : items,
    status,
    hasMore: query.hasNextPage,
    load: () => void query.refetch(),
    loadMore: () => void query.fetchNextPage(),
  };
}
