import {
  GlobalPayCancelValueSchema,
  GlobalPayTrackingBodySchema,
  GlobalPayValidateValueSchema,
  globalPayErrorMessage,
  PAYMENT_RECEIVED_PATH,
} from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRawRoute, defineRoute, type RawReply } from '../../lib/route.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { ProviderUnavailableError } from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import type { GlobalPayProvider } from '../payments/providers/globalpay/globalpay.adapter.js';
import { merchantResponsePage, resultErrorKey } from '../payments/providers/globalpay/globalpay.protocol.js';
import { globalPayOf, queueGlobalPaySettle } from '../payments/providers/globalpay/globalpay.settlement.js';
import type { FinishPaymentFlow } from './finish-payment.flow.js';

const MINUTE_MS = 60 * 1000;
const OPEN: PaymentAttempt['status'][] = ['pending', 'authorised'];

export interface GlobalPayRouteDependencies {
  payments: PaymentsService;
  finishPayment: FinishPaymentFlow;
  jobs: Pick<JobsService, 'enqueue'>;
  now?: () => number;
}

/**
 * Global Payments' HPP (checkout.md 4, 7, 9; README.md here):
 * - response: MERCHANT_RESPONSE_URL. Global Payments posts the signed result (form-encoded, from its server, so
 *   no anti-forgery header: the response hash is the proof). Verified (hash, merchant, order id, amount) it
 *   finishes the attempt through FinishPaymentFlow (one conditional write: repeats and races give one order),
 *   queues the settlement (auto-settle is off) and answers the page the frame shows, which tells our page it was
 *   paid (with the neutral payment-received path, never the order's signed link: this answer goes to Global
 *   Payments' server and is shown on its origin, and anyone can replay a genuine response) or the error key.
 *   Anything unverified changes nothing.
 * - validate: the page asks after the frame said it finished; the answer is the provider's (query), never the
 *   browser's. Only the browser that placed the order may ask, so the confirmation URL it answers (the signed
 *   link) reaches that browser alone.
 * - cancel: the shopper left; the attempt is cancelled here first (so a late result cannot confirm the order),
 *   then an authorisation is voided at Global Payments.
 */
export function globalpayRoutes(deps: GlobalPayRouteDependencies): ApiRoute[] {
  const now = deps.now ?? Date.now;
  const adapter = () => {
    const provider = globalPayOf(deps.payments);
    if (!provider) throw new NotFoundError('GlobalPay is not offered');
    return provider;
  };
  const record = (ctx: Ctx, attemptId: number, kind: 'error' | 'cancel', detail: object) =>
    deps.payments.record(ctx, attemptId, kind, detail, now());
  const ownAttempt = async (ctx: Ctx, trackingNumber: string, viewer: boolean) => {
    const found = viewer
      ? await deps.finishPayment.attemptForViewer(ctx, trackingNumber)
      : await deps.finishPayment.attemptFor(ctx, trackingNumber);
    if (found.attempt.provider !== 'GlobalPay') throw new NotFoundError('No such payment');
    return found;
  };

  async function respond(ctx: Ctx, fields: Record<string, string>): Promise<RawReply> {
    const provider = adapter();
    const page = (status: number, answer: { confirmationUrl?: string; errorKey?: string }): RawReply => ({
      kind: 'body',
      status,
      contentType: 'text/html; charset=utf-8',
      headers: { 'cache-control': 'no-store' },
      body: merchantResponsePage({ shopOrigin: provider.shopOrigin, ...answer }),
    });
    let found: Awaited<ReturnType<typeof ownAttempt>>;
    try {
      found = await ownAttempt(ctx, fields.ORDER_ID ?? '', false);
    } catch (error) {
      if (error instanceof NotFoundError) return page(404, { errorKey: 'default' });
      throw error;
    }
    const { attempt, context } = found;
    const checked = provider.verifyHppResponse(fields, context);
    if (!checked.ok) {
      await record(ctx, attempt.id, 'error', { during: 'response', reason: checked.reason });
      return page(400, { errorKey: 'default' });
    }
    const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, checked.verdict, 'notification', {
      result: checked.result,
      errorKey: checked.errorKey,
      pasref: checked.pasref,
      authcode: checked.authcode,
    });
    const paid = outcome.kind === 'paid' || (outcome.kind === 'already-final' && outcome.status === 'succeeded');
    if (paid) {
      await queueGlobalPaySettle(ctx, deps.jobs, attempt.tracking_number);
      return page(200, { confirmationUrl: PAYMENT_RECEIVED_PATH });
    }
    // Authorised after the attempt was closed here: the finish flow revived the order ('paid' above)
    // or voided the authorisation ('refunded'), once, so no money stays held.
    return page(200, { errorKey: checked.errorKey ?? 'default' });
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
        const { attempt, order } = await ownAttempt(ctx, body.TrackingNumber, true);
        const confirmationUrl = await deps.finishPayment.landingPath(ctx, order);
        let status = attempt.status;
        let errorKey: string | null = null;
        if (OPEN.includes(status)) {
          const asked = await ask(adapter(), attempt.tracking_number);
          if (asked === null) return { ConfirmationUrl: null, ErrorMessage: null };
          errorKey = asked.errorKey;
          const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, asked.verdict, 'browser', {
            result: asked.result,
            errorKey,
          });
          status =
            outcome.kind === 'paid'
              ? 'succeeded'
              : outcome.kind === 'already-final'
                ? outcome.status
                : outcome.kind === 'pending'
                  ? 'pending'
                  : 'failed';
          if (status === 'succeeded') await queueGlobalPaySettle(ctx, deps.jobs, attempt.tracking_number);
        }
        if (status === 'succeeded') return { ConfirmationUrl: confirmationUrl, ErrorMessage: null };
        if (OPEN.includes(status)) return { ConfirmationUrl: null, ErrorMessage: null };
        errorKey ??= await lastErrorKey(ctx, attempt.id);
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
        const { attempt, context } = await ownAttempt(ctx, body.TrackingNumber, true);
        const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'cancelled', 'browser', {
          reason: 'shopper cancelled',
        });
        if (outcome.kind === 'already-final' && outcome.status === 'succeeded')
          return { Status: 'paid' as const, ConfirmationUrl: outcome.confirmationUrl };
        try {
          // Whatever was authorised meanwhile is voided: the order is cancelled, no money may stay held.
          await adapter().cancel(ctx, context);
          await record(ctx, attempt.id, 'cancel', { ok: true });
        } catch (error) {
          // Cancelled here already; the settlement never runs for it, and the reconciler-free void is retried
          // by a late response (which voids what arrives after the end).
          await record(ctx, attempt.id, 'error', { during: 'cancel', message: messageOf(error) });
        }
        return { Status: 'cancelled' as const, ConfirmationUrl: null };
      },
    }),
  ];

  async function lastErrorKey(ctx: Ctx, attemptId: number): Promise<string | null> {
    const events = await deps.payments.events(ctx, attemptId);
    for (const event of [...events].reverse()) {
      const detail = JSON.parse(event.detail) as { errorKey?: unknown };
      if (typeof detail.errorKey === 'string') return detail.errorKey;
    }
    return null;
  }
}

/** The provider's word on an order id, or null when it cannot be asked or has not seen it yet. */
async function ask(provider: GlobalPayProvider, orderId: string) {
  try {
    const q = await provider.query(orderId);
    if (!q.found) return null;
    return { verdict: q.verdict, result: q.result, errorKey: resultErrorKey(q.result) };
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return null;
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
