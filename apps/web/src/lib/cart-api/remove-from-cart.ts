import type { Cart } from '@shop/contract';
import { apiPost } from '../api-client';

/** POST /c3api/cart/remove: removes an item (not there: no change) and answers the cart. */
export function removeFromCart(productId: number): Promise<Cart> {
  return apiPost<Cart>(`/c3api/cart/remove?productId=${productId}`);
}
