// @vitest-environment jsdom
import {
  type CheckoutViewValue,
  PAYPAL_BUTTON_ERROR_MESSAGE,
  PAYPAL_MIXED_DELIVERY_MESSAGE,
  PAYPAL_MULTIPLE_ADDRESSES_MESSAGE,
  PAYPAL_STORE_PICKUP_MESSAGE,
} from '@shop/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryChoice } from '../checkout-types';
import { paymentProps } from './delivery-test-fixtures';
import { PayPalPanel } from './payment-paypal';
import { paypalNavigation } from './payment-paypal-flow';
import { paypalDeliveryMessage } from './payment-paypal-rules';
import type { PayPalButtonsOptions } from './payment-paypal-script';
import type { ProviderPanelProps } from './payment-providers';

const SDK = 'https://pay.example/paypal/sdk/js';
const PAGE = { Token: '5O190127TN364715T', TrackingNumber: 'PAY-7K2M9Q' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete window.paypal;
  for (const script of document.querySelectorAll('script[data-paypal-sdk]')) script.remove();
});

/** PayPal's SDK as the page sees it: Buttons records its options and renders two plain buttons. */
function fakeSdk() {
  const buttons: PayPalButtonsOptions[] = [];
  const sdk = {
    Buttons(options) {
      buttons.push(options);
      return {
        async render(target: HTMLElement) {
          const button = document.createElement('button');
          button.textContent = 'PayPal';
          target.appendChild(button);
        },
      };
    },
  } satisfies Window['paypal'];
  // jsdom loads no scripts: the tag's load event is fired by hand once it is added.
  const observer = new MutationObserver(() => {
    const script = document.querySelector('script[data-paypal-sdk]');
    if (script) {
      observer.disconnect();
      window.paypal = sdk;
      script.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.head, { childList: true });
  return buttons;
}

function viewWith(parameters: Record<string, string>): CheckoutViewValue {
  const view = paymentProps().view;
  return {
    ...view,
    PaymentInformation: {
      ...view.PaymentInformation,
      PaymentMethodParameters: Object.entries(parameters).map(([Parameter, Value]) => ({ Parameter, Value })),
    },
  };
}

const PARAMETERS = {
  PayLaterCaption: 'Pay in 4 interest-free payments on purchases from $30 to $2,000.',
  PayLaterAmountRangeMin: '30.00',
  PayLaterAmountRangeMax: '2000.00',
  PayPalSdkUrl: SDK,
  PayPalClientId: 'client-1',
};

function panelProps(overrides: Partial<ProviderPanelProps> = {}): ProviderPanelProps {
  const base = paymentProps();
  return {
    region: 'AU',
    view: viewWith(PARAMETERS),
    total: { Amount: 6000, Display: '$60.00' },
    details: base.details,
    billingAddress: base.billingAddress,
    delivery: base.delivery,
    processing: false,
    placeOrder: vi.fn(async () => ({ ...PAGE })),
    setPending: vi.fn(),
    complete: vi.fn(async () => undefined),
    release: vi.fn(),
    ...overrides,
  };
}

async function rendered(props = panelProps()) {
  const buttons = fakeSdk();
  const go = vi.spyOn(paypalNavigation, 'go').mockImplementation(() => undefined);
  render(<PayPalPanel {...props} />);
  await waitFor(() => expect(buttons).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('button', { name: 'PayPal' })).toBeTruthy());
  const options = buttons[0] as PayPalButtonsOptions;
  return { options, go, props };
}

const scriptUrl = () => new URL(document.querySelector('script[data-paypal-sdk]')?.getAttribute('src') ?? '');

describe('PayPalPanel', () => {
  it('loads the SDK with the client id and currency, and renders blue vertical buttons with pay later in range', async () => {
    const { options } = await rendered();
    expect(options.style).toEqual({ color: 'blue', layout: 'vertical' });
    const url = scriptUrl();
    expect(`${url.origin}${url.pathname}`).toBe(SDK);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'client-id': 'client-1',
      currency: 'AUD',
      intent: 'capture',
      'enable-funding': 'paylater',
    });
    expect(screen.getByText(PARAMETERS.PayLaterCaption)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pay with PayPal' })).toBeTruthy();
  });

  it('hides pay later outside its range (disable-funding)', async () => {
    await rendered(panelProps({ total: { Amount: 2_500, Display: '$25.00' } }));
    expect(scriptUrl().searchParams.get('disable-funding')).toBe('paylater');
    expect(screen.getByText(/Pay Later is not available for this order/)).toBeTruthy();
  });

  it('createOrder places the order and answers its Token; approval navigates to the accept route', async () => {
    const { options, go, props } = await rendered();
    await expect(options.createOrder()).resolves.toBe(PAGE.Token);
    expect(props.placeOrder).toHaveBeenCalledTimes(1);
    expect(props.setPending).toHaveBeenCalledWith(PAGE.TrackingNumber);
    options.onApprove({ orderID: PAGE.Token, payerID: 'PAYER1' });
    expect(go).toHaveBeenCalledWith(`/c3api/checkout/paypal/accept?securityKey=${PAGE.TrackingNumber}&payerId=PAYER1`);
  });

  it('cancel navigates to the cancel path with payPalToken', async () => {
    const { options, go } = await rendered();
    await options.createOrder();
    options.onCancel({ orderID: PAGE.Token });
    expect(go).toHaveBeenCalledWith(
      `/c3api/checkout/paypal/cancel?securityKey=${PAGE.TrackingNumber}&payPalToken=${PAGE.Token}`,
    );
  });

  it('a failed placement keeps its own banner (no second message)', async () => {
    const { options, props } = await rendered(panelProps({ placeOrder: vi.fn(async () => null) }));
    await expect(options.createOrder()).rejects.toThrow();
    options.onError(new Error('not placed'));
    expect(props.release).not.toHaveBeenCalled();
  });

  it('a PayPal error after placing frees the buttons with the "Please try again" text', async () => {
    const ok = await rendered();
    await ok.options.createOrder();
    ok.options.onError(new Error('popup closed badly'));
    expect(ok.props.release).toHaveBeenCalledWith(PAYPAL_BUTTON_ERROR_MESSAGE);
  });

  it('shows the error text when the SDK is not configured', async () => {
    render(<PayPalPanel {...panelProps({ view: viewWith({}) })} />);
    expect((await screen.findByRole('alert')).textContent).toBe(PAYPAL_BUTTON_ERROR_MESSAGE);
  });
});

