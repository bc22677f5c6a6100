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
import {
  type ProviderReading,
  ProviderRefusalError,
  ProviderUnavailableError,
  type ProviderVerdict,
  type ProviderWord,
} from '../payments/payment-provider.js';
import type { PaymentAttempt } from '../payments/payments.service.js';
import type { FinishOutcome } from './finish-payment.flow.js';
import type { FoundAttempt, PaymentReturns } from './payment-returns.js';

const MINUTE_MS = 60 * 1000;
const OPEN: PaymentAttempt['status'][] = ['pending', 'authorised'];

type Found = FoundAttempt;

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
export function paypalRoutes(returns: PaymentReturns): ApiRoute[] {
  const paypal = () => returns.provider('PayPal', 'PayPal is not offered');
  const record = (ctx: Ctx, attempt: PaymentAttempt, kind: 'cancel' | 'error', detail: object) =>
    returns.record(ctx, attempt, kind, detail);

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
      if (error instanceof ProviderRefusalError) {
        const { outcome, capture } = await captureAndFinish(ctx, found, 'browser');
        return { kind: 'paid' as const, outcome, capture };
      }
      return { kind: 'unknown' as const };
    }
    await record(ctx, attempt, 'cancel', { source: 'browser', orderId: context.providerReference ?? null });
    await returns.cancelled(ctx, found, { orderId: context.providerReference ?? null });
    return { kind: 'cancelled' as const };
  }

  /** The shopper's own PayPal attempt, or null (unknown, someone else's, another provider's). */
  async function viewersAttempt(ctx: Ctx, trackingNumber: string): Promise<Found | null> {
    try {
      const found = await returns.anyAttempt(ctx, trackingNumber, true);
      return found.attempt.provider === 'PayPal' ? found : null;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** The error key a decline was finished with (the webhook may have finished it before the browser came back). */
  async function declineKeyOf(ctx: Ctx, attempt: PaymentAttempt): Promise<PayPalErrorKey> {
    const events = await returns.events(ctx, attempt);
    for (const event of [...events].reverse()) {
      const detail = JSON.parse(event.detail) as { verdict?: string; errorKey?: string | null };
      if (detail.verdict === 'failed' && detail.errorKey) return detail.errorKey as PayPalErrorKey;
    }
    return 'default';
  }

  /** Where the shopper goes once the attempt is final (already, or now). */
  function afterFinish(outcome: FinishOutcome, capture: ProviderWord | null): RawReply {
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

  /**
   * Captures through the port (the adapter's interpret) and finishes; the browser's evidence is only
   * ever compared. `capture` is PayPal's word when it captured (not when it refused).
   */
  async function captureAndFinish(
    ctx: Ctx,
    found: Found,
    source: 'browser' | 'notification',
    payerId?: string,
  ): Promise<{ outcome: FinishOutcome | null; capture: ProviderWord | null; failure: PayPalErrorKey | null }> {
    const { attempt, context } = found;
    const orderId = context.providerReference;
    if (!orderId) return { outcome: null, capture: null, failure: 'default' };
    let word: ProviderWord;
    try {
      word = await returns.interpret(ctx, paypal(), found, { fields: { payerId } }, `capture (${source})`);
    } catch (error) {
      await record(ctx, attempt, 'error', { during: `capture (${source})`, message: (error as Error).message });
      // Unknown outcome: left pending for the reconciler.
      if (error instanceof ProviderUnavailableError)
        return { outcome: null, capture: null, failure: 'GenericSystemProblem' };
      throw error;
    }
    // A foreign order: nothing captured, refused.
    if (word.action === 'rejected' || word.action === 'not_supported')
      return { outcome: null, capture: null, failure: 'default' };
    const outcome = await returns.finish(ctx, found, word, source);
    if (word.refusal !== undefined)
      return { outcome, capture: null, failure: (word.errorKey as PayPalErrorKey | null) ?? 'default' };
    return { outcome, capture: word, failure: null };
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
          const outcome = await returns.finish(
            ctx,
            found,
            { action: 'failed', errorKey: null, detail: { reason: 'return after the attempt was final' } },
            'browser',
          );
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
        if (!provider.read) throw new NotFoundError('PayPal is not offered');
        let reading: ProviderReading;
        try {
          reading = await provider.read(ctx, { fields: {}, headers, rawBody: rawBody?.toString('utf8') ?? '' });
        } catch (error) {
          // PayPal retries what we do not take: a 503 when we could not ask, a 400 when it is not PayPal's.
          if (error instanceof ProviderUnavailableError) throw new HttpError(503, 'Could not verify the notification');
          throw error;
        }
        if (reading.unverified) throw new HttpError(400, 'The notification could not be verified');
        if (!reading.trackingNumber) return { Received: true, Outcome: 'ignored' };
        let found: Found;
        try {
          found = await returns.anyAttempt(ctx, reading.trackingNumber, false);
        } catch (error) {
          if (error instanceof NotFoundError) return { Received: true, Outcome: 'ignored' };
          throw error;
        }
        const { attempt, context } = found;
        if (attempt.provider !== 'PayPal') return { Received: true, Outcome: 'ignored' };
        const word = reading.judge(context);
        if (word.action === 'rejected') return { Received: true, Outcome: 'ignored' };
        if (!OPEN.includes(attempt.status)) return { Received: true, Outcome: `already ${attempt.status}` };
        if (word.action === 'authorized') {
          const { outcome } = await captureAndFinish(ctx, found, 'notification');
          return { Received: true, Outcome: outcome?.kind ?? 'pending' };
        }
        if (word.action !== 'captured') return { Received: true, Outcome: 'ignored' };
        let verdict: ProviderVerdict;
        try {
          verdict = await provider.reconcile(ctx, context);
        } catch (error) {
          await record(ctx, attempt, 'error', { during: 'webhook', message: (error as Error).message });
          if (error instanceof ProviderUnavailableError) throw new HttpError(503, 'PayPal could not be asked');
          return { Received: true, Outcome: 'refused' };
        }
        const action = verdict === 'succeeded' ? 'captured' : verdict;
        const outcome = await returns.finish(ctx, found, { ...word, action }, 'notification');
        return { Received: true, Outcome: outcome.kind };
      },
    }),
  ];
}
