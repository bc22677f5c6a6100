import type { WishlistEntry } from '@shop/contract';
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CardAddToCart } from '../../../components/card-add-to-cart';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { priceText } from '../../../components/product-card-text';
import { SortDropdown } from '../../../components/sort-dropdown';
import { cartHasCode, useCart } from '../../../lib/cart';
import { getCart } from '../../../lib/cart-api/get-cart';
import { useSiteSettings } from '../../../lib/site-settings';
import { useWishlist } from '../../../lib/wishlist';
import { changeWishlist } from '../../../lib/wishlist-api/change-wishlist';
import { cleanUpWishlist } from '../../../lib/wishlist-api/clean-up-wishlist';
import { getWishlistPage } from '../../../lib/wishlist-api/get-wishlist-page';
import { acknowledgeAlertFeature } from '../api/acknowledge-alert-feature';
import { getProductId } from '../api/get-product-id';
import {
  INITIAL_WISHLIST_STATE,
  parseSortKey,
  type WishlistState,
  wishlistError,
  wishlistErrorMessage,
  wishlistReducer,
} from '../wishlist-state';
import { WishlistAlerts } from './wishlist-alerts';
import '../../../components/item-list.css';
import '../wishlist.css';

function WishlistCard({
  entry,
  onRemove,
  onCartResult,
}: {
  entry: WishlistEntry;
  onRemove: (entry: WishlistEntry) => void;
  onCartResult: (entry: WishlistEntry, error: unknown) => void;
}) {
  return (
    <li className="wishlist-card">
      <article aria-label={entry.DisplayName}>
        {entry.ImageUrl ? (
          <img className="wishlist-card__image" src={entry.ImageUrl} alt="" width={300} height={200} loading="lazy" />
        ) : (
          <span className="wishlist-card__image wishlist-card__image--none" />
        )}
        <h2 className="wishlist-card__title">
          <a href={entry.ProductPageUrl}>{entry.DisplayName}</a>
        </h2>
        <p className="wishlist-card__store">{entry.StoreNameAndState}</p>
        <p className="wishlist-card__price">
          <strong>{priceText({ ...entry, Sp: entry.SalePrice })}</strong>
        </p>
        {entry.ShippingLabel ? <p className="wishlist-card__postage">{entry.ShippingLabel}</p> : null}
        <div className="wishlist-card__actions">
          <CardAddToCart
            code={entry.Code}
            title={entry.DisplayName}
            price={Number(entry.SalePrice.replace(/[^\d.]/g, '')) || 0}
            isAvailable={entry.IsAvailable}
            pickupDisabled={entry.DisableInStorePickup || entry.ItemUnavailableAsStoreDisabledPickup}
            resolveId={() => getProductId(entry.Code)}
            onResult={(error) => onCartResult(entry, error)}
          />
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Remove ${entry.DisplayName}`}
            onClick={() => onRemove(entry)}
          >
            Remove
          </button>
        </div>
      </article>
    </li>
  );
}

/** The /wishlist page (storefront.md screen 8). */
export function WishlistPage() {
  const [state, dispatch] = useReducer(wishlistReducer, INITIAL_WISHLIST_STATE);
  const { cart } = useCart();
  const { refresh: refreshSummary, syncError } = useWishlist();
  const [removing, setRemoving] = useState<WishlistEntry | null>(null);
  const [cleaning, setCleaning] = useState(false);

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

  return (
    <div className="page wishlist-page">
      <nav aria-label="Breadcrumbs" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/my-account">My Account</Link>
          </li>
        </ol>
      </nav>
      <WishlistBody
        state={state}
        syncError={syncError}
        alerts={
          WishlistAlertsEnabled ? (
            <WishlistAlerts
              wishlistId={state.wishlistId}
              enabled={state.alertEnabled}
              introduce={introduce}
              onChange={(enabled) => dispatch({ type: 'alert', enabled })}
              onError={(error) => fail('Could not toggle alert for wishlist', error)}
            />
          ) : null
        }
        onSort={(value) => {
          dispatch({ type: 'update', sortMode: value });
          void load(1, value, state.pageSize, true);
        }}
        onLoadMore={() => {
          dispatch({ type: 'load-more' });
          void load(state.nextPage, state.sortMode, state.pageSize, false);
        }}
        onCleanUp={() => setCleaning(true)}
        onRemove={(entry) => {
          if (entry.IsAvailable) setRemoving(entry);
          else void remove(entry);
        }}
        onCartResult={(entry, error) => void onCartResult(entry, error)}
      />
      <Modal open={removing !== null} title="Remove item" onClose={() => setRemoving(null)}>
        <p>Remove {removing?.DisplayName} from your wishlist?</p>
        <div className="cart__actions">
          <button
            type="button"
            className="button button--yellow"
            onClick={() => {
              const entry = removing;
              setRemoving(null);
              if (entry) void remove(entry);
            }}
          >
            Remove
          </button>
          <button type="button" className="button button--secondary" onClick={() => setRemoving(null)}>
            Cancel
          </button>
        </div>
      </Modal>
      <Modal open={cleaning} title="Clean Up" onClose={() => setCleaning(false)}>
        <p>Remove all sold items from your wishlist?</p>
        <div className="cart__actions">
          <button
            type="button"
            className="button button--yellow"
            onClick={() => {
              setCleaning(false);
              void cleanUp();
            }}
          >
            Clean Up
          </button>
          <button type="button" className="button button--secondary" onClick={() => setCleaning(false)}>
            Cancel
          </button>
        </div>
      </Modal>
    </div>
  );
}

/** The page's body for a given state: the loading text, the header and grid, or the empty texts. */
export function WishlistBody({
  state,
  syncError = null,
  alerts = null,
  onSort,
  onLoadMore,
  onCleanUp,
  onRemove,
  onCartResult,
}: {
  state: WishlistState;
  /** The wishlist provider's 'Could not maintain wishlist sync' message, if it is out of sync. */
  syncError?: string | null;
  /** The Alerts switch, when the alerts feature is on. */
  alerts?: ReactNode;
  onSort: (value: string) => void;
  onLoadMore: () => void;
  onCleanUp: () => void;
  onRemove: (entry: WishlistEntry) => void;
  onCartResult: (entry: WishlistEntry, error: unknown) => void;
}) {
  const error = (
    <>
      {syncError ? <Notice kind="error">{syncError}</Notice> : null}
      {state.error ? <Notice kind="error">{state.error}</Notice> : null}
    </>
  );
  if (state.loadingState === 'INITIAL') {
    return (
      <>
        {error}
        <p className="wishlist-page__loading" role="status">
          Retrieving your wishlist...
        </p>
      </>
    );
  }
  const count = state.totalItems;
  // Clean Up removes sold items, so it is offered whenever the wishlist holds one, on whichever
  // page: the server counts them over the whole list.
  const hasSold = state.soldItems > 0;
  return (
    <>
      {error}
      <header className="wishlist-page__header">
        {/* The Alerts switch shares the heading's row, so a phone keeps the controls to two rows. */}
        <div className="wishlist-page__title-row">
          <h1>My Wishlist</h1>
          {alerts}
        </div>
        <div className="wishlist-page__toolbar">
          <p className="wishlist-page__count">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
          {hasSold ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={onCleanUp}
              disabled={state.loadingState !== 'DONE'}
            >
              Clean Up
            </button>
          ) : null}
          {count > 0 && state.sortOptions.length > 0 && state.sortMode ? (
            <SortDropdown
              options={state.sortOptions.map((option) => ({
                value: `${option.keyName}${option.isDescending ? '-' : '+'}`,
                label: option.displayName,
              }))}
              value={state.sortMode}
              onChange={onSort}
            />
          ) : null}
        </div>
      </header>
      {state.loadingState === 'UPDATE' ? (
        <p className="visually-hidden" role="status">
          Updating your wishlist...
        </p>
      ) : null}
      {state.entries.length === 0 && state.loadingState === 'DONE' ? (
        <div className="wishlist-page__empty">
          <p>There doesn't seem to be anything here.</p>
          <p>
            Try adding items to your wishlist. You can click the heart icon on the product page, or on any search
            results.
          </p>
          <Link className="button button--yellow" to="/shop">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="wishlist-grid" aria-label="Wishlist items" aria-busy={state.loadingState !== 'DONE'}>
          {state.entries.map((entry) => (
            <WishlistCard key={entry.Code} entry={entry} onRemove={onRemove} onCartResult={onCartResult} />
          ))}
        </ul>
      )}
      {state.entries.length < state.totalItems ? (
        <button
          type="button"
          className="button button--secondary wishlist-page__more"
          onClick={onLoadMore}
          disabled={state.loadingState !== 'DONE'}
          aria-busy={state.loadingState === 'SUBSEQUENT'}
        >
          {state.loadingState === 'SUBSEQUENT' ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </>
  );
}
