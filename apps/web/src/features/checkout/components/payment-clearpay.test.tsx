// @vitest-environment jsdom
import { BANNED_CUSTOMER_MESSAGE, CHECKOUT_ERROR_MESSAGE, URL_DEFAULT_ERROR_MESSAGE } from '@shop/contract';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { useCheckoutUrlError } from '../use-checkout-url-error';
import { paymentProps } from './delivery-test-fixtures';
import { ClearpayPanel } from './payment-clearpay';
import { clearpayNavigation, redirectUrlOf } from './payment-clearpay-flow';
import { PAYMENT_PROVIDERS, type ProviderPanelProps } from './payment-providers';

const PAGE = {
  RedirectCheckoutUrl: 'https://pay.example/clearpay/checkout/?token=002.tok',
  Token: '002.tok',
  Expires: '2030-01-01T00:00:00Z',
  TrackingNumber: 'PAY-7K2M9Q',
};
const CONFIGURATION = 'GET /c3api/checkout/clearpay/configuration';
const RANGE = {
  MinimumAmount: { Amount: 100, Display: '£1.00' },
  MaximumAmount: { Amount: 120_000, Display: '£1,200.00' },
  DisabledMessage: 'The Clearpay order amount, including postage fees, must be between £1.00 and £1,200.00.',
  FetchedAt: '2030-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function panelProps(overrides: Partial<ProviderPanelProps> = {}): ProviderPanelProps {
  const base = paymentProps();
  return {
    region: 'UK',
    view: base.view,
    total: base.total,
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

function renderPanel(props = panelProps()) {
  render(<ClearpayPanel {...props} />);
  return { user: userEvent.setup(), props };
}

describe('ClearpayPanel', () => {
  it('is the Clearpay entry of the providers registry', () => {
    expect(PAYMENT_PROVIDERS.Clearpay?.Panel).toBe(ClearpayPanel);
  });

  it("places the order, marks its attempt pending, then goes to Clearpay's page", async () => {
    stubFetch({ [CONFIGURATION]: () => envelope(RANGE) });
    const assign = vi.spyOn(clearpayNavigation, 'assign').mockImplementation(() => undefined);
    const { user, props } = renderPanel();
    expect(await screen.findByText(/between £1\.00 and £1,200\.00/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAGE.RedirectCheckoutUrl));
    expect(props.setPending).toHaveBeenCalledWith('PAY-7K2M9Q');
    const setPendingOrder = vi.mocked(props.setPending).mock.invocationCallOrder[0] ?? 0;
    expect(setPendingOrder).toBeLessThan(assign.mock.invocationCallOrder[0] ?? 0);
    expect(screen.getByRole('status').textContent).toBe('Taking you to Clearpay...');
    const button = screen.getByRole('button', { name: 'Processing payment...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(props.release).not.toHaveBeenCalled();
  });

  it('does nothing more when placing the order failed (the banner already says why)', async () => {
    stubFetch({ [CONFIGURATION]: () => envelope(null, 500, 'no') });
    const assign = vi.spyOn(clearpayNavigation, 'assign').mockImplementation(() => undefined);
    const { user, props } = renderPanel(panelProps({ placeOrder: vi.fn(async () => null) }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(props.placeOrder).toHaveBeenCalled());
    expect(assign).not.toHaveBeenCalled();
    expect(props.setPending).not.toHaveBeenCalled();
    expect(screen.getByText(/pay in 4 interest-free instalments/)).toBeTruthy();
  });

  it('releases with the checkout error when the reply has no usable Clearpay address', async () => {
    stubFetch({ [CONFIGURATION]: () => envelope(RANGE) });
    const assign = vi.spyOn(clearpayNavigation, 'assign').mockImplementation(() => undefined);
    const placeOrder = vi.fn(async () => ({ ...PAGE, RedirectCheckoutUrl: 'javascript:alert(1)' }));
    const { user, props } = renderPanel(panelProps({ placeOrder }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(props.release).toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE));
    expect(assign).not.toHaveBeenCalled();
    expect(props.setPending).not.toHaveBeenCalled();
  });

  it('accepts only http(s) addresses', () => {
    expect(redirectUrlOf(PAGE)).toBe(PAGE.RedirectCheckoutUrl);
    expect(redirectUrlOf({ RedirectCheckoutUrl: 'data:text/html,x' })).toBeNull();
    expect(redirectUrlOf({})).toBeNull();
  });
});

describe('useCheckoutUrlError', () => {
  function wrapperAt(url: string) {
    return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  }
  const run = (url: string) => {
    const setError = vi.fn();
    const { result } = renderHook(
      () => {
        useCheckoutUrlError(setError);
        return useLocation();
      },
      { wrapper: wrapperAt(url) },
    );
    return { setError, result };
  };

  it('shows the default error for any key, and takes it out of the address', async () => {
    const { setError, result } = run('/checkout/?error=GenericAccountProblem');
    expect(setError).toHaveBeenCalledWith(URL_DEFAULT_ERROR_MESSAGE);
    await waitFor(() => expect(result.current.search).toBe(''));
  });

  it("shows BannedCustomer's message when that word is present", () => {
    expect(run('/checkout/?error=BannedCustomer').setError).toHaveBeenCalledWith(BANNED_CUSTOMER_MESSAGE);
  });

  it('shows nothing without an error', () => {
    expect(run('/checkout/').setError).not.toHaveBeenCalled();
  });

  it("leaves Clearpay's decline to step 3 when the checkout reopened there, else says it in the banner", async () => {
    const onStep3 = vi.fn(() => true);
    const { result } = renderHook(
      () => {
        useCheckoutUrlError(setErrorOnStep3, onStep3);
        return useLocation();
      },
      { wrapper: wrapperAt('/checkout/?error=ClearpayDeclined') },
    );
    expect(onStep3).toHaveBeenCalledTimes(1);
    expect(setErrorOnStep3).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.search).toBe(''));
    const elsewhere = run('/checkout/?error=ClearpayDeclined');
    expect(elsewhere.setError).toHaveBeenCalledWith('Clearpay declined this payment. Choose another way to pay.');
  });
  const setErrorOnStep3 = vi.fn();
});
