import type { StartAgainValue, UnfinishedPaymentBody } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/payment/startagain: the open payment cancelled at its provider and its items
 * released at once (Status cancelled); paid meanwhile (Status paid, its ConfirmationUrl); or not
 * known yet (pending). Repeating it changes nothing.
 */
export function startPaymentAgain(body: UnfinishedPaymentBody): Promise<StartAgainValue> {
  return apiPost<StartAgainValue>('/c3api/checkout/payment/startagain', body);
}
