import {
  CLEARPAY_DECLINED_KEY,
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
import { ProviderUnavailableError, type ProviderWord } from '../payments/payment-provider.js';
import type { PaymentReturns } from './payment-returns.js';

const CHECKOUT_PATH = '/checkout/';
const NOT_OFFERED = 'Clearpay is not offered here';
/** A return after the attempt was paid: finishing again only reads where it ended. */
const REPEAT: ProviderWord = { action: 'captured', errorKey: null, detail: { repeat: true } };

/** Where a shopper who did not pay lands: the checkout, with the error key for its banner. */
const checkoutWith = (key: ClearpayErrorKey): RawReply => ({
  kind: 'redirect',
  location: `${CHECKOUT_PATH}?error=${key}`,
});
const redirect = (location: string): RawReply => ({ kind: 'redirect', location });

/**
 * The key a failed payment's return carries. Clearpay declining the payment (its "check with your
 * card issuer", GenericAccountProblem) is ClearpayDeclined: the checkout says Clearpay declined it
 * and offers the other ways to pay, rather than the default error.
 */
function failureKey(errorKey: string | null): ClearpayErrorKey {
  if (errorKey === 'GenericAccountProblem') return CLEARPAY_DECLINED_KEY;
  return (errorKey as ClearpayErrorKey | null) ?? 'default';
}

/**
 * The shop's side of Clearpay (checkout.md sections 4, 7 and 8; the provider's README "What the
 * lead wires"). The return's query is never the truth: it only names the checkout, which must be
 * the attempt's own (its token, kept at start, is the capability). Clearpay is asked (checkout
 * checked against the attempt, then captured at once; a lost capture retried with the same token,
 * then reversed: the adapter's `interpret`, behind the port), and the attempt is finished through
 * PaymentReturns and FinishPaymentFlow: one conditional write,
 * so repeated or concurrent returns and the reconciler give one order. No provider call is made
 * inside a transaction. The return URL can be replayed (it sits in the browser's history, and
 * Clearpay may deliver it more than once): the payment is finished whoever brings it, but only the
 * browser that placed the order (its customer, or its guest cart's cookie, sent on this top-level
 * navigation) is sent to the signed confirmation link; anyone else gets the payment-received page.
 */
export function clearpayRoutes(returns: PaymentReturns): ApiRoute[] {
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
        const range = await returns.provider('Clearpay', NOT_OFFERED).amountRange?.(ctx);
        if (!range) throw new NotFoundError(NOT_OFFERED);
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
        "The shopper back from Clearpay (navigated to): SUCCESS captures and redirects to the confirmation (the browser that placed the order; any other to /checkout/payment-received); CANCELLED to /checkout/; a decline to /checkout/?error=ClearpayDeclined, another failure to /checkout/?error=<key>; 400 when the token is not the attempt's",
      tag: 'checkout',
      query: ClearpayReturnQuerySchema,
      produces: ['text/plain'],
      cacheControl: 'no-store',
      handler: async (ctx, { query }) => returnFromClearpay(returns, ctx, query),
    }),
  ];
}

async function returnFromClearpay(
  returns: PaymentReturns,
  ctx: Ctx,
  query: { TrackingNumber: string; orderToken?: string | undefined; status?: string | undefined },
): Promise<RawReply> {
  const provider = returns.provider('Clearpay', NOT_OFFERED);
  const found = await returns.attempt(ctx, 'Clearpay', query.TrackingNumber, false);
  const { attempt } = found;
  const record = (detail: object) => returns.record(ctx, attempt, 'error', detail);

  // The token is what only this shopper's browser and Clearpay know: another one is tampering.
  if (!query.orderToken || !attempt.provider_reference || query.orderToken !== attempt.provider_reference) {
    await record({ during: 'return', refused: 'token' });
    throw invalidInput('orderToken', "must be this payment's Clearpay checkout");
  }

  // Already final (a repeated return, or the reconciler got there first): never capture again.
  if (attempt.status === 'succeeded') {
    const outcome = await returns.finish(ctx, found, REPEAT, 'browser');
    return outcome.kind === 'paid' || outcome.kind === 'already-final'
      ? redirect(outcome.confirmationUrl)
      : checkoutWith('default');
  }
  if (attempt.status === 'cancelled') return redirect(CHECKOUT_PATH);
  if (attempt.status === 'failed') return checkoutWith('default');

  let word: ProviderWord;
  try {
    word = await returns.interpret(
      ctx,
      provider,
      found,
      { fields: { orderToken: query.orderToken, status: query.status } },
      'return',
    );
  } catch (error) {
    await record({ during: 'return', message: error instanceof Error ? error.message : String(error) });
    // Unknown outcome: the attempt stays pending and the reconciler asks Clearpay again.
    if (error instanceof ProviderUnavailableError) return checkoutWith('GenericSystemProblem');
    throw error;
  }
  switch (word.action) {
    case 'rejected':
      // Evidence of another checkout, or a refusal: the attempt is left as it is.
      return checkoutWith((word.errorKey as ClearpayErrorKey | null) ?? 'default');
    case 'pending':
    case 'not_supported':
      return checkoutWith('GenericSystemProblem');
    case 'authorized':
    case 'captured': {
      const outcome = await returns.finish(ctx, found, word, 'browser');
      if (outcome.kind === 'paid') return redirect(outcome.confirmationUrl);
      if (outcome.kind === 'already-final' && outcome.status === 'succeeded') return redirect(outcome.confirmationUrl);
      return checkoutWith('default');
    }
    case 'cancelled':
      await returns.finish(ctx, found, word, 'browser');
      return redirect(CHECKOUT_PATH);
    case 'failed':
      await returns.finish(ctx, found, word, 'browser');
      return checkoutWith(failureKey(word.errorKey));
  }
}
