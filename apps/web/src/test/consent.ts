import { CONSENT_COOKIE, type ConsentChoice, forgetConsentReading } from '../lib/consent';

/** A visitor who has made this cookie choice (kept in the cookie-consent cookie, as the shop does). */
export function giveConsent(choice: ConsentChoice): void {
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/`;
  window.localStorage.setItem(CONSENT_COOKIE, choice);
  forgetConsentReading();
}

/** A visitor who has not chosen: for afterEach, since jsdom keeps cookies across a file's tests. */
export function forgetConsent(): void {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  window.localStorage.removeItem(CONSENT_COOKIE);
  forgetConsentReading();
}
