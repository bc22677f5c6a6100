import type { WishlistEntry, WishlistPageValue } from '@shop/contract';
import { ApiError } from '../../lib/api-client';

/** Wishlist loading states (spec section 4). */
export type LoadingState = 'INITIAL' | 'SUBSEQUENT' | 'UPDATE' | 'DONE';

export interface SortOption {
  displayName: string;
  keyName: string;
  isDescending: boolean;
}

export interface WishlistState {
  loadingState: LoadingState;
  sortMode: string | null;
  sortOptions: SortOption[];
  /** Entries in order; keyed by Code. */
  entries: WishlistEntry[];
  totalItems: number;
  /** Sold items in the whole wishlist (the server's count, not only the pages loaded): Clean Up shows above 0. */
  soldItems: number;
  error: string | null;
  /** The next page to ask for; starts at 1. */
  nextPage: number;
  pageSize: number | null;
  alertEnabled: boolean;
  wishlistId: number | null;
}

export const INITIAL_WISHLIST_STATE: WishlistState = {
  loadingState: 'INITIAL',
  sortMode: null,
  sortOptions: [],
  entries: [],
  totalItems: 0,
  soldItems: 0,
  error: null,
  nextPage: 1,
  pageSize: null,
  alertEnabled: false,
  wishlistId: null,
};

export type WishlistAction =
  | { type: 'load-more' }
  | { type: 'update'; sortMode?: string }
  | { type: 'page-loaded'; data: WishlistPageValue['Data']; replace: boolean }
  /** `sold`: how many of the removed items were sold (cleanup removes only sold ones). */
  | { type: 'removed'; codes: string[]; sold?: number }
  | { type: 'cart-sync'; inCart: (code: string) => boolean }
  | { type: 'cart-busy'; code: string; busy: boolean }
  | { type: 'failed'; error: string }
  | { type: 'alert'; enabled: boolean; wishlistId?: number | null }
  | { type: 'clear-error' };

/** A sort choice as keyName with + or - for direction (spec section 9). */
export function sortKey(option: SortOption): string {
  return `${option.keyName}${option.isDescending ? '-' : '+'}`;
}

export function parseSortKey(key: string): { sortBy: string; descending: boolean } {
  return { sortBy: key.slice(0, -1), descending: key.endsWith('-') };
}

export function wishlistReducer(state: WishlistState, action: WishlistAction): WishlistState {
  switch (action.type) {
    case 'load-more':
      return { ...state, loadingState: 'SUBSEQUENT', error: null };
    case 'update':
      return {
        ...state,
        loadingState: 'UPDATE',
        error: null,
        ...(action.sortMode === undefined ? {} : { sortMode: action.sortMode }),
      };
    case 'page-loaded': {
      const entries = action.replace ? action.data.Items : [...state.entries, ...action.data.Items];
      const first = action.data.SortOptions[0];
      return {
        ...state,
        loadingState: 'DONE',
        entries: entries.map((entry) => {
          const before = state.entries.find((e) => e.Code === entry.Code);
          return before ? { ...entry, IsInCart: before.IsInCart } : entry;
        }),
        totalItems: action.data.TotalItems,
        soldItems: action.data.TotalSoldItems,
        sortOptions: action.data.SortOptions,
        sortMode: state.sortMode ?? (first ? sortKey(first) : null),
        pageSize: action.data.PageSize,
        nextPage: (action.replace ? 1 : state.nextPage) + 1,
        alertEnabled: action.data.AlertEnabled,
        wishlistId: action.data.WishlistId,
      };
    }
    case 'removed': {
      const entries = state.entries.filter((entry) => !action.codes.includes(entry.Code));
      return {
        ...state,
        loadingState: 'DONE',
        entries,
        totalItems: Math.max(0, state.totalItems - (state.entries.length - entries.length)),
        soldItems: Math.max(0, state.soldItems - (action.sold ?? 0)),
      };
    }
    case 'cart-sync':
      return {
        ...state,
        entries: state.entries.map((entry) => ({ ...entry, IsInCart: action.inCart(entry.Code) })),
      };
    case 'cart-busy':
      return {
        ...state,
        entries: state.entries.map((entry) =>
          entry.Code === action.code ? { ...entry, IsCartBusy: action.busy } : entry,
        ),
      };
    case 'failed':
      return { ...state, loadingState: 'DONE', error: action.error };
    case 'alert':
      return {
        ...state,
        alertEnabled: action.enabled,
        wishlistId: action.wishlistId ?? state.wishlistId,
      };
    case 'clear-error':
      return { ...state, error: null };
  }
}

/** Page errors: prefix + ': ' + server message, or prefix + '.' (spec section 8). */
export function wishlistError(prefix: string, message: string | null | undefined): string {
  return message ? `${prefix}: ${message}` : `${prefix}.`;
}

export const UNKNOWN_ERROR = 'Unknown error. Please refresh the page and try again.';

/** The prefix of a failed summary or merge (spec section 8). */
export const SYNC_ERROR_PREFIX = 'Could not maintain wishlist sync';

/** The server's message of a failed call, or UNKNOWN_ERROR when the request itself failed. */
export function wishlistErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? UNKNOWN_ERROR : error.message;
  return UNKNOWN_ERROR;
}
