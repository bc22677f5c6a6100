import { EWAY_PROGRESS_MESSAGES } from '@shop/contract';
import { useEwayPayment } from './payment-eway-flow';
import type { ProviderPanelProps } from './payment-providers';
import './payment-eway.css';

export { cancelEwayPending } from './payment-eway-flow';

/**
 * Step 3 with Eway, the AU card option: the Place order button opens Eway's secure modal for the
 * card details (they never reach the shop); the progress messages are read out as they change.
 */
export function EwayPanel(props: ProviderPanelProps) {
  const { progress, pay } = useEwayPayment(props);
  const busy = props.processing || progress !== null;
  return (
    <div className="delivery-step__actions payment-eway">
      <button
        type="button"
        className="button button--yellow payment-step__place"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby="payment-eway-note"
        onClick={() => void pay()}
      >
        {busy ? 'Processing payment...' : 'Place order'}
      </button>
      <p className="payment-eway__status" role="status" aria-live="polite">
        {progress ? EWAY_PROGRESS_MESSAGES[progress] : ''}
      </p>
      <p id="payment-eway-note" className="delivery-panel__hint">
        You enter your card details in Eway's secure payment window. We accept Visa and Mastercard.
      </p>
    </div>
  );
}
