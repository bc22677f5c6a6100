import {
  GlobalPayCancelValueSchema,
  GlobalPayTrackingBodySchema,
  GlobalPayValidateValueSchema,
  globalPayErrorMessage,
  PAYMENT_RECEIVED_PATH,
} from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { type ApiRoute, defineRawRoute, defineRoute, type RawReply } from '../../lib/route.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { PaymentAttempt } from '../payments/payments.service.js';
import { queueGlobalPaySettle } from '../payments/providers/globalpay/globalpay.settlement.js';
import { type PaymentReturns, paid } from './payment-returns.js';

const MINUTE_MS = 60 * 1000;
const OPEN: PaymentAttempt['status'][] = ['pending', 'authorised'];
const NOT_OFFERED = 'GlobalPay is not offered';

/**
 * Global Payments' HPP (checkout.md 4, 7, 9; the provider's README):
 * - response: MERCHANT_RESPONSE_URL. Global Payments posts the signed result (form-encoded, from its server, so
 *   no anti-forgery header: the response hash is the proof). The provider checks it behind the port (hash,
 *   merchant, order id, amount) and the attempt is finished through PaymentReturns (one conditional write:
 *   repeats and races give one order); the settlement is queued (auto-settle is off) and the answer is the page
 *   the frame shows, which tells our page it was paid (with the neutral payment-received path, never the order's
 *   signed link: this answer goes to Global Payments' server and is shown on its origin, and anyone can replay a
 *   genuine response) or the error key. Anything unverified changes nothing.
 * - validate: the page asks after the frame said it finished; the answer is the provider's (inquire), never the
 *   browser's. Only the browser that placed the order may ask, so the confirmation URL it answers (the signed
 *   link) reaches that browser alone.
 * - cancel: the shopper left; the attempt is cancelled here first (so a late result cannot confirm the order),
 *   then an authorisation is voided at Global Payments.
 */
export function globalpayRoutes(returns: PaymentReturns, jobs: Pick<JobsService, 'enqueue'>): ApiRoute[] {
  async function respond(ctx: Ctx, fields: Record<string, string>): Promise<RawReply> {
    const provider = returns.provider('GlobalPay', NOT_OFFERED);
    const page = (status: number, answer: { confirmationUrl?: string; errorKey?: string }): RawReply => {
      const reply = provider.notificationReply?.(answer);
      if (!reply) throw new Error('GlobalPay answers its notification with a page');
      return {
        kind: 'body',
        status,
        contentType: reply.contentType,
        headers: { 'cache-control': 'no-store' },
        body: reply.body,
      };
    };
    const received = await returns.receive(ctx, provider, { fields }, { source: 'notification', during: 'response' });
    if (received.kind === 'unknown') return page(404, { errorKey: 'default' });
    if (received.kind === 'rejected') return page(400, { errorKey: 'default' });
    if (paid(received.outcome)) {
      await queueGlobalPaySettle(ctx, jobs, received.found.attempt.tracking_number);
      return page(200, { confirmationUrl: PAYMENT_RECEIVED_PATH });
    }
    // Authorised after the attempt was closed here: the finish flow revived the order ('paid' above)
    // or voided the authorisation ('refunded'), once, so no money stays held.
    return page(200, { errorKey: received.word.errorKey ?? 'default' });
  }

  return [
    defineRawRoute({
      method: 'POST',
      url: '/c3api/checkout/globalpay/response',
      summary:
        "Global Payments' signed HPP result (form-encoded, MERCHANT_RESPONSE_URL): verified, it finishes the attempt once and queues its settlement; answers the page the frame shows (its message carries the payment-received path, never the order's signed link, or the error key)",
      tag: 'checkout',
      rawBody: true,
      crossSite: true,
      cookieless: true,
      produces: ['text/html'],
      rateLimit: { max: 600, windowMs: 5 * MINUTE_MS },
      handler: async (ctx, { rawBody }) =>
        respond(ctx, Object.fromEntries(new URLSearchParams(rawBody?.toString('utf8') ?? ''))),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/globalpay/validate',
      summary:
        'After the frame finished: the payment as Global Payments has it (ConfirmationUrl when paid, the error key text when declined, both null when it has no answer yet)',
      tag: 'checkout',
      body: GlobalPayTrackingBodySchema,
      value: GlobalPayValidateValueSchema,
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        const found = await returns.attempt(ctx, 'GlobalPay', body.TrackingNumber, true);
        const { attempt } = found;
        const confirmationUrl = await returns.landingPath(ctx, found);
        let status = attempt.status;
        let errorKey: string | null = null;
        if (OPEN.includes(status)) {
          const asked = await returns.inquire(ctx, returns.provider('GlobalPay', NOT_OFFERED), found, 'browser');
          if (asked === null) return { ConfirmationUrl: null, ErrorMessage: null };
          errorKey = asked.word.errorKey;
          const { outcome } = asked;
          status =
            outcome.kind === 'paid'
              ? 'succeeded'
              : outcome.kind === 'already-final'
                ? outcome.status
                : outcome.kind === 'pending'
                  ? 'pending'
                  : 'failed';
          if (status === 'succeeded') await queueGlobalPaySettle(ctx, jobs, attempt.tracking_number);
        }
        if (status === 'succeeded') return { ConfirmationUrl: confirmationUrl, ErrorMessage: null };
        if (OPEN.includes(status)) return { ConfirmationUrl: null, ErrorMessage: null };
        errorKey ??= await returns.lastErrorKey(ctx, attempt);
        return { ConfirmationUrl: null, ErrorMessage: globalPayErrorMessage(errorKey) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/globalpay/cancel',
      summary:
        'The shopper left the card page: the attempt is cancelled and its items freed (an authorisation is voided at Global Payments); a paid attempt stays paid',
      tag: 'checkout',
      body: GlobalPayTrackingBodySchema,
      value: GlobalPayCancelValueSchema,
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        const found = await returns.attempt(ctx, 'GlobalPay', body.TrackingNumber, true);
        const outcome = await returns.cancelled(ctx, found, { reason: 'shopper cancelled' });
        if (outcome.kind === 'already-final' && outcome.status === 'succeeded')
          return { Status: 'paid' as const, ConfirmationUrl: outcome.confirmationUrl };
        try {
          // Whatever was authorised meanwhile is voided: the order is cancelled, no money may stay held.
          await returns.provider('GlobalPay', NOT_OFFERED).cancel(ctx, found.context);
          await returns.record(ctx, found.attempt, 'cancel', { ok: true });
        } catch (error) {
          // Cancelled here already; the settlement never runs for it, and the reconciler-free void is retried
          // by a late response (which voids what arrives after the end).
          await returns.record(ctx, found.attempt, 'error', { during: 'cancel', message: messageOf(error) });
        }
        return { Status: 'cancelled' as const, ConfirmationUrl: null };
      },
    }),
  ];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
