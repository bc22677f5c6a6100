// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetConsent, giveConsent } from '../test/consent';
import { envelope, stubFetch } from '../test/fetch-stub';
import { finishSignOut } from './session';
import { viewerKey } from './viewer-scope';
import { forgetWishlistToken, keepWishlistToken, wishlistToken } from './wishlist';

beforeEach(() => {
  giveConsent('accepted');
  forgetWishlistToken();
});

afterEach(() => {
  forgetConsent();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('signing out', () => {
  it('forgets the guest wishlist token and everything cached for the customer', async () => {
    stubFetch({ 'GET /c3api/whoami': () => envelope('Guest') });
    keepWishlistToken({ Token: 'old-token', ExpiryDate: '2099-01-01T00:00:00Z' });
    const client = new QueryClient();
    client.setQueryData(viewerKey('account', 'profile'), { FirstName: 'Ada' });
    client.setQueryData(viewerKey('cart', 'query'), { itemCount: 2 });
    await finishSignOut(client);
    expect(wishlistToken()).toBeNull();
    expect(window.localStorage.getItem('wishlist-token')).toBeNull();
    expect(client.getQueryData(viewerKey('account', 'profile'))).toBeUndefined();
    expect(client.getQueryData(viewerKey('cart', 'query'))).toBeUndefined();
  });
});
