import type { SplitShipment } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /c3api/checkout/splitcheckoutview: the cart per store with each store's delivery options. */
export function getSplitCheckoutView(signal?: AbortSignal): Promise<SplitShipment[]> {
  return apiGet<SplitShipment[]>('/c3api/checkout/splitcheckoutview', signal);
}

export const splitCheckoutViewKey = ['checkout', 'split-view'] as const;

/** Loaded when split postage is first chosen (checkout.md section 4), then kept for the visit to the page. */
export function splitCheckoutViewQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: splitCheckoutViewKey,
    queryFn: ({ signal }) => getSplitCheckoutView(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
