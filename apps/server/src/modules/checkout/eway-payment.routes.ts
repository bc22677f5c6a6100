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
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { ProviderUnavailableError } from '../payments/payment-provider.js';
import type { PaymentAttempt, PaymentsService } from '../payments/payments.service.js';
import { EwayAlreadyPaidError, EwayProvider, EwayRefusedError } from '../payments/providers/eway/eway.adapter.js';
import {
  checkAgainstAttempt,
  EWAY_ERROR_MESSAGES,
  type EwayAccessCodeResult,
  type EwayErrorKey,
  sanitizeErrorData,
} from '../payments/providers/eway/eway.protocol.js';
import type { FinishOutcome, FinishPaymentFlow } from './finish-payment.flow.js';

const MINUTE_MS = 60 * 1000;
const DEFAULT_MESSAGE = EWAY_ERROR_MESSAGES.default;

export interface EwayRouteDependencies {
  payments: PaymentsService;
  finishPayment: FinishPaymentFlow;
}

/**
 * The shop's side of Eway's modal (checkout.md sections 4, 7 and 8). The browser's word is never
 * the truth: validate and cancel ask Eway, then finish through FinishPaymentFlow (one conditional
 * write, whoever comes first: a repeated validate, the cancel, the reconciler). Eway is never
 * called inside a transaction, and nothing of a card reaches these routes.
 */
export function ewayRoutes(deps: EwayRouteDependencies): ApiRoute[] {
  /** The Eway adapter, when this shop offers Eway (else every call is 404). */
  const eway = (): EwayProvider => {
    let provider: unknown;
    try {
      provider = deps.payments.provider('Eway');
    } catch {
      throw new NotFoundError('Eway is not offered');
    }
    if (!(provider instanceof EwayProvider)) throw new NotFoundError('Eway is not offered');
    return provider;
  };
  const record = (ctx: Ctx, attempt: PaymentAttempt, kind: 'cancel' | 'error' | 'refund', detail: object) =>
    deps.payments.record(ctx, attempt.id, kind, detail, Date.now());

  /** The validate reply for what finishing made of the attempt. */
  function validateReply(outcome: FinishOutcome, declinedKey: EwayErrorKey | null): EwayValidateValue {
    if (outcome.kind === 'paid') return { ConfirmationUrl: outcome.confirmationUrl };
    if (outcome.kind === 'already-final' && outcome.status === 'succeeded')
      return { ConfirmationUrl: outcome.confirmationUrl };
    // Paid at Eway after the attempt was closed here: the finish flow revived the order ('paid') or
    // refunded the payment ('refunded'), once; the shopper is told it did not go through.
    return { ErrorMessage: declinedKey ? EWAY_ERROR_MESSAGES[declinedKey] : DEFAULT_MESSAGE };
  }

  async function refundOrphan(ctx: Ctx, attempt: PaymentAttempt, transactionId: number, amountMinor: number) {
    try {
      const refunded = await eway().refundTransaction(transactionId, amountMinor, {
        invoiceReference: attempt.tracking_number,
      });
      await record(ctx, attempt, 'refund', { transactionId, amountMinor, ok: true, repeat: refunded.alreadyRefunded });
    } catch (error) {
      // Recorded for the console to follow up (the transaction ID names it at Eway).
      await record(ctx, attempt, 'error', { during: 'refund', transactionId, message: messageOf(error) });
    }
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
        let result: EwayAccessCodeResult;
        try {
          result = await provider.queryAccessCode(body.AccessCode);
        } catch (error) {
          // Eway could not be asked: the attempt stays pending and the reconciler settles it.
          if (error instanceof ProviderUnavailableError)
            return { ErrorMessage: EWAY_ERROR_MESSAGES.GenericSystemProblem };
          // Eway does not know the code: a forged or mistyped access code.
          if (error instanceof EwayRefusedError) throw new BadRequestError(DEFAULT_MESSAGE);
          throw error;
        }
        // Eway names the attempt (our tracking number is its InvoiceReference); only its shopper may finish it.
        if (!result.invoiceReference) throw new BadRequestError(DEFAULT_MESSAGE);
        const { attempt, context } = await deps.finishPayment.attemptForViewer(ctx, result.invoiceReference);
        if (attempt.provider !== 'Eway' || attempt.provider_reference !== body.AccessCode) {
          await record(ctx, attempt, 'error', { during: 'validate', reason: 'access code not this attempt' });
          throw new BadRequestError(DEFAULT_MESSAGE);
        }
        const reason = checkAgainstAttempt(result, context);
        const detail = {
          transactionId: result.transactionId,
          responseCodes: result.responseCodes,
          browserSaidComplete: body.IsComplete,
        };
        if (reason === 'amount-mismatch' || reason === 'reference-mismatch') {
          await record(ctx, attempt, 'error', { during: 'validate', reason, ...detail });
          if (result.succeeded && result.transactionId !== null)
            await refundOrphan(ctx, attempt, result.transactionId, result.amountMinor ?? 0);
          throw new BadRequestError(DEFAULT_MESSAGE);
        }
        if (reason === 'pending') {
          // The modal said done but Eway holds no payment: nothing to settle; the reconciler asks again later.
          await deps.finishPayment.finish(ctx, attempt.tracking_number, 'pending', 'browser', detail);
          return { ErrorMessage: DEFAULT_MESSAGE };
        }
        const verdict = reason === 'ok' ? 'succeeded' : 'failed';
        const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, verdict, 'browser', {
          ...detail,
          errorKey: result.errorKey,
        });
        return validateReply(outcome, verdict === 'failed' ? (result.errorKey ?? 'default') : null);
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
        const { attempt, context } = await deps.finishPayment.attemptForViewer(ctx, body.TrackingNumber);
        if (attempt.provider !== 'Eway' || attempt.provider_reference !== body.AccessToken)
          throw new NotFoundError('No such payment');
        let outcome: FinishOutcome;
        try {
          await provider.cancel(ctx, context);
          await record(ctx, attempt, 'cancel', { source: 'browser', paidAtEway: false });
          outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'cancelled', 'browser', {
            reason: 'shopper cancelled',
          });
        } catch (error) {
          if (error instanceof EwayAlreadyPaidError) {
            outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'succeeded', 'browser', {
              transactionId: error.transactionId,
              reason: 'paid before the cancel',
            });
          } else if (error instanceof ProviderUnavailableError) {
            // Unknown whether the shopper paid: the reconciler settles it (paid, or cancelled when the hold ends).
            await record(ctx, attempt, 'error', { during: 'cancel', message: error.message });
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
