import { type ContentListItem, PageSize, type ProductListItem, type SearchResultsValue } from '@shop/contract';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { apiGet } from '../../../lib/api-client';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import { useForgetOnLeave } from '../../../lib/use-forget-on-leave';
import { pageOf, restorePlan, searchKey } from '../search-form';

export function searchResultsPath(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  // The spec's shaping: a page that is not a number is dropped rather than sent.
  const page = query.get('page');
  if (page !== null && !/^\d+$/.test(page)) query.delete('page');
  if (!query.has('NumberOfResults')) query.set('NumberOfResults', String(PageSize.search));
  return `/c3api/search/results?${query}`;
}

/** Fetches a page of results; repeats once with the server's MaxResults when it differs (spec section 7). */
export async function getSearchResults(params: URLSearchParams, signal?: AbortSignal): Promise<SearchResultsValue> {
  const value = await apiGet<SearchResultsValue>(searchResultsPath(params), signal);
  const asked = Number(params.get('NumberOfResults') ?? PageSize.search);
  if (value.MaxResults !== asked) {
    const again = new URLSearchParams(params);
    again.set('NumberOfResults', String(value.MaxResults));
    return apiGet<SearchResultsValue>(searchResultsPath(again), signal);
  }
  return value;
}

function isEmpty(value: SearchResultsValue): boolean {
  return value.ProductList.ProductListItems.length === 0 && value.ContentListResults.ContentListItems.length === 0;
}

function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}

/** Pages `from` to `to` of a search, asked one at a time. */
export interface PageRange {
  from: number;
  to: number;
}

/** The replies to a range of pages: it ends early at the first empty page (`exhausted`). */
export interface ResultPages {
  replies: SearchResultsValue[];
  /** The last page asked for. */
  last: number;
  exhausted: boolean;
}

/** Asks for each page of `range` in turn, stopping at the first empty one; `onReply` sees each reply. */
export async function getResultPages(
  params: URLSearchParams,
  range: PageRange,
  signal?: AbortSignal,
  onReply?: (reply: SearchResultsValue) => void,
): Promise<ResultPages> {
  const replies: SearchResultsValue[] = [];
  for (let page = range.from; page <= range.to; page++) {
    const reply = await getSearchResults(withPage(params, page), signal);
    onReply?.(reply);
    replies.push(reply);
    if (isEmpty(reply)) return { replies, last: page, exhausted: true };
  }
  return { replies, last: range.to, exhausted: false };
}

/**
 * The results of a search URL in the query cache. Its first entry is every page the URL restores
 * (spec: N-10..N above 10, else 1..N), asked one page at a time; each Load More appends the next
 * page. Keyed by the call's URL without the page, and the page the URL restored: the server renders
 * a search through these options and hands the entry over, so the browser draws the same results
 * without asking again.
 */
export function searchResultsInfiniteQueryOptions(
  params: URLSearchParams,
  onReply?: (reply: SearchResultsValue) => void,
) {
  const plan = restorePlan(pageOf(params));
  const from = plan[0] ?? 1;
  const to = plan[plan.length - 1] ?? from;
  const search = new URLSearchParams(params);
  search.delete('page');
  return infiniteQueryOptions({
    queryKey: ['search', 'results', searchResultsPath(search), to],
    queryFn: ({ pageParam, signal }) => getResultPages(params, pageParam, signal, onReply),
    initialPageParam: { from, to } as PageRange,
    getNextPageParam: (last: ResultPages): PageRange | undefined =>
      last.exhausted ? undefined : { from: last.last + 1, to: last.last + 1 },
  });
}

/**
 * The server's load of a search page: the pages its URL restores, into the cache it hands over.
 * Answers the last reply, for the page's title and description. A failure is left out of the
 * cache, so the page is drawn loading and the browser asks again.
 */
export async function prefetchSearchResults(
  client: QueryClient,
  params: URLSearchParams,
): Promise<SearchResultsValue | null> {
  let last = null as SearchResultsValue | null;
  const options = searchResultsInfiniteQueryOptions(params, (reply) => {
    last = reply;
  });
  await client
    .fetchInfiniteQuery(options)
    .catch(() => client.removeQueries({ queryKey: options.queryKey, exact: true }));
  return last;
}

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

/** Whether another page has products (or pages, for the Pages tab) to show. */
export function hasMore(data: SearchData, tab: 'products' | 'pages'): boolean {
  if (data.status !== 'done' || !data.value || data.exhausted) return false;
  const total =
    tab === 'products'
      ? data.value.ProductList.ProductListItemCount
      : data.value.ContentListResults.ContentListItemCount;
  return data.page * data.value.MaxResults < total;
}

