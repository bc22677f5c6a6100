import { createContext, useContext } from 'react';
import { functionalStorage, onConsentChange } from './consent';

// The wishlist's calls live one file each in lib/wishlist-api.
const TOKEN_KEY = 'wishlist-token';
const EXPIRY_KEY = 'wishlist-token-expiry';
/** Without consent the token lives in memory for the visit only. */
let memoryToken: string | null = null;
let memoryExpiry: string | null = null;

// Consent given: the visit's token is kept from now on. Consent withdrawn: the guest's wishlist is
// let go at once (storage is already cleared), so hearts do not look saved for a wishlist that a
// reload would lose.
onConsentChange((choice) => {
  if (choice === 'accepted' && memoryToken) {
    functionalStorage.set(TOKEN_KEY, memoryToken);
    if (memoryExpiry) functionalStorage.set(EXPIRY_KEY, memoryExpiry);
  }
  if (choice === 'declined') {
    memoryToken = null;
    memoryExpiry = null;
  }
});

export function wishlistToken(): string | null {
  const stored = functionalStorage.get(TOKEN_KEY);
  const expiry = functionalStorage.get(EXPIRY_KEY);
  if (stored && (!expiry || Date.parse(expiry) > Date.now())) return stored;
  return memoryToken;
}

/** Keeps the token a reply carried (renewed on use). */
export function keepWishlistToken(value: { Token: string | null; ExpiryDate: string | null }): void {
  if (!value.Token) return;
  memoryToken = value.Token;
  memoryExpiry = value.ExpiryDate;
  functionalStorage.set(TOKEN_KEY, value.Token);
  if (value.ExpiryDate) functionalStorage.set(EXPIRY_KEY, value.ExpiryDate);
}

/**
 * Forgets the guest token (memory and storage): after it was merged into a customer's wishlist, and
 * on sign-out, which leaves an empty guest wishlist behind (never the customer's).
 */
export function forgetWishlistToken(): void {
  memoryToken = null;
  memoryExpiry = null;
  functionalStorage.remove(TOKEN_KEY);
  functionalStorage.remove(EXPIRY_KEY);
}

/*
 * The last failed merge of a guest wishlist into the customer's (at sign-in), kept for the visit
 * so the wishlist page can say the guest's items did not join; cleared by a merge that works or
 * by signing out.
 */
let mergeFailure: unknown = null;
const mergeListeners = new Set<() => void>();

export function noteWishlistMergeFailure(error: unknown): void {
  mergeFailure = error;
  for (const listener of mergeListeners) listener();
}

export function wishlistMergeFailure(): unknown {
  return mergeFailure;
}

export function onWishlistMergeFailure(listener: () => void): () => void {
  mergeListeners.add(listener);
  return () => mergeListeners.delete(listener);
}

/** `token=...` for a GET, or nothing without a token. */
export function tokenQuery(): string {
  const token = wishlistToken();
  return token ? `token=${encodeURIComponent(token)}` : '';
}

/** What the app's wishlist provider offers: the summary of codes and the heart's toggle. */
export interface WishlistContextValue {
  enabled: boolean;
  codes: ReadonlySet<string>;
  /**
   * Adds or removes; resolves true when the server agreed. Never throws. `origin` is the heart
   * pressed, which gets focus back when the alerts reminder it prompted is dismissed.
   */
  toggle: (
    code: string,
    add: boolean,
    analytics?: { name: string; price: number; brand?: string },
    origin?: HTMLElement | null,
  ) => Promise<boolean>;
  refresh: () => Promise<void>;
  /**
   * Why the wishlist is out of sync, as the page shows it ('Could not maintain wishlist sync: ...'):
   * the summary could not be read or the guest's wishlist could not be merged; null when in sync.
   */
  syncError: string | null;
}

export const WishlistContext = createContext<WishlistContextValue>({
  enabled: false,
  codes: new Set(),
  toggle: async () => false,
  refresh: async () => {},
  syncError: null,
});

export function useWishlist(): WishlistContextValue {
  return useContext(WishlistContext);
}
