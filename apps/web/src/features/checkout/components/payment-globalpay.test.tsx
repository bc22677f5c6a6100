// @vitest-environment jsdom
import { GLOBALPAY_ERROR_MESSAGES, type GlobalPayPageData } from '@shop/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { paymentProps } from './delivery-test-fixtures';
import { GlobalPayPanel } from './payment-globalpay';
import { readFrameMessage } from './payment-globalpay-messages';
import type { ProviderPanelProps } from './payment-providers';

const HPP = 'https://pay.sandbox.realexpayments.com';
const CONFIRMATION = '/checkout/confirmation/ORD-7K2M9Q?key=abc';
const VALIDATE = 'POST /c3api/checkout/globalpay/validate';
const CANCEL = 'POST /c3api/checkout/globalpay/cancel';

const pageData = (): GlobalPayPageData => ({
  TrackingNumber: 'PAY-ABC123',
  GlobalPayPayload: {
    Timestamp: '20250101120000',
    Hash: 'abc',
    AccountId: 'shop',
    AccountType: 'internet',
    Amount: '12345',
    Currency: 'GBP',
    WebsiteUrl: 'http://localhost',
    CustomerNumber: '',
    GlobalPayActionUrl: `${HPP}/pay`,
    PoNumber: 'ORD-7K2M9Q',
    ISORegionName: 'GB',
    CustomerIsAuthenticated: false,
    AccountCreatedDate: '',
    AccountAgeIndicator: 'NO_ACCOUNT',
    AccountChangeDate: '',
    AccountChangeIndicator: 'NO_ACCOUNT',
    PasswordChangeDate: '',
    PasswordChangeIndicator: 'NO_ACCOUNT',
    PurchasesNumber: 0,
    PaymentProcessingEndpoint: 'http://localhost/c3api/checkout/globalpay/response',
    PayPalDisabled: true,
    TrackingNumber: 'PAY-ABC123',
    FormFields: { ORDER_ID: 'PAY-ABC123', AMOUNT: '12345', SHA1HASH: 'abc' },
  },
});

let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPanel(overrides: Partial<ProviderPanelProps> = {}) {
  const step = paymentProps({ region: 'UK' });
  const props: ProviderPanelProps = {
    region: step.region,
    view: step.view,
    total: step.total,
    details: step.details,
    billingAddress: step.billingAddress,
    delivery: step.delivery,
    processing: false,
    placeOrder: vi.fn(async () => pageData() as unknown as Record<string, unknown>),
    setPending: vi.fn(),
    complete: vi.fn(async () => undefined),
    release: vi.fn(),
    ...overrides,
  };
  render(<GlobalPayPanel {...props} />);
  return { props, user: userEvent.setup() };
}

const post = (data: unknown, origin = HPP) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });

async function openFrame(overrides: Partial<ProviderPanelProps> = {}) {
  const rendered = renderPanel(overrides);
  await rendered.user.click(screen.getByRole('button', { name: 'Place order' }));
  await screen.findByTitle('Secure card payment by Global Payments');
  return rendered;
}

