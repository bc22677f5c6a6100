import { PageSize, type SearchResultsValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

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

/**
 * One page of results in the query cache, keyed by the call's URL. The server renders a search
 * through these and hands them over, so the browser's first render draws the same results without
 * asking again (use-search-results.ts reads them while hydrating).
 */
export function searchResultsQueryOptions(params: URLSearchParams) {
  return queryOptions({
    queryKey: ['search', 'results', searchResultsPath(params)],
    queryFn: ({ signal }) => getSearchResults(params, signal),
  });
}
