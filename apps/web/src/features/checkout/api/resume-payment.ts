import type { UnfinishedPaymentBody } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/checkout/payment/resume: the shopper's open payment opened again at its provider (the
 * same attempt; its items held a fresh span). Answers what the provider's page needs, as placing
 * the order does (with TrackingNumber), or ConfirmationUrl when it was paid meanwhile.
 */
export function resumePayment(body: UnfinishedPaymentBody): Promise<Record<string, unknown>> {
  return apiPost<Record<string, unknown>>('/c3api/checkout/payment/resume', body);
}
