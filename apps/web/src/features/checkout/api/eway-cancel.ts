import type { EwayCancelBody, EwayCancelValue } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/eway/cancel: the shopper closed the modal or left step 3. The server cancels
 * the order unless Eway says it was paid meanwhile (Status paid, with its ConfirmationUrl).
 */
export function cancelEwayPayment(body: EwayCancelBody): Promise<EwayCancelValue> {
  return apiPost<EwayCancelValue>('/c3api/checkout/eway/cancel', body);
}