describe('GlobalPayPanel', () => {
  it('posts the signed fields into a sandboxed frame and marks the attempt pending', async () => {
    stubFetch({});
    const { props } = await openFrame();
    const frame = screen.getByTitle('Secure card payment by Global Payments') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin allow-top-navigation');
    expect(props.setPending).toHaveBeenCalledWith('PAY-ABC123');
    expect(submitted).toHaveLength(1);
    const form = submitted[0] as HTMLFormElement;
    expect(form.getAttribute('action')).toBe(`${HPP}/pay`);
    expect(form.getAttribute('target')).toBe(frame.name);
    expect(Object.fromEntries(new FormData(form))).toEqual(pageData().GlobalPayPayload.FormFields);
  });

  it('resizes on the frame height message and validates before going to the confirmation', async () => {
    const calls = stubFetch({
      [VALIDATE]: () => envelope({ ConfirmationUrl: CONFIRMATION, ErrorMessage: null }),
    });
    const { props } = await openFrame();
    await post(JSON.stringify({ iframe: { height: '612px', width: '100%' } }));
    const frame = screen.getByTitle('Secure card payment by Global Payments') as HTMLIFrameElement;
    expect(frame.style.height).toBe('612px');
    await post(JSON.stringify({ confirmationUrl: CONFIRMATION }));
    await waitFor(() => expect(props.complete).toHaveBeenCalledWith(CONFIRMATION));
    expect(calls.map((c) => c.body)).toEqual([{ TrackingNumber: 'PAY-ABC123' }]);
    expect(props.setPending).toHaveBeenLastCalledWith(null);
  });

  it('ignores messages from any other origin', async () => {
    const calls = stubFetch({});
    const { props } = await openFrame();
    await post(JSON.stringify({ confirmationUrl: CONFIRMATION }), 'https://evil.example');
    await post(JSON.stringify({ iframe: { height: '999px' } }), 'https://pay.sandbox.realexpayments.com.evil.example');
    await post(JSON.stringify({ error: 'GenericCardProblem' }), 'http://pay.sandbox.realexpayments.com');
    expect(props.complete).not.toHaveBeenCalled();
    expect(props.release).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    expect((screen.getByTitle('Secure card payment by Global Payments') as HTMLIFrameElement).style.height).toBe(
      '520px',
    );
  });

  it("shows a decline's message and closes the frame", async () => {
    stubFetch({ [CANCEL]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }) });
    const { props } = await openFrame();
    await post(JSON.stringify({ error: 'GenericAccountProblem' }));
    await waitFor(() => expect(props.release).toHaveBeenCalledWith(GLOBALPAY_ERROR_MESSAGES.GenericAccountProblem));
    expect(screen.queryByTitle('Secure card payment by Global Payments')).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });

  it("shows validate's error message when the server says the payment did not go through", async () => {
    stubFetch({ [VALIDATE]: () => envelope({ ConfirmationUrl: null, ErrorMessage: 'check with card issuer' }) });
    const { props } = await openFrame();
    await post(JSON.stringify({ confirmationUrl: CONFIRMATION }));
    await waitFor(() => expect(props.release).toHaveBeenCalledWith('check with card issuer'));
    expect(props.complete).not.toHaveBeenCalled();
  });

  it('cancels: the server frees the items and the button comes back', async () => {
    const calls = stubFetch({ [CANCEL]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }) });
    const { props, user } = await openFrame();
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(props.release).toHaveBeenCalledWith(null));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([CANCEL]);
    expect(props.setPending).toHaveBeenLastCalledWith(null);
  });

  it('stays on the button when placing the order failed', async () => {
    stubFetch({});
    const { user, props } = renderPanel({ placeOrder: vi.fn(async () => null) });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(screen.queryByTitle('Secure card payment by Global Payments')).toBeNull();
    expect(props.setPending).not.toHaveBeenCalled();
  });
});

describe('readFrameMessage', () => {
  it('reads only exact-origin JSON, same-site confirmation paths and pixel heights', () => {
    expect(readFrameMessage({ origin: HPP, data: '{"iframe":{"height":"300"}}' }, HPP)).toEqual({
      kind: 'height',
      height: '300px',
    });
    expect(readFrameMessage({ origin: HPP, data: { confirmationUrl: '//evil.example/x' } }, HPP)).toBeNull();
    expect(readFrameMessage({ origin: HPP, data: '{"iframe":{"height":"calc(1px)"}}' }, HPP)).toBeNull();
    expect(readFrameMessage({ origin: HPP, data: 'not json' }, HPP)).toBeNull();
    expect(readFrameMessage({ origin: `${HPP}:8443`, data: '{"error":"x"}' }, HPP)).toBeNull();
  });
});
