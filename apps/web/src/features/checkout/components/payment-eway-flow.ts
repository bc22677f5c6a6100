import { CHECKOUT_ERROR_MESSAGE, type EwayPageData, EwayPageDataSchema, type EwayProgress } from '@shop/contract';
import { useRef, useState } from 'react';
import { cancelEwayPayment } from '../api/eway-cancel';
import { logEwayError } from '../api/eway-log-error';
import { validateEwayPayment } from '../api/eway-validate';
import { accessCodeOf, forgetAttempt, loadEcrypt, rememberAttempt, showEwayModal } from './payment-eway-script';
import type { ProviderPanelProps } from './payment-providers';

/**
 * Eway's flow on step 3 (checkout.md sections 4, 7 and 8): place the order, load eCrypt.js, open
 * the modal, then
 * - Complete: validate (the server asks Eway), then the confirmation page or the answer's message;
 * - Cancel: cancel the order (unless Eway says it was paid meanwhile) and reset;
 * - Error, an unknown result, a missing confirmation URL or a thrown exception: log it, end the
 *   attempt (the server's cancel never cancels a paid one) and show the generic error.
 */
export function useEwayPayment(props: ProviderPanelProps) {
  const [progress, setProgress] = useState<EwayProgress | null>(null);
  const running = useRef(false);

  async function end(page: EwayPageData, message: string | null) {
    // Ends the attempt on the server; a payment made meanwhile still leads to its confirmation.
    try {
      const cancelled = await cancelEwayPayment({ AccessToken: page.Accesstoken, TrackingNumber: page.TrackingNumber });
      if (cancelled.Status === 'paid' && cancelled.ConfirmationUrl) return finishPaid(page, cancelled.ConfirmationUrl);
      if (cancelled.Status === 'cancelled') {
        forgetAttempt(page.TrackingNumber);
        props.setPending(null);
      }
    } catch {
      // Left pending: leaving step 3 tries again, and the shop's reconciler settles it.
    }
    setProgress(null);
    props.release(message);
  }

  async function finishPaid(page: EwayPageData, url: string) {
    forgetAttempt(page.TrackingNumber);
    props.setPending(null);
    setProgress('complete');
    await props.complete(url);
  }

  async function failed(page: EwayPageData | null, stage: string, detail: unknown) {
    await logEwayError({ stage, detail: detail instanceof Error ? detail.message : detail });
    if (page) await end(page, CHECKOUT_ERROR_MESSAGE);
    else {
      setProgress(null);
      props.release(CHECKOUT_ERROR_MESSAGE);
    }
  }

  async function pay() {
    if (running.current) return;
    running.current = true;
    try {
      setProgress('starting');
      const data = await props.placeOrder();
      if (!data) {
        setProgress(null);
        return;
      }
      const parsed = EwayPageDataSchema.safeParse(data);
      if (!parsed.success) return await failed(null, 'page-data', 'the process reply lacks Eway page data');
      const page = parsed.data;
      rememberAttempt(page.TrackingNumber, page.Accesstoken);
      props.setPending(page.TrackingNumber);
      let outcome: Awaited<ReturnType<typeof showEwayModal>>;
      try {
        const ecrypt = await loadEcrypt(page.EwayScriptUrl);
        setProgress('contactingBank');
        outcome = await showEwayModal(ecrypt, page.EwayFormActionUrl);
      } catch (error) {
        return await failed(page, 'modal', error);
      }
      if (outcome.result === 'Cancel') return await end(page, null);
      if (outcome.result !== 'Complete')
        return await failed(page, 'result', { result: outcome.result, errors: outcome.errors });
      setProgress('validating');
      let answer: Awaited<ReturnType<typeof validateEwayPayment>>;
      try {
        answer = await validateEwayPayment({ AccessCode: page.Accesstoken, Errors: outcome.errors, IsComplete: true });
      } catch (error) {
        return await failed(page, 'validate', error);
      }
      if ('ConfirmationUrl' in answer && answer.ConfirmationUrl) return await finishPaid(page, answer.ConfirmationUrl);
      if ('ErrorMessage' in answer && answer.ErrorMessage) {
        // Declined (the attempt is over) or not known yet (it stays open until the shopper leaves or it is settled).
        setProgress(null);
        props.release(answer.ErrorMessage);
        return;
      }
      return await failed(page, 'validate', 'no confirmation URL');
    } finally {
      running.current = false;
    }
  }

  return { progress, pay };
}

/** Leaving step 3 with an attempt open: cancel it (the registry's cancelPending). */
export async function cancelEwayPending(trackingNumber: string): Promise<void> {
  const accessCode = accessCodeOf(trackingNumber);
  if (!accessCode) return;
  await cancelEwayPayment({ AccessToken: accessCode, TrackingNumber: trackingNumber });
  forgetAttempt(trackingNumber);
}
