import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { viewerKey } from '../viewer-scope';
import { keepWishlistToken, tokenQuery, wishlistToken } from '../wishlist';

/**
 * GET /c3api/wishlist/query/summary: the codes in the visitor's wishlist. A guest without a token
 * has none (no call); a signed-in customer's is found by their session, token or not.
 */
export async function getWishlistSummary(signedIn: boolean, signal?: AbortSignal): Promise<string[]> {
  if (!signedIn && !wishlistToken()) return [];
  const value = await apiGet<{ Token: string | null; ExpiryDate: string | null; Data: string[] }>(
    `/c3api/wishlist/query/summary?${tokenQuery()}`,
    signal,
  );
  keepWishlistToken(value);
  return value.Data;
}

/** The prefix of every summary key (invalidate this to refresh whichever viewer's is on screen). */
export const wishlistSummaryKey = viewerKey('wishlist', 'summary');

export function wishlistSummaryQueryOptions(signedIn = false) {
  return queryOptions({
    queryKey: [...wishlistSummaryKey, signedIn ? 'customer' : 'guest'],
    queryFn: ({ signal }) => getWishlistSummary(signedIn, signal),
    staleTime: 0,
  });
}
