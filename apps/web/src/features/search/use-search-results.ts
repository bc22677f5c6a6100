import type { ContentListItem, ProductListItem, SearchResultsValue } from '@shop/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRendersServerHtml } from '../../lib/ssr-state';
import { getSearchResults, searchResultsQueryOptions } from './api/get-search-results';
import { pageOf, restorePlan, searchKey } from './search-form';

export interface SearchData {
  status: 'loading' | 'error' | 'done';
  /** The latest reply: facets, sort options, breadcrumbs, pills and counts. */
  value: SearchResultsValue | null;
  products: ProductListItem[];
  content: ContentListItem[];
  /** The last page loaded. */
  page: number;
  /** A page came back with nothing: load more is hidden. */
  exhausted: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMoreError: string | null;
}

const LOADING: SearchData = {
  status: 'loading',
  value: null,
  products: [],
  content: [],
  page: 0,
  exhausted: false,
  loadingMore: false,
  error: null,
  loadMoreError: null,
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isEmpty(value: SearchResultsValue): boolean {
  return value.ProductList.ProductListItems.length === 0 && value.ContentListResults.ContentListItems.length === 0;
}

function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}

/** The pages a URL restores (restorePlan), stopping at the first empty one, each by `fetchPage`. */
export async function loadRestorePlan(
  params: URLSearchParams,
  fetchPage: (params: URLSearchParams) => Promise<SearchResultsValue>,
): Promise<void> {
  for (const p of restorePlan(pageOf(params))) {
    if (isEmpty(await fetchPage(withPage(params, p)))) break;
  }
}

/**
 * The results the server rendered for this URL, from the query cache it handed over (the same
 * pages, in the same order, as the effect below would load), or null when any page is missing.
 */
function serverResults(client: QueryClient, params: URLSearchParams): SearchData | null {
  const products: ProductListItem[] = [];
  const content: ContentListItem[] = [];
  let value: SearchResultsValue | null = null;
  let last = 0;
  let exhausted = false;
  for (const p of restorePlan(pageOf(params))) {
    const reply = client.getQueryData(searchResultsQueryOptions(withPage(params, p)).queryKey);
    if (!reply) return null;
    value = reply;
    last = p;
    products.push(...reply.ProductList.ProductListItems);
    content.push(...reply.ContentListResults.ContentListItems);
    if (isEmpty(reply)) {
      exhausted = true;
      break;
    }
  }
  return { ...LOADING, status: 'done', value, products, content, page: last, exhausted };
}

/** Whether another page has products (or pages, for the Pages tab) to show. */
export function hasMore(data: SearchData, tab: 'products' | 'pages'): boolean {
  if (data.status !== 'done' || !data.value || data.exhausted) return false;
  const total =
    tab === 'products'
      ? data.value.ProductList.ProductListItemCount
      : data.value.ContentListResults.ContentListItemCount;
  return data.page * data.value.MaxResults < total;
}

/**
 * The results for the URL. A new search (another URL apart from the page) loads from scratch,
 * restoring a deep page one page at a time (spec: N-10..N above 10, else 1..N); a URL that only
 * records the page load more reached does not reload. `loadMore` appends the next page and then
 * reports it, so the page can replace the URL.
 */
export function useSearchResults(
  params: URLSearchParams,
  options: { enabled: boolean; onLoadedMore: (page: number) => void },
): { data: SearchData; loadMore: () => void } {
  const urlKey = params.toString();
  const client = useQueryClient();
  const fromServer = useRendersServerHtml();
  // A server-rendered search starts from the results the server drew, and does not ask again.
  const [data, setData] = useState<SearchData>(
    () => (options.enabled && fromServer ? serverResults(client, params) : null) ?? LOADING,
  );
  const loaded = useRef<{ key: string; page: number } | null>(
    data.status === 'done' ? { key: searchKey(params), page: pageOf(params) } : null,
  );
  const more = useRef<AbortController | null>(null);
  const busy = useRef(false);
  const dataRef = useRef(data);
  dataRef.current = data;
  const onLoadedMore = useRef(options.onLoadedMore);
  onLoadedMore.current = options.onLoadedMore;

  useEffect(() => {
    if (!options.enabled) return;
    const current = new URLSearchParams(urlKey);
    const key = searchKey(current);
    const page = pageOf(current);
    if (loaded.current && loaded.current.key === key && loaded.current.page === page) return;
    loaded.current = { key, page };
    more.current?.abort();
    busy.current = false;
    const controller = new AbortController();
    let complete = false;
    setData(LOADING);
    (async () => {
      const products: ProductListItem[] = [];
      const content: ContentListItem[] = [];
      let value: SearchResultsValue | null = null;
      let last = 0;
      let exhausted = false;
      try {
        for (const p of restorePlan(page)) {
          const reply = await getSearchResults(withPage(current, p), controller.signal);
          value = reply;
          last = p;
          products.push(...reply.ProductList.ProductListItems);
          content.push(...reply.ContentListResults.ContentListItems);
          if (isEmpty(reply)) {
            exhausted = true;
            break;
          }
        }
        complete = true;
        setData({ ...LOADING, status: 'done', value, products, content, page: last, exhausted });
      } catch (error) {
        if (controller.signal.aborted) return;
        complete = true;
        setData({ ...LOADING, status: 'error', error: messageOf(error) });
      }
    })();
    return () => {
      controller.abort();
      // An interrupted load is not a loaded page: the next run (Strict Mode's second one) starts again.
      if (!complete) loaded.current = null;
    };
  }, [urlKey, options.enabled]);

  const loadMore = useCallback(() => {
    const currentData = dataRef.current;
    if (busy.current || currentData.status !== 'done' || currentData.exhausted) return;
    const key = loaded.current?.key;
    if (key === undefined) return;
    busy.current = true;
    const next = currentData.page + 1;
    const controller = new AbortController();
    more.current = controller;
    setData((d) => ({ ...d, loadingMore: true, loadMoreError: null }));
    getSearchResults(withPage(new URLSearchParams(urlKey), next), controller.signal).then(
      (reply) => {
        busy.current = false;
        if (controller.signal.aborted) return;
        if (isEmpty(reply)) {
          setData((d) => ({ ...d, loadingMore: false, exhausted: true, value: reply }));
          return;
        }
        loaded.current = { key, page: next };
        setData((d) => ({
          ...d,
          value: reply,
          products: [...d.products, ...reply.ProductList.ProductListItems],
          content: [...d.content, ...reply.ContentListResults.ContentListItems],
          page: next,
          loadingMore: false,
        }));
        onLoadedMore.current(next);
      },
      (error: unknown) => {
        busy.current = false;
        if (controller.signal.aborted) return;
        setData((d) => ({ ...d, loadingMore: false, loadMoreError: messageOf(error) }));
      },
    );
  }, [urlKey]);

  // Not enabled: the page is about to move to another URL (the remembered location, applied once
  // hydrated), so what it shows is on its way, not the server's results for the URL being left.
  return { data: options.enabled ? data : LOADING, loadMore };
}
