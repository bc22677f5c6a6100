import { PAYPAL_BUTTON_ERROR_MESSAGE } from '@shop/contract';
import { useRef } from 'react';
import { usePayPalButtons } from './payment-paypal-flow';
import type { ProviderPanelProps } from './payment-providers';
import './payment-paypal.css';

/**
 * Step 3 with PayPal (checkout.md sections 2, 4 and 7): PayPal's own buttons, blue and vertical,
 * PayPal and Pay Later (only within its amount range). The order is placed when a button is
 * pressed; the shopper approves on PayPal's page and comes back through the accept route.
 */
export function PayPalPanel(props: ProviderPanelProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const { state, payLater, caption } = usePayPalButtons(props, container);
  return (
    <section className="payment-paypal" aria-label="Pay with PayPal" aria-busy={state === 'loading' || undefined}>
      <div
        ref={container}
        className="payment-paypal__buttons"
        id="paypal-buttons"
        data-testid="paypal-buttons"
        hidden={state === 'failed'}
      />
      <p className="payment-paypal__status" role="status" aria-live="polite">
        {state === 'loading' ? 'Loading PayPal...' : ''}
        {props.processing ? 'Placing your order...' : ''}
      </p>
      {state === 'failed' ? (
        <p className="payment-paypal__error" role="alert">
          {PAYPAL_BUTTON_ERROR_MESSAGE}
        </p>
      ) : null}
      {caption ? (
        <p className="delivery-panel__hint payment-paypal__caption">
          {payLater ? caption : `Pay Later is not available for this order. ${caption}`}
        </p>
      ) : null}
    </section>
  );
}
