import type { GlobalPayCancelValue, GlobalPayTrackingBody } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/globalpay/cancel: the shopper cancelled or left step 3. The server cancels the order
 * (voiding an authorisation) unless it was paid meanwhile (Status paid, with its ConfirmationUrl).
 */
export function cancelGlobalPayPayment(body: GlobalPayTrackingBody): Promise<GlobalPayCancelValue> {
  return apiPost<GlobalPayCancelValue>('/c3api/checkout/globalpay/cancel', body);
}
