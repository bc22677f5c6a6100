import {
  CLEARPAY_RETURN_PATH,
  type ClearpayConfigurationValue,
  ClearpayConfigurationValueSchema,
  type ClearpayErrorKey,
  ClearpayReturnQuerySchema,
  formatMoney,
} from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { invalidInput, NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRawRoute, defineRoute, type RawReply } from '../../lib/route.js';
import { ProviderUnavailableError } from '../payments/payment-provider.js';
import type { PaymentsService } from '../payments/payments.service.js';
import {
  ClearpayApiError,
  ClearpayProvider,
  type ConfirmResult,
  PaymentMismatchError,
} from '../payments/providers/clearpay/clearpay.adapter.js';
import { ClearpayConfigurationService } from '../payments/providers/clearpay/clearpay-configuration.service.js';
import type { FinishPaymentFlow } from './finish-payment.flow.js';

const CHECKOUT_PATH = '/checkout/';

export interface ClearpayRouteDependencies {
  payments: PaymentsService;
  finishPayment: FinishPaymentFlow;
}

/** Where a shopper who did not pay lands: the checkout, with the error key for its banner. */
const checkoutWith = (key: ClearpayErrorKey): RawReply => ({
  kind: 'redirect',
  location: `${CHECKOUT_PATH}?error=${key}`,
});
const redirect = (location: string): RawReply => ({ kind: 'redirect', location });

function clearpayOf(payments: PaymentsService): ClearpayProvider {
  try {
    const provider = payments.provider('Clearpay');
    if (provider instanceof ClearpayProvider) return provider;
  } catch {
    // Not offered on this shop.
  }
  throw new NotFoundError('Clearpay is not offered here');
}

/**
 * The shop's side of Clearpay (checkout.md sections 4, 7 and 8; the provider's README "What the
 * lead wires"). The return's query is never the truth: it only names the checkout, which must be
 * the attempt's own (its token, kept at start, is the capability). Clearpay is asked (checkout
 * checked against the attempt, then captured at once; a lost capture retried with the same token,
 * then reversed), and the attempt is finished through FinishPaymentFlow: one conditional write,
 * so repeated or concurrent returns and the reconciler give one order. No provider call is made
 * inside a transaction. The return URL can be replayed (it sits in the browser's history, and
 * Clearpay may deliver it more than once): the payment is finished whoever brings it, but only the
 * browser that placed the order (its customer, or its guest cart's cookie, sent on this top-level
 * navigation) is sent to the signed confirmation link; anyone else gets the payment-received page.
 */
export function clearpayRoutes(deps: ClearpayRouteDependencies): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/checkout/clearpay/configuration',
      summary:
        "Clearpay's order range (its configuration call, stored and refreshed daily) and the option's text outside it",
      tag: 'checkout',
      value: ClearpayConfigurationValueSchema,
      cacheControl: 'no-store',
      handler: async (ctx): Promise<ClearpayConfigurationValue> => {
        const limits = clearpayOf(deps.payments).limits;
        if (!(limits instanceof ClearpayConfigurationService)) throw new NotFoundError('Clearpay is not offered here');
        const range = await limits.ensure(ctx);
        return {
          MinimumAmount: { Amount: range.minMinor, Display: formatMoney(range.minMinor, 'UK') },
          MaximumAmount: { Amount: range.maxMinor, Display: formatMoney(range.maxMinor, 'UK') },
          DisabledMessage: range.message,
          FetchedAt: range.fetchedAt === null ? null : new Date(range.fetchedAt).toISOString(),
        };
      },
    }),
    defineRawRoute({
      method: 'GET',
      url: CLEARPAY_RETURN_PATH,
      summary:
        "The shopper back from Clearpay (navigated to): SUCCESS captures and redirects to the confirmation (the browser that placed the order; any other to /checkout/payment-received); CANCELLED to /checkout/; a decline to /checkout/?error=<key>; 400 when the token is not the attempt's",
      tag: 'checkout',
      query: ClearpayReturnQuerySchema,
      produces: ['text/plain'],
      cacheControl: 'no-store',
      handler: async (ctx, { query }) => returnFromClearpay(deps, ctx, query),
    }),
  ];
}

async function returnFromClearpay(
  deps: ClearpayRouteDependencies,
  ctx: Ctx,
  query: { TrackingNumber: string; orderToken?: string | undefined; status?: string | undefined },
): Promise<RawReply> {
  const provider = clearpayOf(deps.payments);
  const { attempt, context } = await deps.finishPayment.attemptFor(ctx, query.TrackingNumber);
  if (attempt.provider !== 'Clearpay') throw new NotFoundError('No such payment');
  const record = (kind: 'error' | 'cancel', detail: object) =>
    deps.payments.record(ctx, attempt.id, kind, detail, Date.now());

  // The token is what only this shopper's browser and Clearpay know: another one is tampering.
  if (!query.orderToken || !attempt.provider_reference || query.orderToken !== attempt.provider_reference) {
    await record('error', { during: 'return', refused: 'token' });
    throw invalidInput('orderToken', "must be this payment's Clearpay checkout");
  }

  // Already final (a repeated return, or the reconciler got there first): never capture again.
  if (attempt.status === 'succeeded') {
    const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'succeeded', 'browser', {
      repeat: true,
    });
    return outcome.kind === 'paid' || outcome.kind === 'already-final'
      ? redirect(outcome.confirmationUrl)
      : checkoutWith('default');
  }
  if (attempt.status === 'cancelled') return redirect(CHECKOUT_PATH);
  if (attempt.status === 'failed') return checkoutWith('default');

  let result: ConfirmResult;
  try {
    result = await provider.confirmWithDetails(context, {
      orderToken: query.orderToken,
      status: query.status,
      expectedToken: attempt.provider_reference,
    });
  } catch (error) {
    await record('error', { during: 'return', message: error instanceof Error ? error.message : String(error) });
    // Unknown outcome: the attempt stays pending and the reconciler asks Clearpay again.
    if (error instanceof ProviderUnavailableError) return checkoutWith('GenericSystemProblem');
    // Evidence of another checkout, or a refusal: the attempt is left as it is.
    if (error instanceof PaymentMismatchError || error instanceof ClearpayApiError) return checkoutWith(error.errorKey);
    throw error;
  }

  const detail = { paymentId: result.paymentId ?? null, errorKey: result.errorKey ?? null };
  if (result.verdict === 'succeeded') {
    const outcome = await deps.finishPayment.finish(ctx, attempt.tracking_number, 'succeeded', 'browser', detail);
    if (outcome.kind === 'paid') return redirect(outcome.confirmationUrl);
    if (outcome.kind === 'already-final' && outcome.status === 'succeeded') return redirect(outcome.confirmationUrl);
    return checkoutWith('default');
  }
  if (result.verdict === 'pending') return checkoutWith('GenericSystemProblem');
  // Nothing was captured: the shopper cancelled on Clearpay's page, or Clearpay declined.
  if (query.status === 'CANCELLED' && !result.paymentId) {
    await deps.finishPayment.finish(ctx, attempt.tracking_number, 'cancelled', 'browser', detail);
    return redirect(CHECKOUT_PATH);
  }
  await deps.finishPayment.finish(ctx, attempt.tracking_number, 'failed', 'browser', detail);
  return checkoutWith(result.errorKey ?? 'default');
}
