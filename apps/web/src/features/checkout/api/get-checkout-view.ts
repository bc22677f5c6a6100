import type { CheckoutViewValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/checkout/view: the cart, delivery and payment options and a signed-in customer's details. */
export function getCheckoutView(signal?: AbortSignal): Promise<CheckoutViewValue> {
  return apiGet<CheckoutViewValue>('/c3api/checkout/view', signal);
}

/** Under the cart's scope: it belongs to whoever is shopping, and signing in or out asks again. */
export const checkoutViewKey = viewerKey('cart', 'checkout-view');

export function checkoutViewQueryOptions() {
  return queryOptions({
    queryKey: checkoutViewKey,
    queryFn: ({ signal }) => getCheckoutView(signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useCheckoutView() {
  return useApiQuery(checkoutViewQueryOptions());
}
