// @vitest-environment jsdom
import type { CheckoutViewValue } from '@shop/contract';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryStepProps, PaymentStepProps } from '../../features/checkout/checkout-types';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../lib/site-settings';
import { checkoutItem, checkoutView } from '../../test/checkout-fixtures';
import { installDialogPolyfill } from '../../test/dialog.js';
import { envelope, type RecordedCall, stubFetch } from '../../test/fetch-stub';
import { withQueryClient } from '../../test/query-wrapper';
import { CheckoutPage } from './checkout-page';

// The delivery and payment steps are another part's: stand-ins on the same props.
vi.mock('../../features/checkout/components/delivery-step', () => ({
  DeliveryStep: (props: DeliveryStepProps) => (
    <div>
      <p>Delivery stand-in</p>
      <button type="button" onClick={() => props.onError('Please select a shipping method')}>
        Fail
      </button>
      <button
        type="button"
        onClick={() => {
          props.onPostageNoteChange(null);
          props.onTotalChange({ Amount: 1234, Display: '$12.34' });
          props.onContinue({
            DeliveryOption: 'StorePickup',
            IsStorePickup: true,
            IsPaidPostage: false,
            IsExpress: false,
            DeliveryAddress: null,
            IsShippingAddressSameAsBillingAddress: false,
            SplitPostageShipments: null,
          });
        }}
      >
        Choose pickup
      </button>
    </div>
  ),
}));
vi.mock('../../features/checkout/components/payment-step', () => ({
  PaymentStep: (props: PaymentStepProps) => (
    <div>
      <p>Payment stand-in for {props.details.FirstName}</p>
      <button
        type="button"
        onClick={() => props.onPlacementFailed('Sorry, an error has occurred. Please try again soon.')}
      >
        Placement fails
      </button>
    </div>
  ),
}));

beforeAll(() => {
  installDialogPolyfill();
});

const SIGNED_IN = checkoutView([checkoutItem(1), checkoutItem(2, 2)], {
  CustomerDetails: {
    IsGuestUser: false,
    EmailAddress: 'grace@example.com',
    FirstName: 'Grace',
    LastName: 'Hopper',
    PhoneNumber: '0412 345 678',
    BillingAddress: {
      BusinessName: '',
      Line1: '1 Main Road',
      Line2: '',
      Suburb: 'Hobart',
      State: 'TAS',
      PostCode: '7000',
      CountryCode: 'AUS',
      CountryName: 'Australia',
    },
    Consent: false,
  },
});

let calls: RecordedCall[];
let view: CheckoutViewValue;
let productChanges: Array<{ id: number; newPrice: number; changeTypes: number }>;

