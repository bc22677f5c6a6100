// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { cancelPendingAttempt } from './payment-providers';

describe('leaving step 3 with an attempt open', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("cancels a PayPal order nobody approved, through the shop's cancel call", async () => {
    const calls = stubFetch({ 'POST /c3api/checkout/paypal/cancelattempt': () => envelope({ Cancelled: true }) });
    cancelPendingAttempt({ option: 'PayPal', trackingNumber: 'PAY-AAAA-BBBB-CCCC' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ TrackingNumber: 'PAY-AAAA-BBBB-CCCC' });
  });

  it('has nothing to cancel for pay in store, or when no attempt is open', async () => {
    const calls = stubFetch({});
    cancelPendingAttempt(null);
    cancelPendingAttempt({ option: 'Generic', trackingNumber: 'PAY-AAAA-BBBB-CCCC' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(0);
  });
});
