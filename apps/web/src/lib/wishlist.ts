import type { WishlistChangeValue, WishlistPageValue } from '@shop/contract';
import { createContext, useContext } from 'react';
import { apiGet, apiPost } from './api-client';
import { functionalStorage } from './consent';

const TOKEN_KEY = 'wishlist-token';
const EXPIRY_KEY = 'wishlist-token-expiry';
/** Without consent the token lives in memory for the visit only. */
let memoryToken: string | null = null;

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
  functionalStorage.set(TOKEN_KEY, value.Token);
  if (value.ExpiryDate) functionalStorage.set(EXPIRY_KEY, value.ExpiryDate);
}

function tokenQuery(): string {
  const token = wishlistToken();
  return token ? `token=${encodeURIComponent(token)}` : '';
}

export async function fetchWishlistSummary(): Promise<string[]> {
  if (!wishlistToken()) return [];
  const value = await apiGet<{ Token: string | null; ExpiryDate: string | null; Data: string[] }>(
    `/c3api/wishlist/query/summary?${tokenQuery()}`,
  );
  keepWishlistToken(value);
  return value.Data;
}

export async function fetchWishlistPage(
  page: number,
  pageSize: number | null,
  sortBy: string | null,
  sortDescending: boolean,
): Promise<WishlistPageValue['Data']> {
  const query = new URLSearchParams();
  const token = wishlistToken();
  if (token) query.set('token', token);
  query.set('page', String(page));
  if (pageSize) query.set('pageSize', String(pageSize));
  if (sortBy) {
    query.set('sortBy', sortBy);
    query.set('sortDescending', String(sortDescending));
  }
  const value = await apiGet<WishlistPageValue>(`/c3api/wishlist/query/page?${query}`);
  keepWishlistToken(value);
  return value.Data;
}

export async function changeWishlist(action: 'add' | 'remove', code: string): Promise<WishlistChangeValue['Data']> {
  const value = await apiPost<WishlistChangeValue>(`/c3api/wishlist/${action}`, {
    Token: wishlistToken(),
    ItemCode: code,
  });
  keepWishlistToken(value);
  return value.Data;
}

export async function cleanUpWishlist(): Promise<string[]> {
  const value = await apiGet<{ Token: string | null; ExpiryDate: string | null; Data: { RemovedCodes: string[] } }>(
    `/c3api/wishlist/cleanup?${tokenQuery()}`,
  );
  keepWishlistToken(value);
  return value.Data.RemovedCodes;
}

/** What the app's wishlist provider offers: the summary of codes and the heart's toggle. */
export interface WishlistContextValue {
  enabled: boolean;
  codes: ReadonlySet<string>;
  /** Adds or removes; resolves true when the server agreed. Never throws. */
  toggle: (code: string, add: boolean, analytics?: { name: string; price: number; brand?: string }) => Promise<boolean>;
  refresh: () => Promise<void>;
}

export const WishlistContext = createContext<WishlistContextValue>({
  enabled: false,
  codes: new Set(),
  toggle: async () => false,
  refresh: async () => {},
});

export function useWishlist(): WishlistContextValue {
  return useContext(WishlistContext);
}
