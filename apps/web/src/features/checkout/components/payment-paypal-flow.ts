import { PAYPAL_ACCEPT_PATH, PAYPAL_BUTTON_ERROR_MESSAGE, PAYPAL_CANCEL_PATH } from '@shop/contract';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { payLaterAvailable, paypalSettings } from './payment-paypal-rules';
import { loadPayPalSdk, paypalSdkUrl } from './payment-paypal-script';
import type { ProviderPanelProps } from './payment-providers';

/** Where approval and cancellation take the shopper (navigated to, not fetched: checkout.md section 7). */
export const paypalNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

export const acceptUrl = (tracking: string, payerId: string | null | undefined) =>
  `${PAYPAL_ACCEPT_PATH}?securityKey=${encodeURIComponent(tracking)}${payerId ? `&payerId=${encodeURIComponent(payerId)}` : ''}`;
export const cancelUrl = (tracking: string, token: string | undefined) =>
  `${PAYPAL_CANCEL_PATH}?securityKey=${encodeURIComponent(tracking)}${token ? `&payPalToken=${encodeURIComponent(token)}` : ''}`;

export type PayPalLoadState = 'loading' | 'ready' | 'failed';

/**
 * Loads PayPal's SDK and renders its buttons (blue, vertical; Pay Later only within its range) into
 * `container`. createOrder places the order (its Token is PayPal's order id); approval goes to the
 * accept route, cancelling to the cancel route; an error frees the buttons with the "Please try
 * again" text.
 */
export function usePayPalButtons(props: ProviderPanelProps, container: RefObject<HTMLDivElement | null>) {
  const settings = paypalSettings(props.view);
  const payLater = payLaterAvailable(settings, props.total.Amount);
  const [state, setState] = useState<PayPalLoadState>('loading');
  const latest = useRef(props);
  latest.current = props;
  const src = settings.sdkUrl
    ? paypalSdkUrl(settings.sdkUrl, settings.clientId, props.region === 'AU' ? 'AUD' : 'GBP', payLater)
    : null;

  useEffect(() => {
    if (!src) {
      setState('failed');
      return;
    }
    let gone = false;
    let tracking: string | null = null;
    // Placing failed: the banner already says why; PayPal's onError must not overwrite it.
    let placeFailed = false;
    setState('loading');
    loadPayPalSdk(src)
      .then(async (sdk) => {
        const target = container.current;
        if (gone || !target) return;
        target.replaceChildren();
        await sdk
          .Buttons({
            style: { color: 'blue', layout: 'vertical' },
            async createOrder() {
              placeFailed = false;
              const page = await latest.current.placeOrder();
              const token = typeof page?.Token === 'string' ? page.Token : null;
              tracking = typeof page?.TrackingNumber === 'string' ? page.TrackingNumber : null;
              if (!token || !tracking) {
                placeFailed = true;
                throw new Error('the order was not placed');
              }
              latest.current.setPending(tracking);
              return token;
            },
            onApprove(data) {
              if (tracking) paypalNavigation.go(acceptUrl(tracking, data.payerID));
            },
            onCancel(data) {
              if (tracking) paypalNavigation.go(cancelUrl(tracking, data.orderID));
            },
            onError() {
              if (placeFailed) return;
              latest.current.release(PAYPAL_BUTTON_ERROR_MESSAGE);
            },
          })
          .render(target);
        if (!gone) setState('ready');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
    };
  }, [src, container]);

  return { state, payLater, caption: settings.payLaterCaption };
}
