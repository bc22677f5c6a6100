import { CHECKOUT_ERROR_MESSAGE } from '@shop/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { trackCheckoutEvent } from '../../../lib/analytics';
import { useCart } from '../../../lib/cart';
import { newIdempotencyKey, placeOrder } from '../api/place-order';
import { analyticsItems } from '../checkout-analytics';
import type { PaymentStepProps } from '../checkout-types';
import { buildSubmission, type PaymentOptionName, placeOrderFailure } from './payment-rules';

/** window.location.reload, behind a seam the tests replace (jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

/**
 * Placing the order (checkout.md sections 4 and 7): busy flag, cart check, add_payment_info, the
 * process call with an Idempotency-Key, then purchase and the confirmation page; or the error. A
 * failed placement, and a generic failure in a provider's part, show step 1 with the banner
 * (checkout.md section 8); a network failure and a provider's own message stay on step 3.
 *
 * One key per submission attempt: a press after an answerless failure (network, server error)
 * sends the same payload with the same key, so the server replays the first result rather than
 * placing twice; a changed payload or a definite refusal starts a new attempt. The page keeps the
 * attempt (props.attempt), so this holds after a trip back through step 1 too.
 */
export function usePlaceOrderAction(props: PaymentStepProps) {
  const navigate = useNavigate();
  const cart = useCart();
  const [processing, setProcessing] = useState(false);
  const { attempt } = props;
  const busy = useRef(false);

  /** After the provider's part: the purchase event, the header's cart, then the confirmation page. */
  async function complete(url: string) {
    const items = analyticsItems(props.view.Cart);
    const value = props.total.Amount / 100;
    const target = new URL(url, window.location.origin);
    const reference = target.searchParams.get('reference') ?? target.pathname.split('/').pop() ?? '';
    await trackCheckoutEvent('purchase', props.region, value, items, { transaction_id: reference });
    // The order emptied the cart on the server: the header's count follows (never blocks the way on).
    void cart.refresh().catch(() => undefined);
    if (/^https?:\/\//.test(url)) window.location.assign(url);
    else navigate(url);
  }

  /**
   * The provider's part failed or was abandoned: the shopper may try again. Its generic failure
   * (checkout.md section 8: "Generic failure on the card flow") shows step 1; a decline or a
   * provider's own message stays here, beside the button to press again.
   */
  function release(message: string | null) {
    busy.current = false;
    setProcessing(false);
    attempt.current = null;
    if (message === CHECKOUT_ERROR_MESSAGE) props.onPlacementFailed(message);
    else props.onError(message);
  }

  /**
   * Places the order. Pay in store: goes on to the confirmation page and answers null. An online
   * option: answers what its provider's page needs (with TrackingNumber), and the provider's panel
   * takes over (it calls complete or release). Null too when it failed (the banner says why).
   */
  async function submit(option: PaymentOptionName): Promise<Record<string, unknown> | null> {
    if (busy.current) return null;
    busy.current = true;
    setProcessing(true);
    props.onError(null);
    const fail = (message: string, backToDetails = true) => {
      busy.current = false;
      setProcessing(false);
      if (backToDetails) props.onPlacementFailed(message);
      else props.onError(message);
    };
    try {
      if (!(await props.validateCart())) {
        busy.current = false;
        setProcessing(false);
        return null;
      }
      const items = analyticsItems(props.view.Cart);
      const value = props.total.Amount / 100;
      await trackCheckoutEvent('add_payment_info', props.region, value, items, { payment_type: option });
      const submission = buildSubmission(props, option);
      const payload = JSON.stringify(submission);
      if (attempt.current?.payload !== payload) attempt.current = { payload, key: newIdempotencyKey() };
      let result: Awaited<ReturnType<typeof placeOrder>>;
      try {
        result = await placeOrder(submission, attempt.current.key);
      } catch (error) {
        const failure = placeOrderFailure(error);
        if (failure.kind === 'reload') {
          pageReload.reload();
          return null;
        }
        if (failure.outcomeKnown) attempt.current = null;
        fail(failure.message, failure.backToDetails);
        return null;
      }
      const url = typeof result.ConfirmationUrl === 'string' ? result.ConfirmationUrl : null;
      if (!url) {
        // An online option: its provider's panel goes on with this (the processing flag stays on).
        const pageData = result as Record<string, unknown>;
        if (typeof pageData.TrackingNumber === 'string') return pageData;
        fail(CHECKOUT_ERROR_MESSAGE);
        return null;
      }
      // The processing flag stays on: the page is leaving.
      await complete(url);
      return null;
    } catch {
      fail(CHECKOUT_ERROR_MESSAGE);
      return null;
    }
  }

  return { processing, submit, complete, release };
}
