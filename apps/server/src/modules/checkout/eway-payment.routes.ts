import {
  EwayCancelBodySchema,
  type EwayCancelValue,
  EwayCancelValueSchema,
  EwayLogErrorBodySchema,
  EwayLogErrorValueSchema,
  EwayValidateBodySchema,
  type EwayValidateValue,
  EwayValidateValueSchema,
} from '@shop/contract';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import {
  PaymentAlreadyTakenError,
  type ProviderReading,
  ProviderUnavailableError,
} from '../payments/payment-provider.js';
import { EWAY_ERROR_MESSAGES, type EwayErrorKey, sanitizeErrorData } from '../payments/providers/eway/eway.protocol.js';
import type { FinishOutcome } from './finish-payment.flow.js';
import type { PaymentReturns } from './payment-returns.js';

const MINUTE_MS = 60 * 1000;
const DEFAULT_MESSAGE = EWAY_ERROR_MESSAGES.default;

/**
 * The shop's side of Eway's modal (checkout.md sections 4, 7 and 8). The browser's word is never
 * the truth: validate and cancel ask Eway, then finish through FinishPaymentFlow (one conditional
 * write, whoever comes first: a repeated validate, the cancel, the reconciler). Eway is never
 * called inside a transaction, and nothing of a card reaches these routes.
 */
export function ewayRoutes(returns: PaymentReturns): ApiRoute[] {
  /** The Eway adapter, when this shop offers Eway (else every call is 404). */
  const eway = () => returns.provider('Eway', 'Eway is not offered');

  /** The validate reply for what finishing made of the attempt. */
  function validateReply(outcome: FinishOutcome, declinedKey: EwayErrorKey | null): EwayValidateValue {
    if (outcome.kind === 'paid') return { ConfirmationUrl: outcome.confirmationUrl };
    if (outcome.kind === 'already-final' && outcome.status === 'succeeded')
      return { ConfirmationUrl: outcome.confirmationUrl };
    // Paid at Eway after the attempt was closed here: the finish flow revived the order ('paid') or
    // refunded the payment ('refunded'), once; the shopper is told it did not go through.
    return { ErrorMessage: declinedKey ? EWAY_ERROR_MESSAGES[declinedKey] : DEFAULT_MESSAGE };
  }

  return [
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/eway/validate',
      summary:
        "After Eway's modal: asks Eway for the access code's payment (never trusting IsComplete) and finishes it; answers ConfirmationUrl when paid, else ErrorMessage (the decline's text, or the default when Eway has no final word)",
      tag: 'checkout',
      body: EwayValidateBodySchema,
      value: EwayValidateValueSchema,
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }): Promise<EwayValidateValue> => {
        const provider = eway();
        if (!provider.read) throw new NotFoundError('Eway is not offered');
        let reading: ProviderReading;
        try {
          reading = await provider.read(ctx, { fields: { AccessCode: body.AccessCode } });
        } catch (error) {
          // Eway could not be asked: the attempt stays pending and the reconciler settles it.
          if (error instanceof ProviderUnavailableError)
            return { ErrorMessage: EWAY_ERROR_MESSAGES.GenericSystemProblem };
          throw error;
        }
        // Eway names the attempt (our tracking number is its InvoiceReference); only its shopper may finish it.
        // A code Eway does not know (forged or mistyped) names none.
        if (!reading.trackingNumber) throw new BadRequestError(DEFAULT_MESSAGE);
        const found = await returns.anyAttempt(ctx, reading.trackingNumber, true);
        const { attempt } = found;
        if (attempt.provider !== 'Eway' || attempt.provider_reference !== body.AccessCode) {
          await returns.record(ctx, attempt, 'error', { during: 'validate', reason: 'access code not this attempt' });
          throw new BadRequestError(DEFAULT_MESSAGE);
        }
        const word = reading.judge(found.context);
        const detail = { ...word.detail, browserSaidComplete: body.IsComplete };
        if (word.action === 'rejected') {
          await returns.record(ctx, attempt, 'error', { during: 'validate', ...detail });
          const given = await reading.giveBack?.(found.context);
          if (given) await returns.record(ctx, attempt, given.kind, given.detail);
          throw new BadRequestError(DEFAULT_MESSAGE);
        }
        if (word.action === 'pending') {
          // The modal said done but Eway holds no payment: nothing to settle; the reconciler asks again later.
          await returns.finish(ctx, found, { ...word, detail }, 'browser');
          return { ErrorMessage: DEFAULT_MESSAGE };
        }
        const outcome = await returns.finish(
          ctx,
          found,
          { ...word, detail: { ...detail, errorKey: word.errorKey } },
          'browser',
        );
        const declined = word.action === 'failed' ? ((word.errorKey as EwayErrorKey | null) ?? 'default') : null;
        return validateReply(outcome, declined);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/eway/cancel',
      summary:
        "The shopper closed Eway's modal or left step 3: unless Eway says it was paid meanwhile, the order is cancelled and its items are back on sale",
      tag: 'checkout',
      body: EwayCancelBodySchema,
      value: EwayCancelValueSchema,
      rateLimit: { max: 60, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }): Promise<EwayCancelValue> => {
        const provider = eway();
        const found = await returns.anyAttempt(ctx, body.TrackingNumber, true);
        const { attempt } = found;
        if (attempt.provider !== 'Eway' || attempt.provider_reference !== body.AccessToken)
          throw new NotFoundError('No such payment');
        let outcome: FinishOutcome;
        try {
          await provider.cancel(ctx, found.context);
          await returns.record(ctx, attempt, 'cancel', { source: 'browser', paidAtEway: false });
          outcome = await returns.cancelled(ctx, found, { reason: 'shopper cancelled' });
        } catch (error) {
          if (error instanceof PaymentAlreadyTakenError) {
            outcome = await returns.finish(
              ctx,
              found,
              { action: 'captured', errorKey: null, detail: { ...error.detail, reason: 'paid before the cancel' } },
              'browser',
            );
          } else if (error instanceof ProviderUnavailableError) {
            // Unknown whether the shopper paid: the reconciler settles it (paid, or cancelled when the hold ends).
            await returns.record(ctx, attempt, 'error', { during: 'cancel', message: error.message });
            return { Status: 'pending', ConfirmationUrl: null };
          } else throw error;
        }
        if (outcome.kind === 'paid' || (outcome.kind === 'already-final' && outcome.status === 'succeeded'))
          return { Status: 'paid', ConfirmationUrl: outcome.confirmationUrl };
        if (outcome.kind === 'pending') return { Status: 'pending', ConfirmationUrl: null };
        return { Status: 'cancelled', ConfirmationUrl: null };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/checkout/eway/logerror',
      summary:
        "Logs what went wrong in Eway's modal (an Error result, a missing confirmation URL, an exception), with digit runs masked; nothing is stored",
      tag: 'checkout',
      body: EwayLogErrorBodySchema,
      value: EwayLogErrorValueSchema,
      rateLimit: { max: 30, windowMs: 5 * MINUTE_MS },
      cacheControl: 'no-store',
      handler: async (ctx, { body }) => {
        ctx.log.error({ ewayBrowserError: sanitizeErrorData(body.ErrorData) }, 'Eway payment error in the browser');
        return { Logged: true };
      },
    }),
  ];
}
