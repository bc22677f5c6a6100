import type { ShippingEstimate, ShippingEstimateBody } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { rememberPostcode } from '../../../lib/shopper-postcode';

/**
 * POST /c3api/checkout/shipping/estimate: the postage costs of an option (or one store's shipment)
 * for an address. The postcode of a whole-cart delivery is remembered, so product pages quote it.
 */
export async function estimateShipping(body: ShippingEstimateBody, signal?: AbortSignal): Promise<ShippingEstimate> {
  const estimate = await apiPost<ShippingEstimate>('/c3api/checkout/shipping/estimate', body, signal);
  const postcode = body.DeliveryAddress?.PostCode?.trim() ?? '';
  if (postcode !== '' && body.StoreId === undefined) {
    // The server accepted it, so its shape says the region: four digits in AU, letters in the UK.
    rememberPostcode(/^\d{4}$/.test(postcode) ? 'AU' : 'UK', postcode);
  }
  return estimate;
}

/**
 * The estimate as a query. Postage depends on where it goes by postcode (checkout.md section 4:
 * costs load again when the postcode changes), so the key holds the postcode rather than the whole
 * address: editing the street does not ask again.
 */
export function shippingEstimateQueryOptions(body: ShippingEstimateBody & { enabled: boolean }) {
  const { enabled, ...request } = body;
  const postcode = (request.DeliveryAddress?.PostCode ?? '').replace(/\s+/g, '').toUpperCase();
  return queryOptions({
    queryKey: ['checkout', 'shipping-estimate', request.SystemName, request.StoreId ?? 0, postcode],
    queryFn: ({ signal }) => estimateShipping(request, signal),
    enabled,
    // The costs of a postcode do not change while the shopper is on the page.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
