import { apiGet } from '../api-client';
import { keepWishlistToken, tokenQuery } from '../wishlist';

/** GET /c3api/wishlist/cleanup: removes the sold items and names them. */
export async function cleanUpWishlist(): Promise<string[]> {
  const value = await apiGet<{ Token: string | null; ExpiryDate: string | null; Data: { RemovedCodes: string[] } }>(
    `/c3api/wishlist/cleanup?${tokenQuery()}`,
  );
  keepWishlistToken(value);
  return value.Data.RemovedCodes;
}
