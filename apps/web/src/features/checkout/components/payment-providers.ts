import type { PaymentOptionName } from './payment-rules';

/**
 * The browser side of each payment provider: the hook point for the next issue's providers.
 *
 * Generic (pay in store) places a confirmed order in one call, so nothing is ever pending in the
 * browser and leaving step 3 has nothing to cancel. Eway and GlobalPay (hosted card frame), PayPal
 * (buttons) and Clearpay start an attempt that waits on the shopper; they add an entry here whose
 * `cancelPending` the payment step calls when the shopper leaves step 3 with an attempt open
 * (checkout.md section 4: "Leaving step 3 resets the hosted card frame, clears the payment method
 * and cancels any pending order that has a tracking number").
 */
export interface PaymentProviderUi {
  cancelPending?(trackingNumber: string): Promise<void>;
}

export const PAYMENT_PROVIDERS: Partial<Record<PaymentOptionName, PaymentProviderUi>> = {
  Generic: {},
};

/** An attempt waiting on the shopper (none for Generic). */
export interface PendingAttempt {
  option: PaymentOptionName;
  trackingNumber: string;
}

/** Called on leaving step 3: cancels an open attempt through its provider, if it has one. */
export function cancelPendingAttempt(pending: PendingAttempt | null): void {
  if (!pending) return;
  void PAYMENT_PROVIDERS[pending.option]?.cancelPending?.(pending.trackingNumber).catch(() => undefined);
}
