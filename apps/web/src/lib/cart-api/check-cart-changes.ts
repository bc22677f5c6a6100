import type { CartChangeCheck } from '@shop/contract';
import { apiPost } from '../api-client';

/** POST /c3api/cart/add with stateHash and price: what changed since the shopper saw the item; adds nothing. */
export function checkCartChanges(productId: number, stateHash: string, price: number): Promise<CartChangeCheck> {
  const query = new URLSearchParams({ productId: String(productId), stateHash, price: String(price) });
  return apiPost<CartChangeCheck>(`/c3api/cart/add?${query}`);
}