describe('paypalDeliveryMessage', () => {
  const ADDRESS = { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' };
  const split = (entries: [string, typeof ADDRESS | null][]): DeliveryChoice => ({
    ...paymentProps().delivery,
    DeliveryOption: 'SplitPostage',
    IsStorePickup: false,
    SplitPostageShipments: entries.map(([method, address], i) => ({
      ShipmentId: i + 1,
      ShippingMethodId: method as 'StorePickup',
      IsExpress: false,
      DeliveryAddress: address,
    })),
  });
  it('refuses pickup, a mix and two addresses with the spec messages; one address is fine', () => {
    expect(paypalDeliveryMessage(paymentProps().delivery)).toBe(PAYPAL_STORE_PICKUP_MESSAGE);
    expect(
      paypalDeliveryMessage(
        split([
          ['StorePickup', null],
          ['AustraliaPost', ADDRESS],
        ]),
      ),
    ).toBe(PAYPAL_MIXED_DELIVERY_MESSAGE);
    expect(
      paypalDeliveryMessage(
        split([
          ['AustraliaPost', ADDRESS],
          ['AustraliaPost', { ...ADDRESS, Line1: '9 Pitt St' }],
        ]),
      ),
    ).toBe(PAYPAL_MULTIPLE_ADDRESSES_MESSAGE);
    expect(
      paypalDeliveryMessage(
        split([
          ['AustraliaPost', ADDRESS],
          ['AustraliaPost', { ...ADDRESS }],
        ]),
      ),
    ).toBeNull();
  });
});
