import type { Money, SetExpressCostBody } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/shipping/setexpresscost: records the delivery choice (one entry for the whole
 * cart, or one per store for split postage) and answers the order total it makes.
 */
export function setExpressCost(body: SetExpressCostBody, signal?: AbortSignal): Promise<Money> {
  return apiPost<Money>('/c3api/checkout/shipping/setexpresscost', body, signal);
}
