import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { viewerKey } from '../viewer-scope';
import { keepWishlistToken, tokenQuery, wishlistToken } from '../wishlist';

/** GET /c3api/wishlist/query/summary: the codes in the visitor's wishlist (none without a token). */
export async function getWishlistSummary(signal?: AbortSignal): Promise<string[]> {
  if (!wishlistToken()) return [];
  const value = await apiGet<{ Token: string | null; ExpiryDate: string | null; Data: string[] }>(
    `/c3api/wishlist/query/summary?${tokenQuery()}`,
    signal,
  );
  keepWishlistToken(value);
  return value.Data;
}

export const wishlistSummaryKey = viewerKey('wishlist', 'summary');

export function wishlistSummaryQueryOptions() {
  return queryOptions({
    queryKey: wishlistSummaryKey,
    queryFn: ({ signal }) => getWishlistSummary(signal),
    staleTime: 0,
  });
}
