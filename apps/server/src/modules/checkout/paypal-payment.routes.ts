import {
  PayPalAcceptQuerySchema,
  PayPalCancelAttemptBodySchema,
  PayPalCancelAttemptValueSchema,
  PayPalCancelQuerySchema,
  type PayPalErrorKey,
  PayPalWebhookValueSchema,
} from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { HttpError, NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRawRoute, defineRoute, type RawReply } from '../../lib/route.js';
import type { AttemptContext } from '../payments/payment-provider.js';
import { ProviderUnavailableError } from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import {
  type PayPalCaptureOutcome,
  PayPalMismatchError,
  PayPalProvider,
  PayPalRefusalError,
  PayPalWebhookRejectedError,
} from '../payments/providers/paypal/paypal.adapter.js';
import type { FinishOutcome, FinishPaymentFlow } from './finish-payment.flow.js';

const MINUTE_MS = 60 * 1000;
const OPEN: PaymentAttempt['status'][] = ['pending', 'authorised'];

export interface PayPalRouteDependencies {
  payments: PaymentsService;
  finishPayment: FinishPaymentFlow;
}

type Found = { attempt: PaymentAttempt; context: AttemptContext };

/** Back to step 3 with an error key (the page shows its message), or to the checkout with none. */
const toCheckout = (key: PayPalErrorKey | null): RawReply => ({
  kind: 'redirect',
  location: key ? `/checkout/?error=${encodeURIComponent(key)}` : '/checkout/',
});
const toConfirmation = (url: string): RawReply => ({ kind: 'redirect', location: url });

/**
 * The shop's side of PayPal's buttons (checkout.md sections 4, 7 and 8):
 * - accept: the shopper approved; we check the order is the attempt's and capture it (PayPal's
 *   request id makes a repeat the same capture), then finish through FinishPaymentFlow;
 * - cancel: the shopper cancelled on PayPal; nothing moved, the order is cancelled;
 * - webhook: PayPal's notification, believed only after PayPal verified its signature, and even
 *   then only as a prompt to ask PayPal (capture an approved order, or read the capture).
 * Whoever finishes first wins the one conditional write; the others are told what it did. PayPal
 * is never called inside a transaction.
 */
