import { useGlobalPayPayment } from './payment-globalpay-flow';
import { GlobalPayFrame } from './payment-globalpay-frame';
import type { ProviderPanelProps } from './payment-providers';
import './payment-globalpay.css';

export { cancelGlobalPayPending } from './payment-globalpay-flow';

/**
 * Step 3 with GlobalPay, the UK card option: Place order opens Global Payments' secure page in a frame below;
 * Cancel payment gives the items back. What happens is read out in the status line.
 */
export function GlobalPayPanel(props: ProviderPanelProps) {
  const { payload, height, status, finishing, pay, cancel } = useGlobalPayPayment(props);
  const busy = props.processing || finishing;
  return (
    <div className="delivery-step__actions payment-globalpay">
      {payload ? (
        <>
          <p id="payment-globalpay-note" className="delivery-panel__hint">
            Enter your card details in Global Payments' secure form below.
          </p>
          <GlobalPayFrame key={payload.TrackingNumber} payload={payload} height={height} />
          <button
            type="button"
            className="button payment-globalpay__cancel"
            disabled={finishing}
            onClick={() => void cancel()}
          >
            Cancel payment
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button button--yellow payment-step__place"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-describedby="payment-globalpay-note"
            onClick={() => void pay()}
          >
            {busy ? 'Processing payment...' : 'Place order'}
          </button>
          <p id="payment-globalpay-note" className="delivery-panel__hint">
            You enter your card details on Global Payments' secure page. We accept Visa and Mastercard.
          </p>
        </>
      )}
      <p className="payment-globalpay__status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
