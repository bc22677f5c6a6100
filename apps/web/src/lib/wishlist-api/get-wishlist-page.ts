import type { WishlistPageValue } from '@shop/contract';
import { apiGet } from '../api-client';
import { keepWishlistToken, wishlistToken } from '../wishlist';

/** GET /c3api/wishlist/query/page: one page of the wishlist's cards, sorted as asked. */
export async function getWishlistPage(
  page: number,
  pageSize: number | null,
  sortBy: string | null,
  sortDescending: boolean,
): Promise<WishlistPageValue['Data']> {
  const query = new URLSearchParams();
  const token = wishlistToken();
  if (token) query.set('token', token);
  query.set('page', String(page));
  if (pageSize) query.set('pageSize', String(pageSize));
  if (sortBy) {
    query.set('sortBy', sortBy);
    query.set('sortDescending', String(sortDescending));
  }
  const value = await apiGet<WishlistPageValue>(`/c3api/wishlist/query/page?${query}`);
  keepWishlistToken(value);
  return value.Data;
}
