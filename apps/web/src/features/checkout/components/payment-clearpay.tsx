import { useClearpayPayment, useClearpayRange } from './payment-clearpay-flow';
import type { ProviderPanelProps } from './payment-providers';
import './payment-clearpay.css';

/**
 * Step 3 with Clearpay, the UK's buy now, pay later option: Place order takes the shopper to
 * Clearpay's own page to approve the payment (pay in 4); they come back to the confirmation, or
 * to this page with the reason in its banner.
 */
export function ClearpayPanel(props: ProviderPanelProps) {
  const { leaving, pay } = useClearpayPayment(props);
  const range = useClearpayRange();
  const busy = props.processing || leaving;
  return (
    <div className="delivery-step__actions payment-clearpay">
      <button
        type="button"
        className="button button--yellow payment-step__place"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby="payment-clearpay-note"
        onClick={() => void pay()}
      >
        {busy ? 'Processing payment...' : 'Place order'}
      </button>
      <p className="payment-clearpay__status" role="status" aria-live="polite">
        {leaving ? 'Taking you to Clearpay...' : ''}
      </p>
      <p id="payment-clearpay-note" className="delivery-panel__hint payment-clearpay__note">
        You approve the payment on Clearpay's secure page: pay in 4 interest-free instalments, the first one today.
        {range
          ? ` Available for orders between ${range.MinimumAmount.Display} and ${range.MaximumAmount.Display}.`
          : ''}
      </p>
    </div>
  );
}
