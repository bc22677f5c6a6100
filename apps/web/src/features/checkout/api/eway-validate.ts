import type { EwayValidateBody, EwayValidateValue } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/eway/validate: after the modal's Complete. The server asks Eway and answers
 * ConfirmationUrl when paid, else the ErrorMessage to show.
 */
export function validateEwayPayment(body: EwayValidateBody): Promise<EwayValidateValue> {
  return apiPost<EwayValidateValue>('/c3api/checkout/eway/validate', body);
}
