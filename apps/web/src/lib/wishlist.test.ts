// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { setConsent } from './consent';
import { forgetWishlistToken, keepWishlistToken, wishlistToken } from './wishlist';

beforeEach(() => {
  window.localStorage.clear();
  forgetWishlistToken();
});

describe("a visitor's wishlist token and the cookie choice", () => {
  it('is kept for the visit only without consent, and stored from the moment consent is given', () => {
    keepWishlistToken({ Token: 'tok', ExpiryDate: '2999-01-01T00:00:00Z' });
    expect(wishlistToken()).toBe('tok');
    expect(window.localStorage.getItem('wishlist-token')).toBeNull();
    setConsent('accepted');
    expect(window.localStorage.getItem('wishlist-token')).toBe('tok');
    expect(window.localStorage.getItem('wishlist-token-expiry')).toBe('2999-01-01T00:00:00Z');
  });

  it('is let go at once when consent is withdrawn, so no heart looks saved for a wishlist a reload would lose', () => {
    setConsent('accepted');
    keepWishlistToken({ Token: 'tok', ExpiryDate: null });
    expect(wishlistToken()).toBe('tok');
    setConsent('declined');
    expect(window.localStorage.getItem('wishlist-token')).toBeNull();
    expect(wishlistToken()).toBeNull();
  });
});
