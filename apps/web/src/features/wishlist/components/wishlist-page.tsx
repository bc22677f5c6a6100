import type { WishlistEntry } from '@shop/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CardAddToCart } from '../../../components/card-add-to-cart';
import { CardPostageLine } from '../../../components/card-postage-line';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { priceText, regionOfPrice } from '../../../components/product-card-text';
import { SortDropdown } from '../../../components/sort-dropdown';
import { getProductId } from '../api/get-product-id';
import { useWishlistPage } from '../use-wishlist-page';
import type { WishlistState } from '../wishlist-state';
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
        <CardPostageLine
          code={entry.Code}
          label={entry.ShippingLabel}
          region={regionOfPrice(entry.SalePrice)}
          className="wishlist-card__postage"
        />
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

/** A question with its confirming button and Cancel. */
function ConfirmModal({
  open,
  title,
  question,
  confirm,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  question: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p>{question}</p>
      <div className="cart__actions">
        <button type="button" className="button button--yellow" onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** The /wishlist page (storefront.md screen 8). */
export function WishlistPage() {
  const page = useWishlistPage();
  const { state, dispatch, fail, remove } = page;
  const [removing, setRemoving] = useState<WishlistEntry | null>(null);
  const [cleaning, setCleaning] = useState(false);

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
        syncError={page.syncError}
        alerts={
          page.alertsEnabled ? (
            <WishlistAlerts
              wishlistId={state.wishlistId}
              enabled={state.alertEnabled}
              introduce={page.introduce}
              onChange={(enabled) => dispatch({ type: 'alert', enabled })}
              onError={(error) => fail('Could not toggle alert for wishlist', error)}
            />
          ) : null
        }
        onSort={page.sort}
        onLoadMore={page.loadMore}
        onCleanUp={() => setCleaning(true)}
        onRemove={(entry) => {
          if (entry.IsAvailable) setRemoving(entry);
          else void remove(entry);
        }}
        onCartResult={(entry, error) => void page.onCartResult(entry, error)}
      />
      <ConfirmModal
        open={removing !== null}
        title="Remove item"
        question={<>Remove {removing?.DisplayName} from your wishlist?</>}
        confirm="Remove"
        onConfirm={() => {
          const entry = removing;
          setRemoving(null);
          if (entry) void remove(entry);
        }}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmModal
        open={cleaning}
        title="Clean Up"
        question="Remove all sold items from your wishlist?"
        confirm="Clean Up"
        onConfirm={() => {
          setCleaning(false);
          void page.cleanUp();
        }}
        onCancel={() => setCleaning(false)}
      />
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
