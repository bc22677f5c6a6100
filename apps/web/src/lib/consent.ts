/**
 * Functional-cookie consent (spec section 1: "functional cookies are checked for consent before
 * use"). Until the shopper accepts, nothing is kept in local storage: remembered locations,
 * wishlist tokens and the like live only in memory for the visit.
 */

const CONSENT_KEY = 'cookie-consent';
export type ConsentChoice = 'accepted' | 'declined';

type Listener = (choice: ConsentChoice | null) => void;
const listeners = new Set<Listener>();

export function consentChoice(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export function hasFunctionalConsent(): boolean {
  return consentChoice() === 'accepted';
}

/** Records the choice (the choice itself is strictly necessary storage) and tells listeners. */
export function setConsent(choice: ConsentChoice): void {
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
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};
