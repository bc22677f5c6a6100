import type { Store, StoreQueryValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/**
 * The store query's text filter matches names, so the slug's first word ('fyshwick' of
 * 'fyshwick-act', 'southend' of 'southend-on-sea-ess') narrows the region's stores to a handful;
 * the exact slug then picks the one.
 */
export function storeSearchPath(slug: string): string {
  const word = slug.split('-')[0] ?? slug;
  return `/c3api/store/query/?${new URLSearchParams({ query: word, sort: 'name' })}`;
}

export async function getStore(slug: string, signal?: AbortSignal): Promise<Store> {
  const value = await apiGet<StoreQueryValue>(storeSearchPath(slug), signal);
  const store = value.Stores.find((s) => s.Slug === slug);
  if (!store) throw new ApiError('There is no store at this address in this region.', 404);
  return store;
}

export function storeQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['store', slug],
    queryFn: ({ signal }) => getStore(slug, signal),
    staleTime: 5 * 60_000,
    // A missing store stays missing: asking again would only delay the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** One of the region's stores by its slug; an unknown slug is a 404. Null asks nothing. */
export function useStore(slug: string | null) {
  return useApiQuery({ ...storeQueryOptions(slug ?? ''), enabled: slug !== null });
}
