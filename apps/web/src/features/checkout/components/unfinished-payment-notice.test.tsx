// @vitest-environment jsdom
import { UNFINISHED_PAYMENT_TEXT, UNFINISHED_PAYMENT_TEXT_PLURAL, type UnfinishedPayment } from '@shop/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { START_AGAIN_PENDING_MESSAGE, UnfinishedPaymentNotice } from './unfinished-payment-notice';

const PAYMENT: UnfinishedPayment = {
  TrackingNumber: 'PAY-7K2M9Q',
  PaymentOption: 'Eway',
  HeldUntil: '2026-11-29T03:30:00.000Z',
};
const START_AGAIN = 'POST /c3api/checkout/payment/startagain';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderNotice(itemCount = 1) {
  const onResume = vi.fn();
  const onStartedAgain = vi.fn();
  render(
    <UnfinishedPaymentNotice
      payment={PAYMENT}
      itemCount={itemCount}
      onResume={onResume}
      onStartedAgain={onStartedAgain}
    />,
  );
  return { onResume, onStartedAgain };
}

describe('UnfinishedPaymentNotice', () => {
  it("says the item is the shopper's, with Resume payment and Start again", async () => {
    const { onResume } = renderNotice();
    expect(screen.getByRole('heading', { name: UNFINISHED_PAYMENT_TEXT })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resume payment' }));
    expect(onResume).toHaveBeenCalledOnce();
    cleanup();
    renderNotice(2);
    expect(screen.getByRole('heading', { name: UNFINISHED_PAYMENT_TEXT_PLURAL })).toBeTruthy();
  });

  it('Start again ends the attempt on the server (its tracking number), then tells the page', async () => {
    const calls = stubFetch({ [START_AGAIN]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }) });
    const { onStartedAgain } = renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(onStartedAgain).toHaveBeenCalledWith(null));
    expect(calls.find((c) => c.url.includes('/startagain'))?.body).toEqual({ TrackingNumber: 'PAY-7K2M9Q' });
  });

  it('paid meanwhile: the confirmation; the provider unreachable: a message, the notice stays', async () => {
    stubFetch({ [START_AGAIN]: () => envelope({ Status: 'paid', ConfirmationUrl: '/checkout/confirmation/ORD-1' }) });
    const paid = renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(paid.onStartedAgain).toHaveBeenCalledWith('/checkout/confirmation/ORD-1'));
    cleanup();
    vi.unstubAllGlobals();
    stubFetch({ [START_AGAIN]: () => envelope({ Status: 'pending', ConfirmationUrl: null }) });
    const pending = renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(START_AGAIN_PENDING_MESSAGE);
    expect(pending.onStartedAgain).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start again' }).hasAttribute('disabled')).toBe(false);
  });
});
