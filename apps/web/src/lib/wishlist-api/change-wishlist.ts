import type { WishlistChangeValue } from '@shop/contract';
import { apiPost } from '../api-client';
import { keepWishlistToken, wishlistToken } from '../wishlist';

/** POST /c3api/wishlist/add or /remove with the visitor's token; keeps the token the reply carries. */
export async function changeWishlist(action: 'add' | 'remove', code: string): Promise<WishlistChangeValue['Data']> {
  const value = await apiPost<WishlistChangeValue>(`/c3api/wishlist/${action}`, {
    Token: wishlistToken(),
    ItemCode: code,
  });
  keepWishlistToken(value);
  return value.Data;
}
