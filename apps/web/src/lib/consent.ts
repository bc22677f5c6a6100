/**
 * Functional-cookie consent (spec section 1: "functional cookies are checked for consent before
 * use"). Until the shopper accepts, nothing is kept in local storage: remembered locations,
 * wishlist tokens and the like live only in memory for the visit.
 */

const CONSENT_KEY = 'cookie-consent';
/**
 * The choice is kept in a cookie of the same name (strictly necessary, like the choice itself): the
 * server reads it to decide whether to draw the banner into the page it renders, so a first-time
 * visitor sees it with the page's first paint; and a visitor who has not chosen costs the page no
 * local-storage access (the first one in a visit is a slow, synchronous open). Local storage keeps a
 * copy alongside, for the functional storage that follows an acceptance.
 */
export const CONSENT_COOKIE = 'cookie-consent';
const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export type ConsentChoice = 'accepted' | 'declined';

/** The choice a Cookie header (or document.cookie) carries, if any. */
const CONSENT_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|declined)(?:;|$)`);

export function consentFromCookies(cookies: string | null | undefined): ConsentChoice | null {
  const match = CONSENT_COOKIE_VALUE.exec(cookies ?? '');
  return (match?.[1] as ConsentChoice | undefined) ?? null;
}

function writeConsentCookie(choice: ConsentChoice): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves.
    document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // No cookies: the server draws the banner and the browser hides it once hydrated.
  }
}

type Listener = (choice: ConsentChoice | null) => void;
const listeners = new Set<Listener>();

/**
 * The choice as last read from document.cookie, kept until the task ends. Reading document.cookie
 * asks the browser's cookie store each time (about 4 ms of a phone's hydration went on the same
 * answer). Within a task only setConsent changes it here, and it forgets the reading; a
 * choice made in another tab is read in this one's next task.
 */
let reading: { choice: ConsentChoice | null } | null = null;

export function consentChoice(): ConsentChoice | null {
  if (typeof document === 'undefined') return null;
  if (!reading) {
    reading = { choice: consentFromCookies(document.cookie) };
    setTimeout(forgetConsentReading, 0);
  }
  return reading.choice;
}

/** Reads the cookie afresh next time (tests that write document.cookie themselves). */
export function forgetConsentReading(): void {
  reading = null;
}

export function hasFunctionalConsent(): boolean {
  return consentChoice() === 'accepted';
}

/** Records the choice (the choice itself is strictly necessary storage) and tells listeners. */
export function setConsent(choice: ConsentChoice): void {
  writeConsentCookie(choice);
  forgetConsentReading();
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
    if (choice === 'declined') {
      for (const key of Object.keys(window.localStorage)) {
        if (key !== CONSENT_KEY) window.localStorage.removeItem(key);
      }
    }
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  for (const listener of listeners) listener(choice);
}

export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const reopenListeners = new Set<() => void>();

/** Asks the banner to show again, so the shopper can change a choice made before ('Cookie settings'). */
export function reopenConsent(): void {
  for (const listener of reopenListeners) listener();
}

export function onConsentReopen(listener: () => void): () => void {
  reopenListeners.add(listener);
  return () => reopenListeners.delete(listener);
}

/** Functional storage: reads and writes only with consent. */
export const functionalStorage = {
  get(key: string): string | null {
    if (!hasFunctionalConsent()) return null;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    if (!hasFunctionalConsent()) return;
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // ignore: storage full or unavailable
    }
  },
  remove(key: string): void {
    // Without consent nothing was kept (declining clears storage): no need to open it.
    if (!hasFunctionalConsent()) return;
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};
