import type { WishlistEntry } from '@shop/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { cartHasCode, useCart } from '../../lib/cart';
import { getCart } from '../../lib/cart-api/get-cart';
import { useSiteSettings } from '../../lib/site-settings';
import { useWishlist } from '../../lib/wishlist';
import { changeWishlist } from '../../lib/wishlist-api/change-wishlist';
import { cleanUpWishlist } from '../../lib/wishlist-api/clean-up-wishlist';
import { getWishlistPage } from '../../lib/wishlist-api/get-wishlist-page';
import { acknowledgeAlertFeature } from './api/acknowledge-alert-feature';
import {
  INITIAL_WISHLIST_STATE,
  parseSortKey,
  wishlistError,
  wishlistErrorMessage,
  wishlistReducer,
} from './wishlist-state';

/**
 * The wishlist page's state and what it does: pages loaded (sorted, more appended), the alerts
 * feature acknowledged once, in-cart flags kept in step with the cart, and removing, cleaning up
 * and adding to the cart, each failure shown at the top of the page.
 */
export function useWishlistPage() {
  const [state, dispatch] = useReducer(wishlistReducer, INITIAL_WISHLIST_STATE);
  const { cart } = useCart();
  const { refresh: refreshSummary, syncError } = useWishlist();

  const fail = useCallback((prefix: string, error: unknown) => {
    dispatch({ type: 'failed', error: wishlistError(prefix, wishlistErrorMessage(error)) });
    window.scrollTo(0, 0);
  }, []);

  const load = useCallback(
    async (page: number, sortMode: string | null, pageSize: number | null, replace: boolean) => {
      try {
        const sort = sortMode ? parseSortKey(sortMode) : null;
        const data = await getWishlistPage(page, pageSize, sort?.sortBy ?? null, sort?.descending ?? false);
        dispatch({ type: 'page-loaded', data, replace });
      } catch (error) {
        fail('Could not list wishlist items', error);
      }
    },
    [fail],
  );

  useEffect(() => {
    void load(1, null, null, true);
  }, [load]);

  // storefront.md 4: once the wishlist is initialised, the feature is acknowledged once; the
  // answer names the wishlist to toggle, whether alerts are on, and whether the feature is new here.
  const { WishlistAlertsEnabled } = useSiteSettings();
  const initialised = state.loadingState !== 'INITIAL';
  const acknowledged = useRef(false);
  const [introduce, setIntroduce] = useState(false);
  useEffect(() => {
    if (!WishlistAlertsEnabled || !initialised || acknowledged.current) return;
    acknowledged.current = true;
    acknowledgeAlertFeature()
      .then((answer) => {
        if (answer.alertEnabled !== null)
          dispatch({ type: 'alert', enabled: answer.alertEnabled, wishlistId: answer.wishlistId });
        setIntroduce(answer.firstTime);
      })
      .catch(() => {
        // Nothing to show: the switch keeps what the page said.
      });
  }, [WishlistAlertsEnabled, initialised]);

  // Sync: each entry's in-cart flag follows the cart, on every open page.
  useEffect(() => {
    dispatch({ type: 'cart-sync', inCart: (code) => cartHasCode(cart, code) });
  }, [cart]);

  const remove = async (entry: WishlistEntry) => {
    dispatch({ type: 'update' });
    try {
      await changeWishlist('remove', entry.Code);
      // An unavailable entry is counted as sold (a reserved one, rarer, is not, but shows 'Sold' too).
      dispatch({ type: 'removed', codes: [entry.Code], sold: entry.IsAvailable ? 0 : 1 });
      void refreshSummary();
    } catch (error) {
      fail('Could not remove item from wishlist', error);
    }
  };

  const cleanUp = async () => {
    dispatch({ type: 'update' });
    try {
      const codes = await cleanUpWishlist();
      dispatch({ type: 'removed', codes, sold: codes.length });
      void refreshSummary();
    } catch (error) {
      fail('Could not clean up wishlist items', error);
    }
  };

  const onCartResult = async (entry: WishlistEntry, error: unknown) => {
    if (!error) return;
    // A warning can be ignored when the item is in the cart with no product changes.
    try {
      const now = await getCart(true);
      const item = now.stores.flatMap((s) => s.items).find((i) => i.id === entry.Code);
      if (item && !now.ProductChanges.some((change) => change.id === item.ProductId)) return;
    } catch {
      // fall through to the notice
    }
    fail('Could not add item to cart', error);
  };

  const sort = (value: string) => {
    dispatch({ type: 'update', sortMode: value });
    void load(1, value, state.pageSize, true);
  };

  const loadMore = () => {
    dispatch({ type: 'load-more' });
    void load(state.nextPage, state.sortMode, state.pageSize, false);
  };

  return {
    state,
    dispatch,
    syncError,
    alertsEnabled: WishlistAlertsEnabled,
    introduce,
    fail,
    remove,
    cleanUp,
    onCartResult,
    sort,
    loadMore,
  };
}