beforeEach(() => {
  window.localStorage.clear();
  // The step and choices this tab remembers (step-memory.ts): each test starts a fresh checkout.
  window.sessionStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.dataLayer = [];
  view = SIGNED_IN;
  productChanges = [];
  calls = stubFetch({
    'GET /c3api/checkout/view': () => envelope(view),
    'GET /c3api/cart/query': () =>
      envelope({
        stores: [
          {
            id: 1,
            name: 'Store 1',
            total: '$10.00',
            totalMinorUnits: 1000,
            items: [{ ProductId: 1, DisplayName: 'Item 1', IsAvailable: true }],
          },
        ],
        totalPrice: '$30.00',
        totalMinorUnits: 3000,
        itemCount: 2,
        ProductChanges: productChanges,
      }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

function renderPage(path = '/checkout/') {
  render(
    withQueryClient(
      <SiteSettingsContext.Provider value={siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, DiscountsEnabled: true })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/cart" element={<p>The cart page</p>} />
          </Routes>
        </MemoryRouter>
      </SiteSettingsContext.Provider>,
    ),
  );
  return userEvent.setup();
}

const header = (name: RegExp) => screen.getByRole('heading', { level: 2, name });

describe('CheckoutPage', () => {
  it('is titled Secure Checkout, at /checkout/ and /checkout alike', async () => {
    renderPage('/checkout');
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeTruthy();
    expect(document.title).toBe('Secure Checkout | Secondhand');
    cleanup();
    renderPage('/checkout/');
    expect(await screen.findByRole('button', { name: /^Continue/ })).toBeTruthy();
  });

  it('shows a friendly empty state with a way back to the shop', async () => {
    view = checkoutView([]);
    renderPage();
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
  });

  it("validates the cart on arrival, and reports begin_checkout with the total on step 1's Continue, once", async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    await waitFor(() => expect(calls.some((call) => call.url === '/c3api/cart/query?validate=true')).toBe(true));
    const begun = () =>
      (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'begin_checkout') as Array<{
        ecommerce: { currency: string; value: number; items: unknown[] };
      }>;
    // Arriving is not beginning: the spec reports the total when a valid press goes to step 2.
    expect(begun()).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await screen.findByText('Delivery stand-in');
    expect(begun()).toHaveLength(1);
    expect(begun()[0]?.ecommerce).toMatchObject({
      currency: 'AUD',
      value: 30,
      items: [
        { item_id: 'SH1', quantity: 1 },
        { item_id: 'SH2', quantity: 1 },
      ],
    });
    // Back to step 1 and on again: the same checkout, not a second beginning.
    await user.click(within(header(/Your details/)).getByRole('button'));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await waitFor(() => expect(header(/Your details/).querySelector('[aria-current="step"]')).toBeNull());
    expect(begun()).toHaveLength(1);
  });

  it('shows the items total with "+ postage (if applicable)" on arrival, not the postage of a delivery chosen on an earlier visit', async () => {
    // The server remembers the last visit's delivery: its CartTotal holds $9.95 of postage.
    view = { ...SIGNED_IN, Cart: { ...SIGNED_IN.Cart, CartTotal: { Amount: 3995, Display: '$39.95' } } };
    renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    expect(screen.getByText('+ postage (if applicable)')).toBeTruthy();
    expect(document.querySelector('.checkout-summary')?.textContent).toContain('$30.00');
    expect(document.querySelector('.checkout-summary')?.textContent).not.toContain('$39.95');
  });

  it('moves through the steps: pending, active, complete, and only complete headers go back', async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    expect(header(/Your details/).querySelector('[aria-current="step"]')).toBeTruthy();
    for (const name of [/Your details/, /Delivery options/, /Payment options/]) {
      expect(within(header(name)).queryByRole('button')).toBeNull();
    }
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await screen.findByText('Delivery stand-in');
    expect(within(header(/Your details/)).getByRole('button')).toBeTruthy();
    expect(within(header(/Delivery options/)).queryByRole('button')).toBeNull();
    expect(within(header(/Payment options/)).queryByRole('button')).toBeNull();
    expect(document.querySelector('.checkout-step__summary')?.textContent).toContain('grace@example.com');

    await user.click(screen.getByRole('button', { name: 'Choose pickup' }));
    expect(await screen.findByText('Payment stand-in for Grace')).toBeTruthy();
    expect(screen.getByText('$12.34', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByText('+ postage (if applicable)')).toBeNull();
    expect(within(header(/Delivery options/)).getByRole('button')).toBeTruthy();

    await user.click(within(header(/Your details/)).getByRole('button'));
    expect(screen.getByRole('button', { name: /^Continue/ })).toBeTruthy();
    expect(screen.queryByText(/Payment stand-in/)).toBeNull();
    expect(within(header(/Delivery options/)).queryByRole('button')).toBeNull();
    expect(within(header(/Payment options/)).queryByRole('button')).toBeNull();
  });

  it('reopens on the step the shopper was on after a reload, for the same cart only', async () => {
    let user = renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await user.click(await screen.findByRole('button', { name: 'Choose pickup' }));
    await screen.findByText('Payment stand-in for Grace');

    // A reload: the page starts again in the same tab, on step 3 with step 1's details kept.
    cleanup();
    user = renderPage();
    expect(await screen.findByText('Payment stand-in for Grace')).toBeTruthy();
    expect(header(/Payment options/).querySelector('[aria-current="step"]')).toBeTruthy();
    expect(document.querySelector('.checkout-step__summary')?.textContent).toContain('grace@example.com');
    expect(within(header(/Delivery options/)).getByRole('button')).toBeTruthy();

    // The cart changed since (another Cart.Version): a fresh checkout on step 1.
    cleanup();
    view = { ...SIGNED_IN, Cart: { ...SIGNED_IN.Cart, Version: 'v2' } };
    renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    expect(header(/Your details/).querySelector('[aria-current="step"]')).toBeTruthy();
    expect(screen.queryByText(/Payment stand-in/)).toBeNull();
  });

  it("shows a step's error in the banner at the top", async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a shipping method');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows step 1 with the banner at the top when placing the order fails', async () => {
    const user = renderPage();
    await screen.findByRole('button', { name: /^Continue/ });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await user.click(await screen.findByRole('button', { name: 'Choose pickup' }));
    await user.click(await screen.findByRole('button', { name: 'Placement fails' }));
    expect(screen.getByRole('alert').textContent).toBe('Sorry, an error has occurred. Please try again soon.');
    expect(header(/Your details/).querySelector('[aria-current="step"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Continue/ })).toBeTruthy();
    expect(screen.queryByText(/Payment stand-in/)).toBeNull();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    // The details are still there: Continue goes on to step 2 and clears the banner.
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    await screen.findByText('Delivery stand-in');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops at the changes dialog when the cart changed: a sold item is offered Remove, not Confirm; View cart leaves', async () => {
    productChanges = [{ id: 1, newPrice: 1000, changeTypes: 8 }];
    const user = renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'This item has changed' });
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    expect(dialog.textContent).toContain("Item 1: item no longer available and can't be purchased");
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'View cart' }));
    expect(await screen.findByText('The cart page')).toBeTruthy();
  });

  it('takes a sold item out of the cart with Remove and goes on', async () => {
    productChanges = [{ id: 1, newPrice: 1000, changeTypes: 8 }];
    const user = renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'This item has changed' });
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    const fetched = vi.mocked(fetch);
    const answer = fetched.getMockImplementation();
    fetched.mockImplementation(async (input, init) =>
      init?.method === 'POST' && String(input) === '/c3api/cart/remove?productId=1'
        ? envelope({ stores: [], totalPrice: '$20.00', totalMinorUnits: 2000, itemCount: 1, ProductChanges: [] })
        : (answer?.(input, init) as Promise<Response>),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(
      fetched.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).includes('productId=1')),
    ).toBe(true);
    expect(screen.queryByText('The cart page')).toBeNull();
  });

  it('goes on after confirming a price change, and when the cart cannot be looked up', async () => {
    productChanges = [{ id: 1, newPrice: 900, changeTypes: 4 }];
    const user = renderPage();
    const dialog = await screen.findByRole('dialog', { name: 'This item has changed' });
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    expect(dialog.textContent).toContain('$9.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    productChanges = [];
    vi.mocked(fetch).mockImplementationOnce(async () => {
      throw new TypeError('offline');
    });
    await user.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(await screen.findByText('Delivery stand-in')).toBeTruthy();
  });
});
