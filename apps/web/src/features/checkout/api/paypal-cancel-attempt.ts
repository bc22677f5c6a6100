import type { PayPalCancelAttemptBody, PayPalCancelAttemptValue } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/paypal/cancelattempt: the shopper left step 3 with a PayPal order open (the
 * buttons created it, nobody approved it). The server cancels the order and frees the items, so
 * coming back and paying again is not refused as an order already in progress.
 */
export function cancelPayPalAttempt(body: PayPalCancelAttemptBody): Promise<PayPalCancelAttemptValue> {
  return apiPost<PayPalCancelAttemptValue>('/c3api/checkout/paypal/cancelattempt', body);
}
