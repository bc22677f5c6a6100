import type { Envelope } from '@shop/contract';
import { apiPostEnvelope } from '../api-client';

/**
 * POST /c3api/emailverification/resendcode: a new code to `email` (the account's when omitted).
 * The reply's Message, or for a resend that must wait, kind 4 with the hours (account.md 4, 8).
 */
export function resendVerificationCode(email: string | null): Promise<Envelope<unknown>> {
  return apiPostEnvelope<unknown>('/c3api/emailverification/resendcode', email ? { Email: email } : {});
}
