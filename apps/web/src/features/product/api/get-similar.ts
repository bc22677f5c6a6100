import { PageSize, type SimilarValue } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export function similarPath(code: string, numberOfResults: number): string {
  return `/c3api/product/similar?${new URLSearchParams({ code, NumberOfResults: String(numberOfResults) })}`;
}

/** Similar available items; repeats once with the server's MaxResults when it differs (storefront.md 9). */
export async function getSimilarItems(code: string, signal?: AbortSignal): Promise<SimilarValue> {
  const asked = PageSize.similar;
  const value = await apiGet<SimilarValue>(similarPath(code, asked), signal);
  if (value.MaxResults > 0 && value.MaxResults !== asked) {
    return apiGet<SimilarValue>(similarPath(code, value.MaxResults), signal);
  }
  return value;
}

export function similarItemsQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['product', 'similar', code],
    queryFn: ({ signal }) => getSimilarItems(code, signal),
  });
}

export type SimilarState = { status: 'loading' } | { status: 'error' } | { status: 'done'; value: SimilarValue };

const LOADING: SimilarState = { status: 'loading' };
const FAILED: SimilarState = { status: 'error' };

/**
 * The similar items of `code`, asked for once `wanted` is true (the section near the screen: it is
 * below the fold on every screen, and asking with the page put a request and the render of 16
 * cards in the middle of the page's load). Loading until then. Another item's answer is
 * never shown for this one; the answer is forgotten once the page leaves the item, and a later
 * visit asks again.
 */
export function useSimilarItems(code: string, wanted = true): SimilarState {
  const query = useQuery({
    ...similarItemsQueryOptions(code),
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  if (query.isFetching || query.isPending) return LOADING;
  if (query.isError) return FAILED;
  return { status: 'done', value: query.data };
}
