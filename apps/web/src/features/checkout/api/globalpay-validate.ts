import type { GlobalPayTrackingBody, GlobalPayValidateValue } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/globalpay/validate: after the frame said it finished. The server asks Global Payments and
 * answers ConfirmationUrl when paid, the ErrorMessage when not, or both null when it has no answer yet.
 */
export function validateGlobalPayPayment(body: GlobalPayTrackingBody): Promise<GlobalPayValidateValue> {
  return apiPost<GlobalPayValidateValue>('/c3api/checkout/globalpay/validate', body);
}
