import type { WishlistMergeValue } from '@shop/contract';
import { apiGetWithAntiForgery } from '../api-client';

/**
 * GET /c3api/wishlist/merge?token=: joins the guest wishlist of `token` into the signed-in
 * customer's (storefront.md section 7). A GET by the spec that changes data, so it carries the
 * anti-forgery header like a POST.
 */
export async function mergeWishlist(token: string): Promise<WishlistMergeValue['Data']> {
  const value = await apiGetWithAntiForgery<WishlistMergeValue>(
    `/c3api/wishlist/merge?${new URLSearchParams({ token })}`,
  );
  return value.Data;
}
