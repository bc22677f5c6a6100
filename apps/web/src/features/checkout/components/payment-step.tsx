import type { PaymentStepProps } from '../checkout-types';

/** Placeholder: the payment step (checkout.md section 4) is being built. */
export function PaymentStep(_props: PaymentStepProps) {
  return (
    <div className="checkout-step__placeholder">
      <h3>Payment options</h3>
    </div>
  );
}
