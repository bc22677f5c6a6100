import type { Cart } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { viewerKey } from '../viewer-scope';

/** GET /c3api/cart/query: the guest's cart (an HttpOnly cookie the server sets); validate also flags changes. */
export function getCart(validate = false, signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>(`/c3api/cart/query${validate ? '?validate=true' : ''}`, signal);
}

export const cartKey = viewerKey('cart', 'query');

export function cartQueryOptions() {
  return queryOptions({ queryKey: cartKey, queryFn: ({ signal }) => getCart(true, signal), staleTime: 0 });
}
