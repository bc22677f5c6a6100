// @vitest-environment jsdom
import { PAYMENT_RECEIVED_PATH } from '@shop/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/query-wrapper';
import { routeMatch } from '../router';
import { PaymentReceivedPage } from './payment-received-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentReceivedPage', () => {
  it('is the page the router shows at the path the server sends a stranger to, not the not-found page', async () => {
    const { page: Page, notFound } = routeMatch(PAYMENT_RECEIVED_PATH);
    expect(notFound).toBe(false);
    if (!Page) throw new Error(`no page at ${PAYMENT_RECEIVED_PATH}`);
    await Page.preload();
    renderRoute(PAYMENT_RECEIVED_PATH, PAYMENT_RECEIVED_PATH, <Page />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
  });

  it('says the payment is being confirmed and the details were e-mailed, and shows or asks for no order data', async () => {
    const calls: RecordedCall[] = stubFetch({});
    renderRoute(PAYMENT_RECEIVED_PATH, PAYMENT_RECEIVED_PATH, <PaymentReceivedPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(
      screen.getByText('Thank you, your payment is being confirmed; we have e-mailed you the details.'),
    ).toBeTruthy();
    expect(document.title).toBe('Payment received | Secondhand');
    // Not a dead end: the shopper can go on shopping.
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(calls).toEqual([]);
  });
});
