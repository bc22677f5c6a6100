// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { consentChoice, consentFromCookies, setConsent, syncConsentCookie } from './consent';

function clearCookie() {
  document.cookie = 'cookie-consent=; Max-Age=0; Path=/';
}

afterEach(() => {
  window.localStorage.clear();
  clearCookie();
});

describe('the cookie choice', () => {
  it('reads the choice from a Cookie header among others, and nothing else', () => {
    expect(consentFromCookies('sid=abc; cookie-consent=declined; x=1')).toBe('declined');
    expect(consentFromCookies('cookie-consent=accepted')).toBe('accepted');
    expect(consentFromCookies('cookie-consent=maybe')).toBeNull();
    expect(consentFromCookies('my-cookie-consent=accepted')).toBeNull();
    expect(consentFromCookies(undefined)).toBeNull();
  });

  it('keeps a choice in storage and in the cookie the server reads', () => {
    setConsent('accepted');
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(consentFromCookies(document.cookie)).toBe('accepted');
    expect(consentChoice()).toBe('accepted');
    setConsent('declined');
    expect(consentFromCookies(document.cookie)).toBe('declined');
  });

  it('copies a choice kept in storage only to the cookie, once', () => {
    window.localStorage.setItem('cookie-consent', 'accepted');
    expect(consentFromCookies(document.cookie)).toBeNull();
    syncConsentCookie();
    expect(consentFromCookies(document.cookie)).toBe('accepted');
  });

  it('falls back to the cookie when storage holds nothing', () => {
    document.cookie = 'cookie-consent=declined; Path=/';
    expect(consentChoice()).toBe('declined');
  });
});