/** Everything loaded so far, in order. */
function loadedResults(
  entries: ResultPages[],
): Pick<SearchData, 'value' | 'products' | 'content' | 'page' | 'exhausted'> {
  const replies = entries.flatMap((entry) => entry.replies);
  const last = entries[entries.length - 1];
  return {
    value: replies[replies.length - 1] ?? null,
    products: replies.flatMap((reply) => reply.ProductList.ProductListItems),
    content: replies.flatMap((reply) => reply.ContentListResults.ContentListItems),
    page: last?.last ?? 0,
    exhausted: last?.exhausted ?? false,
  };
}

/** The page a search's entry has reached: the page its URL restored, plus each Load More that found more. */
function reachedPage(entries: ResultPages[] | undefined, restored: number): number {
  return restored + (entries ?? []).slice(1).filter((entry) => !entry.exhausted).length;
}

/** Which search and page the results were loaded for; `url` is the URL last seen. */
interface Restored {
  url: string;
  key: string;
  page: number;
}

/**
 * The results for the URL. A new search (another URL apart from the page) loads from scratch,
 * restoring a deep page one page at a time; a URL that only records the page load more reached
 * does not reload. `loadMore` appends the next page and then reports it, so the page can replace
 * the URL. Each visit asks afresh, as the page always has, except the one that hydrates the
 * server's HTML: it starts from the results the server drew, and does not ask again.
 */
export function useSearchResults(
  params: URLSearchParams,
  options: { enabled: boolean; onLoadedMore: (page: number) => void },
): { data: SearchData; loadMore: () => void } {
  const client = useQueryClient();
  const urlKey = params.toString();
  const fromServer = useRendersServerHtml();
  const [hydrating] = useState(fromServer);
  const [restored, setRestored] = useState<Restored>(() => ({
    url: urlKey,
    key: searchKey(params),
    page: pageOf(params),
  }));
  let current = restored;
  if (restored.url !== urlKey) {
    const before = searchResultsInfiniteQueryOptions(withPage(new URLSearchParams(restored.url), restored.page));
    const reached = reachedPage(client.getQueryData(before.queryKey)?.pages, restored.page);
    const key = searchKey(params);
    const page = pageOf(params);
    current = key === restored.key && page === reached ? { ...restored, url: urlKey } : { url: urlKey, key, page };
    setRestored(current);
  }

  const queryOptions = searchResultsInfiniteQueryOptions(withPage(params, current.page));
  const query = useInfiniteQuery({
    ...queryOptions,
    enabled: options.enabled,
    // Nothing asks again behind the shopper's back; a page mounted in the browser asks on mount.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: hydrating ? false : 'always',
    retry: false,
  });
  useForgetOnLeave(queryOptions.queryKey);

  const loaded = useMemo(() => (query.data ? loadedResults(query.data.pages) : null), [query.data]);
  let data: SearchData;
  // A first load, or a visit asking again for what the cache held: the page shows it loading.
  if (query.isFetching && !query.isFetchingNextPage) data = LOADING;
  else if (query.isError && !query.isFetchNextPageError) {
    data = { ...LOADING, status: 'error', error: messageOf(query.error) };
  } else if (!loaded) data = LOADING;
  else {
    data = {
      ...LOADING,
      ...loaded,
      status: 'done',
      loadingMore: query.isFetchingNextPage,
      loadMoreError: query.isFetchNextPageError && !query.isFetchingNextPage ? messageOf(query.error) : null,
    };
  }

  const hash = JSON.stringify(queryOptions.queryKey);
  const latest = useRef({ data, query, hash, onLoadedMore: options.onLoadedMore });
  latest.current = { data, query, hash, onLoadedMore: options.onLoadedMore };
  const busy = useRef(false);
  const loadMore = useCallback(() => {
    const { data: shown, query: asked, hash: searched } = latest.current;
    if (busy.current || shown.status !== 'done' || shown.exhausted) return;
    busy.current = true;
    void asked.fetchNextPage().then((result) => {
      busy.current = false;
      // Another search since: its results are not this one's.
      if (latest.current.hash !== searched || !result.isSuccess) return;
      const entry = result.data.pages[result.data.pages.length - 1];
      if (entry && !entry.exhausted) latest.current.onLoadedMore(entry.last);
    });
  }, []);

  // Not enabled: the page is about to move to another URL (the remembered location, applied once
  // hydrated), so what it shows is on its way, not the server's results for the URL being left.
  return { data: options.enabled ? data : LOADING, loadMore };
}
