import type { StoreFinderStore, StoreQueryValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';

/**
 * GET /c3api/store/query/: the region's stores, each with its day (OpenNow, TodayHours, in the
 * store's own zone) and, given `near`, its distance. The store finder lists them; the product page
 * reads its store's day; the cart measures from the shopper's place to each store.
 */
export interface StoresQuery {
  /** A place as the search's `near` says it (postcode, suburb, district or "lat,lng"). */
  near?: string | undefined;
  /** Text matched against store names. */
  query?: string | undefined;
  sort: 'state' | 'name' | 'distance';
}

export function storesPath({ near, query, sort }: StoresQuery): string {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  params.set('sort', sort);
  if (near) params.set('near', near);
  return `/c3api/store/query/?${params}`;
}

export function getStores(query: StoresQuery, signal?: AbortSignal): Promise<StoreQueryValue> {
  return apiGet<StoreQueryValue>(storesPath(query), signal);
}

export function storesQueryOptions(query: StoresQuery) {
  return queryOptions({
    queryKey: ['stores', query.sort, query.near ?? '', query.query ?? ''],
    queryFn: ({ signal }) => getStores(query, signal),
    // "Open now" changes with the clock: a minute's answer is fresh enough.
    staleTime: 60_000,
    retry: false,
  });
}

/** One store's entry (with its day) by slug: the name's first word narrows the list, the slug picks. */
export function storeBySlugQueryOptions(slug: string) {
  const base = storesQueryOptions({ query: slug.split('-')[0] ?? slug, sort: 'name' });
  return queryOptions({
    ...base,
    select: (value: StoreQueryValue): StoreFinderStore | null => value.Stores.find((s) => s.Slug === slug) ?? null,
  });
}
