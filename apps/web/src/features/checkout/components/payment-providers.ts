import type { ComponentType } from 'react';
import { cancelPayPalAttempt } from '../api/paypal-cancel-attempt';
import type { PaymentStepProps } from '../checkout-types';
import { ClearpayPanel } from './payment-clearpay';
import { cancelEwayPending, EwayPanel } from './payment-eway';
import { cancelGlobalPayPending, GlobalPayPanel } from './payment-globalpay';
import { PayPalPanel } from './payment-paypal';
import type { PaymentOptionName } from './payment-rules';

/**
 * The browser side of each online payment provider (checkout.md sections 4 and 7). Pay in store
 * (Generic) places a confirmed order in one call with the step's Place order button. Each online
 * provider brings a panel that replaces that button: it places the order through `placeOrder`
 * (cart check, analytics, the process call with its Idempotency-Key), takes the shopper through
 * the provider's part (Eway's modal, Global Payments' frame, PayPal's buttons, Clearpay's page),
 * and ends with `complete(confirmationUrl)` or `release(message)`.
 */
export interface ProviderPanelProps {
  region: PaymentStepProps['region'];
  view: PaymentStepProps['view'];
  total: PaymentStepProps['total'];
  details: PaymentStepProps['details'];
  billingAddress: PaymentStepProps['billingAddress'];
  delivery: PaymentStepProps['delivery'];
  /** Whether an order is being placed or paid (buttons busy). */
  processing: boolean;
  /** Places the order; resolves the provider's page data (with TrackingNumber), or null when it failed (the banner says why). */
  placeOrder(): Promise<Record<string, unknown> | null>;
  /** The attempt now waiting on the shopper (cancelled through `cancelPending` if they leave step 3); null once finished. */
  setPending(trackingNumber: string | null): void;
  /** Paid: analytics, the header's cart, then the confirmation page. */
  complete(confirmationUrl: string): Promise<void>;
  /** Not paid (declined, cancelled, failed): buttons usable again, and the banner message (null for none). */
  release(message: string | null): void;
}

export interface PaymentProviderUi {
  /** Replaces the Place order button for this option. */
  Panel?: ComponentType<ProviderPanelProps>;
  /** Cancels an attempt left waiting when the shopper leaves step 3 (checkout.md section 4). */
  cancelPending?(trackingNumber: string): Promise<void>;
}

/** Each provider's entry; an option without one uses the Place order button. */
export const PAYMENT_PROVIDERS: Partial<Record<PaymentOptionName, PaymentProviderUi>> = {
  Generic: {},
  Clearpay: { Panel: ClearpayPanel },
  Eway: { Panel: EwayPanel, cancelPending: cancelEwayPending },
  GlobalPay: { Panel: GlobalPayPanel, cancelPending: cancelGlobalPayPending },
  PayPal: {
    Panel: PayPalPanel,
    cancelPending: async (TrackingNumber) => {
      await cancelPayPalAttempt({ TrackingNumber });
    },
  },
};

/** An attempt waiting on the shopper. */
export interface PendingAttempt {
  option: PaymentOptionName;
  trackingNumber: string;
}

/** Called on leaving step 3: cancels an open attempt through its provider, if it has one. */
export function cancelPendingAttempt(pending: PendingAttempt | null): void {
  if (!pending) return;
  void PAYMENT_PROVIDERS[pending.option]?.cancelPending?.(pending.trackingNumber).catch(() => undefined);
}
