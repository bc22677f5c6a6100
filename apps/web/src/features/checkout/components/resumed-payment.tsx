import { CHECKOUT_ERROR_MESSAGE, type CheckoutViewValue, type Region, type UnfinishedPayment } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { checkoutViewKey } from '../api/get-checkout-view';
import { resumePayment } from '../api/resume-payment';
import { STORE_PICKUP_CHOICE } from '../checkout-types';
import { cancelPendingAttempt, PAYMENT_PROVIDERS, type PendingAttempt } from './payment-providers';

/**
 * Step 3 for a payment left open: the provider's own panel (Eway's modal, Global Payments' frame,
 * PayPal's buttons, Clearpay's page), whose Place order opens that provider's payment again for the
 * same attempt instead of placing a new order. The order already holds the details and delivery:
 * the panels read only the view and the total. Leaving step 3 with it open cancels it, as step 3 does.
 */
export function ResumedPayment({
  payment,
  view,
  region,
}: {
  payment: UnfinishedPayment;
  view: CheckoutViewValue;
  region: Region;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const cart = useCart();
  const [processing, setProcessing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pending = useRef<PendingAttempt | null>(null);
  useEffect(() => () => cancelPendingAttempt(pending.current), []);
  const Panel = PAYMENT_PROVIDERS[payment.PaymentOption]?.Panel;
  if (!Panel) return null;

  async function complete(url: string) {
    pending.current = null;
    void cart.refresh().catch(() => undefined);
    if (/^https?:\/\//.test(url)) window.location.assign(url);
    else navigate(url);
  }

  async function reopen(): Promise<Record<string, unknown> | null> {
    setProcessing(true);
    setMessage(null);
    try {
      const data = await resumePayment({ TrackingNumber: payment.TrackingNumber });
      if (typeof data.ConfirmationUrl === 'string') {
        await complete(data.ConfirmationUrl);
        return null;
      }
      return data;
    } catch (error) {
      setProcessing(false);
      setMessage(error instanceof ApiError && error.message ? error.message : CHECKOUT_ERROR_MESSAGE);
      // Ended meanwhile: the view says so (the notice goes, the items show as they are).
      void client.invalidateQueries({ queryKey: checkoutViewKey });
      return null;
    }
  }

  return (
    <div className="payment-step resumed-payment">
      {message ? (
        <p className="notice notice--error resumed-payment__message" role="alert">
          {message}
        </p>
      ) : null}
      <p className="payment-step__total">
        <span>Total to pay</span>
        <strong>{view.Cart.CartTotal.Display}</strong>
      </p>
      <Panel
        region={region}
        view={view}
        total={view.Cart.CartTotal}
        details={{
          EmailAddress: view.CustomerDetails.EmailAddress,
          FirstName: view.CustomerDetails.FirstName,
          LastName: view.CustomerDetails.LastName,
          PhoneNumber: view.CustomerDetails.PhoneNumber,
          Consent: false,
        }}
        billingAddress={{
          BusinessName: '',
          Line1: '',
          Line2: '',
          Suburb: '',
          State: '',
          PostCode: '',
          CountryCode: '',
          CountryName: '',
        }}
        delivery={STORE_PICKUP_CHOICE}
        processing={processing}
        placeOrder={reopen}
        setPending={(trackingNumber) => {
          pending.current = trackingNumber ? { option: payment.PaymentOption, trackingNumber } : null;
        }}
        complete={complete}
        release={(text) => {
          setProcessing(false);
          setMessage(text);
          void client.invalidateQueries({ queryKey: checkoutViewKey });
        }}
      />
    </div>
  );
}
