// @vitest-environment jsdom
import { CHECKOUT_ERROR_MESSAGE, UNAVAILABLE_ITEMS_MESSAGE } from '@shop/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import type { PaymentStepProps } from '../checkout-types';
import {
  amountMessage,
  fakeTagManager,
  makeView,
  money,
  PICKUP_CHOICE,
  POSTAGE_CHOICE,
  paymentOption,
  paymentProps,
} from './delivery-test-fixtures';
import { EXISTING_ORDER_MESSAGE, NETWORK_ERROR_MESSAGE, PICKUP_ONLY_MESSAGE } from './payment-rules';
import { PaymentStep } from './payment-step';
import { pageReload } from './payment-submit';

const CONFIRMATION = '/checkout/confirmation/ORD-7K2M9Q?key=abc';
const PROCESS = 'POST /c3api/checkout/purchase/process';

beforeEach(() => {
  fakeTagManager();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.dataLayer = [];
});

function Landed() {
  const location = useLocation();
  return <p>Landed on {`${location.pathname}${location.search}`}</p>;
}

function renderStep(props: PaymentStepProps = paymentProps()) {
  render(
    withQueryClient(
      <MemoryRouter initialEntries={['/checkout']}>
        <Routes>
          <Route path="/checkout" element={<PaymentStep {...props} />} />
          <Route path="/checkout/confirmation/:reference" element={<Landed />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return { user: userEvent.setup(), props };
}

/** Renders the step and lets a test hand it new props (the page's total changing). */
function renderStepWithRerender(props: PaymentStepProps) {
  const tree = (p: PaymentStepProps) =>
    withQueryClient(
      <MemoryRouter initialEntries={['/checkout']}>
        <PaymentStep {...p} />
      </MemoryRouter>,
    );
  const result = render(tree(props));
  return { rerender: (next: PaymentStepProps) => result.rerender(tree(next)) };
}

const ukRange = (min: number, max: number) => ({
  Minimum: money(min, 'UK'),
  Maximum: money(max, 'UK'),
  Message: amountMessage(min, max, 'UK'),
});

const placeButton = () => screen.getByRole('button', { name: /Place order|Placing your order/ }) as HTMLButtonElement;
const processCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/c3api/checkout/purchase/process');

function withOptions(options: ReturnType<typeof makeView>['PaymentInformation']['Options']) {
  const view = makeView();
  return { ...view, PaymentInformation: { ...view.PaymentInformation, Options: options } };
}

const GENERIC = makeView().PaymentInformation.Options[0] as ReturnType<
  typeof makeView
>['PaymentInformation']['Options'][number];

describe('PaymentStep: the options', () => {
  it('selects the single usable option and shows the total', () => {
    stubFetch({});
    renderStep();
    expect((screen.getByRole('radio', { name: /Pay in store/ }) as HTMLInputElement).checked).toBe(true);
    expect(placeButton().disabled).toBe(false);
    expect(screen.getByText('$60.00')).toBeTruthy();
  });

  it("shows a disabled option's message, and disables options this page cannot take yet", () => {
    stubFetch({});
    const view = withOptions([
      GENERIC,
      paymentOption('Eway', 'Credit card', { Id: 2, Disabled: true, DisabledMessage: 'Card payments are paused.' }),
      paymentOption('PayPal', 'PayPal', { Id: 3 }),
    ]);
    renderStep(paymentProps({ view }));
    const card = screen.getByRole('radio', { name: /Credit card/ }) as HTMLInputElement;
    expect(card.disabled).toBe(true);
    expect(screen.getByText('Card payments are paused.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /PayPal/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Pay in store/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables an option with the spec message as soon as postage takes the total past its range', () => {
    stubFetch({ 'GET /c3api/checkout/clearpay/configuration': () => envelope(null, 500) });
    const clearpayMessage = 'The Clearpay order amount, including postage fees, must be between £1.00 and £1,200.00.';
    // As the view was read: £1,190.00 of items, Clearpay inside its range.
    const view = withOptions([
      paymentOption('GlobalPay', 'Credit or debit card', { AmountRange: ukRange(100, 1_000_000) }),
      paymentOption('Clearpay', 'Clearpay', {
        Id: 2,
        AmountRange: { Minimum: money(100, 'UK'), Maximum: money(120_000, 'UK'), Message: clearpayMessage },
      }),
    ]);
    const props = paymentProps({ region: 'UK', view, delivery: POSTAGE_CHOICE, total: money(119_000, 'UK') });
    const { rerender } = renderStepWithRerender(props);
    const clearpay = () => screen.getByRole('radio', { name: /Clearpay/ }) as HTMLInputElement;
    expect(clearpay().disabled).toBe(false);
    expect(screen.queryByText(clearpayMessage)).toBeNull();
    // The delivery step's set-express answer: £14.95 of postage makes £1,204.95.
    rerender({ ...props, total: money(120_495, 'UK') });
    expect(clearpay().disabled).toBe(true);
    expect(screen.getByText(clearpayMessage)).toBeTruthy();
    expect(clearpay().getAttribute('aria-describedby')).toBe('payment-option-Clearpay-message');
    expect((screen.getByRole('radio', { name: /Credit or debit card/ }) as HTMLInputElement).disabled).toBe(false);
    // At the limit exactly it may be used.
    rerender({ ...props, total: money(120_000, 'UK') });
    expect(clearpay().disabled).toBe(false);
  });

  it('judges the amount on the total now, not on the total the server saw when the view was read', () => {
    stubFetch({});
    // The view was read with an earlier visit's postage in the total: the card was out of range then.
    const range = { Minimum: money(100), Maximum: money(6_000), Message: amountMessage(100, 6_000) };
    const view = withOptions([
      paymentOption('Eway', 'Credit card', { AmountRange: range, Disabled: true, DisabledMessage: range.Message }),
    ]);
    renderStep(paymentProps({ view, delivery: POSTAGE_CHOICE, total: money(5_995) }));
    expect((screen.getByRole('radio', { name: /Credit card/ }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(range.Message)).toBeNull();
  });

  it('disables pay in store when anything is posted, leaving nothing to place with', () => {
    stubFetch({});
    renderStep(paymentProps({ delivery: POSTAGE_CHOICE }));
    const generic = screen.getByRole('radio', { name: /Pay in store/ }) as HTMLInputElement;
    expect(generic.disabled).toBe(true);
    expect(generic.checked).toBe(false);
    expect(screen.getByText(PICKUP_ONLY_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('None of the payment options');
    expect(placeButton().disabled).toBe(true);
  });

  it('allows pay in store for split postage when every store is pickup', () => {
    stubFetch({});
    const delivery = {
      ...PICKUP_CHOICE,
      DeliveryOption: 'SplitPostage' as const,
      SplitPostageShipments: [
        { ShipmentId: 7, ShippingMethodId: 'StorePickup' as const, IsExpress: false, DeliveryAddress: null },
      ],
    };
    renderStep(paymentProps({ delivery }));
    expect((screen.getByRole('radio', { name: /Pay in store/ }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('PaymentStep: placing the order', () => {
  it('validates the cart, posts the submission with an Idempotency-Key and lands on the confirmation', async () => {
    const calls = stubFetch({ [PROCESS]: () => envelope({ ConfirmationUrl: CONFIRMATION }) });
    const { user, props } = renderStep();
    await user.click(placeButton());
    expect(await screen.findByText(`Landed on ${CONFIRMATION}`)).toBeTruthy();
    expect(props.validateCart).toHaveBeenCalledTimes(1);
    const [call] = processCalls(calls);
    expect(call?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(call?.body).toEqual({
      PaymentOption: 'Generic',
      DeliveryOption: 'StorePickup',
      CustomerDetails: props.details,
      BillingAddress: props.billingAddress,
      DeliveryAddress: null,
      IsShippingAddressSameAsBillingAddress: false,
      IsStorePickup: true,
      IsPaidPostage: false,
      IsExpress: false,
      CartVersion: 'v1',
      SplitPostageShipments: null,
    });
    const events = (window.dataLayer ?? []).map((e) => (e as { event?: string }).event).filter(Boolean);
    expect(events).toEqual(['add_payment_info', 'purchase']);
    const purchase = window.dataLayer?.find((e) => (e as { event?: string }).event === 'purchase') as {
      ecommerce: { value: number; currency: string; transaction_id: string; items: unknown[] };
    };
    expect(purchase.ecommerce).toMatchObject({ value: 60, currency: 'AUD', transaction_id: 'ORD-7K2M9Q' });
    expect(purchase.ecommerce.items).toHaveLength(3);
  });

  it('is busy while placing, and sends nothing when the cart check sends the shopper back', async () => {
    const calls = stubFetch({});
    let answer: (ok: boolean) => void = () => undefined;
    const props = paymentProps({ validateCart: vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))) });
    const { user } = renderStep(props);
    await user.click(placeButton());
    expect(placeButton().disabled).toBe(true);
    expect(placeButton().getAttribute('aria-busy')).toBe('true');
    answer(false);
    await waitFor(() => expect(placeButton().disabled).toBe(false));
    expect(processCalls(calls)).toHaveLength(0);
  });

  it('retries an answerless attempt with the same key, and starts a new attempt after a refusal', async () => {
    const replies: Array<() => Response> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => envelope(null, 400, UNAVAILABLE_ITEMS_MESSAGE),
      () => envelope({ ConfirmationUrl: CONFIRMATION }),
    ];
    const calls = stubFetch({ [PROCESS]: () => (replies.shift() as () => Response)() });
    const { user, props } = renderStep();
    await user.click(placeButton());
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(NETWORK_ERROR_MESSAGE));
    expect(placeButton().disabled).toBe(false);
    await user.click(placeButton());
    await waitFor(() => expect(props.onPlacementFailed).toHaveBeenLastCalledWith(UNAVAILABLE_ITEMS_MESSAGE));
    await user.click(placeButton());
    await screen.findByText(`Landed on ${CONFIRMATION}`);
    const keys = processCalls(calls).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('reloads the page on HTTP 205 (the cart changed since the page loaded)', async () => {
    stubFetch({ [PROCESS]: () => new Response(null, { status: 205 }) });
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { user, props } = renderStep();
    await user.click(placeButton());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(props.onError).not.toHaveBeenCalledWith(expect.any(String));
  });

  it('explains an order already in progress (200 with Message ExistingOrder)', async () => {
    stubFetch({
      [PROCESS]: () =>
        new Response(JSON.stringify({ WasSuccessful: false, Value: null, Message: 'ExistingOrder' }), { status: 200 }),
    });
    const { user, props } = renderStep();
    await user.click(placeButton());
    await waitFor(() => expect(props.onPlacementFailed).toHaveBeenLastCalledWith(EXISTING_ORDER_MESSAGE));
    expect(EXISTING_ORDER_MESSAGE).toMatch(/^An order containing some items from your cart is already in progress/);
    expect(placeButton().disabled).toBe(false);
  });

  it('returns to step 1 with the generic banner for any other failure, not staying on step 3', async () => {
    stubFetch({ [PROCESS]: () => envelope(null, 500, 'Internal error') });
    const { user, props } = renderStep();
    await user.click(placeButton());
    await waitFor(() => expect(props.onPlacementFailed).toHaveBeenLastCalledWith(CHECKOUT_ERROR_MESSAGE));
    expect(props.onError).not.toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE);
  });

  it("returns to step 1 when a provider's part fails in general (Clearpay's page address missing)", async () => {
    stubFetch({
      [PROCESS]: () =>
        envelope({ RedirectCheckoutUrl: 'javascript:alert(1)', Token: 't', Expires: '', TrackingNumber: 'PAY-1' }),
      'GET /c3api/checkout/clearpay/configuration': () => envelope(null, 500),
    });
    const view = withOptions([paymentOption('Clearpay', 'Clearpay')]);
    const { user, props } = renderStep(paymentProps({ view, delivery: POSTAGE_CHOICE }));
    await user.click(placeButton());
    await waitFor(() => expect(props.onPlacementFailed).toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE));
    expect(props.onError).not.toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE);
  });

  it('stays on step 3 after a network failure (its own text), with the banner only', async () => {
    stubFetch({
      [PROCESS]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user, props } = renderStep();
    await user.click(placeButton());
    await waitFor(() => expect(props.onError).toHaveBeenLastCalledWith(NETWORK_ERROR_MESSAGE));
    expect(props.onPlacementFailed).not.toHaveBeenCalled();
  });

  it("resends a server error's attempt with the same key after the trip back through step 1", async () => {
    const replies: Array<() => Response> = [
      () => envelope(null, 502, 'Bad gateway'),
      () => envelope({ ConfirmationUrl: CONFIRMATION }),
    ];
    const calls = stubFetch({ [PROCESS]: () => (replies.shift() as () => Response)() });
    const props = paymentProps();
    const first = renderStep(props);
    await first.user.click(placeButton());
    await waitFor(() => expect(props.onPlacementFailed).toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE));
    // Step 3 unmounts on the way to step 1 and mounts again when the shopper comes back.
    cleanup();
    const again = renderStep(props);
    await again.user.click(placeButton());
    await screen.findByText(`Landed on ${CONFIRMATION}`);
    const keys = processCalls(calls).map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
