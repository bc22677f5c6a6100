import {
  ResumePaymentValueSchema,
  type StartAgainValue,
  StartAgainValueSchema,
  UnfinishedPaymentBodySchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import type { UnfinishedPayments } from './unfinished-payments.js';

const MINUTE_MS = 60 * 1000;

/**
 * The shopper's own payment left open (unfinished-payments.ts): resume it, or start again. Both are
 * POSTs (the anti-forgery check applies) for the browser that placed the order only (else 404).
 */
export function unfinishedPaymentRoutes(unfinished: UnfinishedPayments): ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/payment/resume',
      summary:
        "Opens the shopper's open payment again at its provider (same attempt, the hold given a fresh span): answers what the provider's page needs with TrackingNumber, or ConfirmationUrl when it was paid meanwhile; 409 when it has ended",
      tag: 'checkout',
      body: UnfinishedPaymentBodySchema,
      value: ResumePaymentValueSchema,
      rateLimit: { max: 30, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => unfinished.resume(ctx, body.TrackingNumber),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/payment/startagain',
      summary:
        "Start again: the shopper's open payment is cancelled at its provider and here, and its items are released at once (paid meanwhile: Status paid with ConfirmationUrl; the provider unreachable: pending). Repeats change nothing",
      tag: 'checkout',
      body: UnfinishedPaymentBodySchema,
      value: StartAgainValueSchema,
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }): Promise<StartAgainValue> => {
        const outcome = await unfinished.startAgain(ctx, body.TrackingNumber);
        return {
          Status: outcome.status,
          ConfirmationUrl: outcome.status === 'paid' ? outcome.confirmationUrl : null,
        };
      },
    }),
  ];
}
