import { PageSize, type PopularValue, type ProductListItem } from '@shop/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet } from '../../../lib/api-client';
import { useRendersServerHtml } from '../../../lib/ssr-state';

export function popularPath(page: number, numberOfResults: number): string {
  return `/c3api/product/popular?${new URLSearchParams({ page: String(page), NumberOfResults: String(numberOfResults) })}`;
}

/**
 * One page of popular items. Asks for `size` (8 by default); if the server can give fewer per
 * request (MaxResults), the request is repeated at that size so pages line up (account.md 9).
 */
export async function getPopularPage(
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<{ value: PopularValue; size: number }> {
  const value = await apiGet<PopularValue>(popularPath(page, size), signal);
  if (value.MaxResults > 0 && value.MaxResults < size) {
    const smaller = value.MaxResults;
    return { value: await apiGet<PopularValue>(popularPath(page, smaller), signal), size: smaller };
  }
  return { value, size };
}

/** The first page as the server renders it and hands over (the hook reads it while hydrating). */
export function popularFirstPageQueryOptions() {
  return queryOptions({
    queryKey: ['home', 'popular', 1, PageSize.popular],
    queryFn: ({ signal }) => getPopularPage(1, PageSize.popular, signal),
  });
}

export interface PopularState {
  items: ProductListItem[];
  status: 'loading' | 'loading-more' | 'idle' | 'error';
  /** Load More shows only while the last page came back full. */
  hasMore: boolean;
  load: () => void;
  loadMore: () => void;
}

/** Popular items, page 1 first; each Load More appends the next page. */
export function usePopularItems(): PopularState {
  // A server-rendered home page starts from the first page the server drew, and does not ask again.
  const client = useQueryClient();
  const fromServer = useRendersServerHtml();
  const [initial] = useState(() =>
    fromServer ? client.getQueryData(popularFirstPageQueryOptions().queryKey) : undefined,
  );
  const [items, setItems] = useState<ProductListItem[]>(initial?.value.ProductListItems ?? []);
  const [status, setStatus] = useState<PopularState['status']>(initial ? 'idle' : 'loading');
  const [hasMore, setHasMore] = useState(
    initial
      ? initial.value.ProductListItems.length >= initial.size && initial.value.ProductListItems.length > 0
      : false,
  );
  const next = useRef({ page: initial ? 2 : 1, size: initial?.size ?? (PageSize.popular as number) });
  const skipFirstLoad = useRef(initial !== undefined);
  const controller = useRef<AbortController | null>(null);

  const fetchPage = useCallback((first: boolean) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    if (first) next.current = { page: 1, size: PageSize.popular };
    const { page, size } = next.current;
    setStatus(first ? 'loading' : 'loading-more');
    getPopularPage(page, size, abort.signal)
      .then(({ value, size: used }) => {
        const received = value.ProductListItems;
        setItems((previous) => {
          if (first) return received;
          const seen = new Set(previous.map((item) => item.Code));
          return [...previous, ...received.filter((item) => !seen.has(item.Code))];
        });
        next.current = { page: page + 1, size: used };
        setHasMore(received.length >= used && received.length > 0);
        setStatus('idle');
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        setStatus('error');
      });
  }, []);

  useEffect(() => {
    if (skipFirstLoad.current) skipFirstLoad.current = false;
    else fetchPage(true);
    return () => controller.current?.abort();
  }, [fetchPage]);

  return {
    items,
    status,
    hasMore,
    load: useCallback(() => fetchPage(true), [fetchPage]),
    loadMore: useCallback(() => fetchPage(false), [fetchPage]),
  };
}
