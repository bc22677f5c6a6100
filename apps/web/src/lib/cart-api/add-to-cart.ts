import type { Cart } from '@shop/contract';
import { apiPost } from '../api-client';

/** POST /c3api/cart/add: adds an available item and answers the cart. */
export function addToCart(productId: number): Promise<Cart> {
  return apiPost<Cart>(`/c3api/cart/add?productId=${productId}`);
}
