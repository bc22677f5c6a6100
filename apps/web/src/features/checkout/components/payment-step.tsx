import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import type { PaymentStepProps } from '../checkout-types';
import { PaymentOptionList } from './payment-option-list';
import { cancelPendingAttempt, PAYMENT_PROVIDERS, type PendingAttempt } from './payment-providers';
import { initialPaymentOption, type PaymentOptionName, paymentOptionStates } from './payment-rules';
import { usePlaceOrderAction } from './payment-submit';
import '../delivery-payment.css';

/**
 * Step 3, Payment options (checkout.md sections 4 and 7): the options (a single usable one chosen
 * for the shopper), the total, and the button that places the order.
 */
export function PaymentStep(props: PaymentStepProps) {
  const { view, delivery, total } = props;
  const states = paymentOptionStates(view.PaymentInformation.Options, delivery, total);
  const [chosen, setChosen] = useState<PaymentOptionName | null>(
    () => props.initialOption ?? initialPaymentOption(states),
  );
  const selected = states.find((s) => s.usable && s.option.SystemName === chosen)
    ? chosen
    : initialPaymentOption(states);
  const { processing, submit, complete, release } = usePlaceOrderAction(props);
  const onOptionChange = useRef(props.onOptionChange);
  onOptionChange.current = props.onOptionChange;
  useEffect(() => onOptionChange.current?.(selected), [selected]);
  // The terms are asked here only when step 3 opens without them (after a reload or a provider's
  // return they are not kept); the box then stays for this visit to the step.
  const [askTerms] = useState(() => props.terms?.agreed === false);
  const terms = askTerms ? props.terms : null;

  // Leaving step 3 cancels an attempt still waiting on the shopper (a hosted page or PayPal order
  // opened and left). Generic never leaves one: the order is confirmed in the same call.
  const pending = useRef<PendingAttempt | null>(null);
  useEffect(() => () => cancelPendingAttempt(pending.current), []);
  const Panel = selected ? PAYMENT_PROVIDERS[selected]?.Panel : undefined;

  const usable = states.some((s) => s.usable);
  const payInStore = selected === 'Generic';
  return (
    <div className="payment-step">
      <PaymentOptionList states={states} value={selected} onChoose={setChosen} />
      {!usable ? (
        <Notice kind="warning">
          None of the payment options can be used with this delivery choice. Go back to Delivery to choose another way
          to receive your items.
        </Notice>
      ) : null}
      <p className="payment-step__total">
        <span>Total to pay{payInStore ? ' when you collect' : ''}</span>
        <strong>{total.Display}</strong>
      </p>
      {terms ? terms.box : null}
      {terms && !terms.agreed ? (
        <p className="delivery-panel__hint payment-step__terms-hint">
          Tick the box above to agree to the terms and pay.
        </p>
      ) : Panel && selected ? (
        <Panel
          key={selected}
          region={props.region}
          view={view}
          total={total}
          details={props.details}
          billingAddress={props.billingAddress}
          delivery={delivery}
          processing={processing}
          placeOrder={() => submit(selected)}
          setPending={(trackingNumber) => {
            pending.current = trackingNumber ? { option: selected, trackingNumber } : null;
          }}
          complete={async (url) => {
            pending.current = null;
            await complete(url);
          }}
          release={release}
        />
      ) : (
        <div className="delivery-step__actions">
          <button
            type="button"
            className="button button--yellow payment-step__place"
            disabled={!selected || processing}
            aria-busy={processing || undefined}
            onClick={() => selected && void submit(selected)}
          >
            {processing ? 'Placing your order...' : 'Place order'}
          </button>
          {payInStore ? (
            <p className="delivery-panel__hint">The store holds your items; you pay when you collect them.</p>
          ) : null}
        </div>
      )}
    </div>
  );
}
