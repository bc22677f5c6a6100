import {
  CHECKOUT_ERROR_MESSAGE,
  UNFINISHED_PAYMENT_TEXT,
  UNFINISHED_PAYMENT_TEXT_PLURAL,
  type UnfinishedPayment,
} from '@shop/contract';
import { useState } from 'react';
import { startPaymentAgain } from '../api/start-again-payment';
import './unfinished-payment.css';

/** What the shopper is told while the provider has not answered a Start again. */
export const START_AGAIN_PENDING_MESSAGE =
  'We could not reach the payment provider just now. Your items stay held for you: please try again in a minute.';

export interface UnfinishedPaymentNoticeProps {
  payment: UnfinishedPayment;
  itemCount: number;
  /** Resume payment: the provider's payment opens again at step 3 for the same attempt. */
  onResume(): void;
  /** Start again ended the attempt (its items are released) or found it paid (its confirmation URL). */
  onStartedAgain(confirmationUrl: string | null): void;
}

/**
 * A payment interrupted is not an item lost: a reload, Back or a closed tab while the provider's
 * window was open leaves the shopper's items held for them, and this says so with the two ways on:
 * resume that payment, or start again (the open attempt is cancelled and the hold given back).
 */
export function UnfinishedPaymentNotice({
  payment,
  itemCount,
  onResume,
  onStartedAgain,
}: UnfinishedPaymentNoticeProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function startAgain() {
    setBusy(true);
    setMessage(null);
    try {
      const result = await startPaymentAgain({ TrackingNumber: payment.TrackingNumber });
      if (result.Status === 'pending') setMessage(START_AGAIN_PENDING_MESSAGE);
      else return onStartedAgain(result.Status === 'paid' ? result.ConfirmationUrl : null);
    } catch {
      setMessage(CHECKOUT_ERROR_MESSAGE);
    }
    setBusy(false);
  }

  return (
    <section className="notice notice--warning unfinished-payment" aria-labelledby="unfinished-payment-title">
      <h2 id="unfinished-payment-title" className="unfinished-payment__title">
        {itemCount > 1 ? UNFINISHED_PAYMENT_TEXT_PLURAL : UNFINISHED_PAYMENT_TEXT}
      </h2>
      <p className="unfinished-payment__text">
        {itemCount > 1 ? 'They are' : 'It is'} held for you while you finish paying. Resume the payment, or start again
        to choose another way to pay.
      </p>
      <div className="unfinished-payment__actions">
        <button type="button" className="button button--yellow" disabled={busy} onClick={onResume}>
          Resume payment
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void startAgain()}
        >
          {busy ? 'Starting again...' : 'Start again'}
        </button>
      </div>
      {message ? (
        <p className="unfinished-payment__message" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
