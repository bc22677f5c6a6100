// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetConsent } from '../test/consent';
import { consentChoice, consentFromCookies, functionalStorage, setConsent } from './consent';

afterEach(() => {
  window.localStorage.clear();
  forgetConsent();
  vi.restoreAllMocks();
});

describe('the cookie choice', () => {
  it('reads the choice from a Cookie header among others, and nothing else', () => {
    expect(consentFromCookies('sid=abc; cookie-consent=declined; x=1')).toBe('declined');
    expect(consentFromCookies('cookie-consent=accepted')).toBe('accepted');
    expect(consentFromCookies('cookie-consent=maybe')).toBeNull();
    expect(consentFromCookies('my-cookie-consent=accepted')).toBeNull();
    expect(consentFromCookies(undefined)).toBeNull();
  });

  it('keeps a choice in the cookie the server reads (and a copy in storage)', () => {
    setConsent('accepted');
    expect(consentFromCookies(document.cookie)).toBe('accepted');
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(consentChoice()).toBe('accepted');
    setConsent('declined');
    expect(consentChoice()).toBe('declined');
  });

  it('does not open local storage for a visitor who has not chosen', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    expect(consentChoice()).toBeNull();
    expect(functionalStorage.get('remembered-location')).toBeNull();
    functionalStorage.remove('remembered-location');
    expect(getItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();
  });

  it('uses functional storage only once accepted', () => {
    functionalStorage.set('k', 'v');
    expect(window.localStorage.getItem('k')).toBeNull();
    setConsent('accepted');
    functionalStorage.set('k', 'v');
    expect(functionalStorage.get('k')).toBe('v');
    setConsent('declined');
    expect(window.localStorage.getItem('k')).toBeNull();
  });

  it('asks the cookie store once a task, and again in the next one (another tab may have chosen)', async () => {
    const cookie = vi.spyOn(Document.prototype, 'cookie', 'get');
    expect(consentChoice()).toBeNull();
    expect(functionalStorage.get('k')).toBeNull();
    expect(consentChoice()).toBeNull();
    expect(cookie).toHaveBeenCalledTimes(1);
    cookie.mockReturnValue('cookie-consent=accepted');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(consentChoice()).toBe('accepted');
    expect(cookie).toHaveBeenCalledTimes(2);
  });
});
