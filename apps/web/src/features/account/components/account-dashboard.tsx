import { type AccountOverviewValue, formatOrderDate, type OrderSummary } from '@shop/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteSettings } from '../../../lib/site-settings';
import '../account.css';
import { formatCount } from '../../../lib/format-count';

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

function Tile({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <li className="account-tile">
      <h2 className="account-tile__title">
        <Link to={to}>{title}</Link>
      </h2>
      {children}
    </li>
  );
}

/** The Shop Orders tile's body: the latest order (number, date, total, status) and the count. */
function LatestOrder({ order, count }: { order: OrderSummary | null; count: number }) {
  const { Region } = useSiteSettings();
  if (!order || count === 0) {
    return (
      <p>
        You have no orders yet. <Link to="/search-results">Start shopping</Link>
      </p>
    );
  }
  return (
    <>
      <p className="account-tile__label">Latest order</p>
      <p className="account-tile__order-number">
        <Link to={`/my-account/orders/${encodeURIComponent(order.orderNumber)}`}>{order.orderNumber}</Link>
      </p>
      <dl className="account-tile__order">
        <div>
          <dt>Order date</dt>
          <dd>{formatOrderDate(order.orderDateTime, Region)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{order.price}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </div>
      </dl>
      <p className="account-tile__count">{plural(count, 'order', 'orders')} in total</p>
    </>
  );
}

/**
 * The dashboard's tiles (account.md 2.1): Shop Orders always; My Wishlist and My Saved Searches
 * only while their flags are on; then the customer's own settings.
 */
export function AccountDashboard({ overview }: { overview: AccountOverviewValue }) {
  const { Orders, Wishlist, SavedSearches } = overview;
  return (
    <>
      <ul className="account-tiles">
        <Tile title="Shop Orders" to="/my-account/orders">
          <LatestOrder order={Orders.LatestOrder} count={Orders.OrderCount} />
        </Tile>
        {Wishlist.WishlistsEnabled ? (
          <Tile title="My Wishlist" to="/wishlist">
            <p className="account-tile__count">{plural(Wishlist.NumItems, 'item', 'items')}</p>
          </Tile>
        ) : null}
        {SavedSearches.SavedSearchesEnabled ? (
          <Tile title="My Saved Searches" to="/my-account/saved-searches">
            <p className="account-tile__count">{plural(SavedSearches.NumItems, 'saved search', 'saved searches')}</p>
          </Tile>
        ) : null}
      </ul>
      <h2 className="account-section-title">Your account</h2>
      <ul className="account-tiles account-tiles--settings">
        <Tile title="My Details" to="/my-account/profile">
          <p>Your name, phone and billing address, filled in for you at checkout.</p>
        </Tile>
        <Tile title="Password" to="/my-account/password">
          <p>Change the password you sign in with.</p>
        </Tile>
        <Tile title="Passkeys" to="/my-account/passkeys">
          <p>Sign in with your fingerprint, face or screen lock instead of a password.</p>
        </Tile>
      </ul>
    </>
  );
}
