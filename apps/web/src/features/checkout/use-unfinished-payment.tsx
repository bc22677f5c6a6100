import type { CheckoutViewValue, Region } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartKey } from '../../lib/cart-api/get-cart';
import { checkoutViewKey } from './api/get-checkout-view';
import type { CheckoutStepNumber } from './checkout-types';
import { ResumedPayment } from './components/resumed-payment';
import { UnfinishedPaymentNotice } from './components/unfinished-payment-notice';

/**
 * The checkout's unfinished payment (the view's UnfinishedPayment): the notice above the steps, and
 * once the shopper chooses Resume payment, step 3's resumed panel (the page jumps there with goTo).
 * Start again refreshes the view and the cart: the items are theirs to pay for afresh.
 */
export function useUnfinishedPayment(
  view: CheckoutViewValue,
  region: Region,
  goTo: (step: CheckoutStepNumber) => void,
): { notice: ReactNode; resumed: ReactNode } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [resuming, setResuming] = useState<string | null>(null);
  const payment = view.UnfinishedPayment ?? null;
  if (!payment) return { notice: null, resumed: null };
  if (resuming === payment.TrackingNumber) {
    return { notice: null, resumed: <ResumedPayment payment={payment} view={view} region={region} /> };
  }
  const notice = (
    <UnfinishedPaymentNotice
      payment={payment}
      itemCount={view.Cart.ItemCount}
      onResume={() => {
        setResuming(payment.TrackingNumber);
        goTo(3);
      }}
      onStartedAgain={(confirmationUrl) => {
        if (confirmationUrl) return void navigate(confirmationUrl);
        void client.invalidateQueries({ queryKey: checkoutViewKey });
        void client.invalidateQueries({ queryKey: cartKey });
      }}
    />
  );
  return { notice, resumed: null };
}
