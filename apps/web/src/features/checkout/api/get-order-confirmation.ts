import type { OrderConfirmationValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** GET /c3api/checkout/confirmation: an order for its confirmation page (404 for anyone without the right key). */
export function getOrderConfirmation(
  reference: string,
  key: string | null,
  signal?: AbortSignal,
): Promise<OrderConfirmationValue> {
  const query = new URLSearchParams({ reference });
  if (key) query.set('key', key);
  return apiGet<OrderConfirmationValue>(`/c3api/checkout/confirmation?${query}`, signal);
}

export function orderConfirmationQueryOptions(reference: string, key: string | null) {
  return queryOptions({
    queryKey: ['checkout', 'confirmation', reference, key ?? ''],
    queryFn: ({ signal }) => getOrderConfirmation(reference, key, signal),
    enabled: reference !== '',
    // A 404 stays a 404: asking again would not find the order.
    retry: false,
  });
}

export function useOrderConfirmation(reference: string, key: string | null) {
  return useApiQuery(orderConfirmationQueryOptions(reference, key));
}