export function paypalRoutes(deps: PayPalRouteDependencies): ApiRoute[] {
  const paypal = (): PayPalProvider => {
    let provider: unknown;
    try {
      provider = deps.payments.provider('PayPal');
    } catch {
      throw new NotFoundError('PayPal is not offered');
    }
    if (!(provider instanceof PayPalProvider)) throw new NotFoundError('PayPal is not offered');
    return provider;
  };
  const record = (ctx: Ctx, attempt: PaymentAttempt, kind: 'cancel' | 'error', detail: object) =>
    deps.payments.record(ctx, attempt.id, kind, detail, Date.now());

  /**
   * Cancels an open attempt: PayPal is asked first (it voids nothing; it says whether money moved).
   * Captured after all (another tab approved): that payment stands and finishes as paid.
   */
  async function cancelOpenAttempt(ctx: Ctx, found: Found) {
    const { attempt, context } = found;
    try {
      await paypal().cancel(ctx, context);
    } catch (error) {
      await record(ctx, attempt, 'error', { during: 'cancel', message: (error as Error).message });
      if (error instanceof PayPalRefusalError) {
        const { outcome, capture } = await captureAndFinish(ctx, found, 'browser');
        return { kind: 'paid' as const, outcome, capture };
      }
      return { kind: 'unknown' as const };
    }
    await record(ctx, attempt, 'cancel', { source: 'browser', orderId: context.providerReference ?? null });
    await deps.finishPayment.finish(ctx, attempt.tracking_number, 'cancelled', 'browser', {
      orderId: context.providerReference ?? null,
    });
    return { kind: 'cancelled' as const };
  }

  /** The shopper's own PayPal attempt, or null (unknown, someone else's, another provider's). */
  async function viewersAttempt(ctx: Ctx, trackingNumber: string): Promise<Found | null> {
    try {
      const found = await deps.finishPayment.attemptForViewer(ctx, trackingNumber);
      return found.attempt.provider === 'PayPal' ? found : null;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** The error key a decline was finished with (the webhook may have finished it before the browser came back). */
  async function declineKeyOf(ctx: Ctx, attempt: PaymentAttempt): Promise<PayPalErrorKey> {
    const events = await deps.payments.events(ctx, attempt.id);
    for (const event of [...events].reverse()) {
      const detail = JSON.parse(event.detail) as { verdict?: string; errorKey?: string | null };
      if (detail.verdict === 'failed' && detail.errorKey) return detail.errorKey as PayPalErrorKey;
    }
    return 'default';
  }

  /** Where the shopper goes once the attempt is final (already, or now). */
  function afterFinish(outcome: FinishOutcome, capture: PayPalCaptureOutcome | null): RawReply {
    switch (outcome.kind) {
      case 'paid':
        return toConfirmation(outcome.confirmationUrl);
      case 'already-final':
        return outcome.status === 'succeeded' ? toConfirmation(outcome.confirmationUrl) : toCheckout('default');
      case 'failed':
        return toCheckout((capture?.errorKey as PayPalErrorKey | null) ?? 'default');
      case 'refunded':
        return toCheckout('default');
      case 'pending':
        // Captured but under review, or not approved: the reconciler and PayPal's webhook finish it.
        return toCheckout('GenericSystemProblem');
    }
  }

  /** Captures through the adapter and finishes; the browser's evidence is only ever compared. */
  async function captureAndFinish(
    ctx: Ctx,
    found: Found,
    source: 'browser' | 'notification',
    payerId?: string,
  ): Promise<{ outcome: FinishOutcome | null; capture: PayPalCaptureOutcome | null; failure: PayPalErrorKey | null }> {
    const { attempt, context } = found;
    const orderId = context.providerReference;
    if (!orderId) return { outcome: null, capture: null, failure: 'default' };
    let capture: PayPalCaptureOutcome;
    try {
      capture = await paypal().captureOrder(context, orderId, payerId ? { payerId } : {});
    } catch (error) {
      await record(ctx, attempt, 'error', { during: `capture (${source})`, message: (error as Error).message });
      // Unknown outcome: left pending for the reconciler. A foreign order: nothing captured, refused.
      if (error instanceof ProviderUnavailableError)
        return { outcome: null, capture: null, failure: 'GenericSystemProblem' };
      if (error instanceof PayPalMismatchError) return { outcome: null, capture: null, failure: 'default' };
      if (error instanceof PayPalRefusalError) {
        const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'failed', source, {
          orderId,
          status: error.issue,
          errorKey: error.errorKey,
        });
        return { outcome, capture: null, failure: error.errorKey };
      }
      throw error;
    }
    const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, capture.verdict, source, {
      orderId: capture.orderId,
      captureId: capture.captureId,
      status: capture.status,
      errorKey: capture.errorKey,
      alreadyCaptured: capture.alreadyCaptured,
    });
    return { outcome, capture, failure: null };
  }

  return [
    defineRawRoute({
      method: 'GET',
      url: '/c3api/checkout/paypal/accept',
      summary:
        'The shopper approved on PayPal (navigated to): the order is checked and captured, then a redirect to the confirmation, or back to /checkout/?error=<key>',
      tag: 'checkout',
      query: PayPalAcceptQuerySchema,
      produces: ['text/html'],
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { query }) => {
        const found = await viewersAttempt(ctx, query.securityKey);
        if (!found) return toCheckout('default');
        const { attempt, context } = found;
        // PayPal's own redirect names the order: it must be the one this attempt created.
        if (query.token && query.token !== context.providerReference) {
          await record(ctx, attempt, 'error', { during: 'accept', message: 'token is not the attempt order' });
          return toCheckout('default');
        }
        // Final already (paid, declined, cancelled on leaving step 3): never capture again.
        if (!OPEN.includes(attempt.status)) {
          // The conditional write refuses a final attempt: this only reads where it ended.
          const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'failed', 'browser', {
            reason: 'return after the attempt was final',
          });
          if (outcome.kind === 'already-final' && outcome.status === 'failed')
            return toCheckout(await declineKeyOf(ctx, attempt));
          return afterFinish(outcome, null);
        }
        const payerId = query.payerId ?? query.PayerID;
        const { outcome, capture, failure } = await captureAndFinish(ctx, found, 'browser', payerId);
        if (!outcome) return toCheckout(failure ?? 'default');
        if (outcome.kind === 'failed' && failure) return toCheckout(failure);
        if (outcome.kind === 'already-final' && outcome.status === 'failed')
          return toCheckout(await declineKeyOf(ctx, attempt));
        return afterFinish(outcome, capture);
      },
    }),
    defineRawRoute({
      method: 'GET',
      url: '/c3api/checkout/paypal/cancel',
      summary:
        'The shopper cancelled on PayPal (navigated to, with payPalToken): nothing was taken, the order is cancelled and its items released; a redirect to /checkout/',
      tag: 'checkout',
      query: PayPalCancelQuerySchema,
      produces: ['text/html'],
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { query }) => {
        const token = query.payPalToken ?? query.token;
        if (!query.securityKey || !token) return toCheckout(null);
        const found = await viewersAttempt(ctx, query.securityKey);
        if (!found || token !== found.context.providerReference) return toCheckout(null);
        const ended = await cancelOpenAttempt(ctx, found);
        if (ended.kind === 'paid') return ended.outcome ? afterFinish(ended.outcome, ended.capture) : toCheckout(null);
        return toCheckout(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/paypal/cancelattempt',
      summary:
        'The shopper left step 3 with a PayPal order open (never approved): it is cancelled and the items released, unless PayPal took the money meanwhile (then it finishes as paid)',
      tag: 'checkout',
      body: PayPalCancelAttemptBodySchema,
      value: PayPalCancelAttemptValueSchema,
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        const found = await viewersAttempt(ctx, body.TrackingNumber);
        if (!found) throw new NotFoundError('No such payment');
        if (!OPEN.includes(found.attempt.status)) return { Cancelled: false };
        const ended = await cancelOpenAttempt(ctx, found);
        return { Cancelled: ended.kind === 'cancelled' };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/paypal/webhook',
      summary:
        "PayPal's webhook (server to server, no anti-forgery header): verified with PayPal before anything, then the order is captured or read back and the attempt finished",
      tag: 'checkout',
      rawBody: true,
      crossSite: true,
      value: PayPalWebhookValueSchema,
      handler: async (ctx, { rawBody, headers }) => {
        const provider = paypal();
        let subject: Awaited<ReturnType<PayPalProvider['verifyWebhook']>>['subject'];
        try {
          ({ subject } = await provider.verifyWebhook(headers, rawBody?.toString('utf8') ?? ''));
        } catch (error) {
          // PayPal retries what we do not take: a 503 when we could not ask, a 400 when it is not PayPal's.
          if (error instanceof ProviderUnavailableError) throw new HttpError(503, 'Could not verify the notification');
          if (error instanceof PayPalWebhookRejectedError || error instanceof PayPalRefusalError)
            throw new HttpError(400, 'The notification could not be verified');
          throw error;
        }
        if (!subject.trackingNumber) return { Received: true, Outcome: 'ignored' };
        let found: Found;
        try {
          found = await deps.finishPayment.attemptFor(ctx, subject.trackingNumber);
        } catch (error) {
          if (error instanceof NotFoundError) return { Received: true, Outcome: 'ignored' };
          throw error;
        }
        const { attempt, context } = found;
        if (attempt.provider !== 'PayPal' || (subject.orderId && subject.orderId !== context.providerReference))
          return { Received: true, Outcome: 'ignored' };
        if (!OPEN.includes(attempt.status)) return { Received: true, Outcome: `already ${attempt.status}` };
        if (subject.eventType === 'CHECKOUT.ORDER.APPROVED') {
          const { outcome } = await captureAndFinish(ctx, found, 'notification');
          return { Received: true, Outcome: outcome?.kind ?? 'pending' };
        }
        if (!subject.eventType.startsWith('PAYMENT.CAPTURE.')) return { Received: true, Outcome: 'ignored' };
        let verdict: Awaited<ReturnType<PayPalProvider['reconcile']>>;
        try {
          verdict = await provider.reconcile(ctx, context);
        } catch (error) {
          await record(ctx, attempt, 'error', { during: 'webhook', message: (error as Error).message });
          if (error instanceof ProviderUnavailableError) throw new HttpError(503, 'PayPal could not be asked');
          return { Received: true, Outcome: 'refused' };
        }
        const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, verdict, 'notification', {
          eventId: subject.eventId,
          eventType: subject.eventType,
          captureId: subject.captureId,
        });
        return { Received: true, Outcome: outcome.kind };
      },
    }),
  ];
}
