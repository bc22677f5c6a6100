import {
  COLLECT_BY_LABEL,
  formatCollectBy,
  type OrderConfirmationValue,
  PICKUP_ID_TEXT,
  type Region,
} from '@shop/contract';
import { Link } from 'react-router';
import { formatOrderDate } from './confirmation-format';
import { ConfirmationStore } from './confirmation-store';
import '../delivery-payment.css';

/** The totals: items, postage, the discount (as a negative) when there is one, the total. */
function ConfirmationTotals({ order }: { order: OrderConfirmationValue }) {
  return (
    <dl className="confirmation-totals">
      <div>
        <dt>Items</dt>
        <dd>{order.ItemsTotal.Display}</dd>
      </div>
      <div>
        <dt>Postage</dt>
        <dd>{order.PostageTotal.Display}</dd>
      </div>
      {order.Discount.Amount !== 0 ? (
        <div>
          <dt>Discount</dt>
          <dd>-{order.Discount.Display}</dd>
        </div>
      ) : null}
      <div className="confirmation-totals__total">
        <dt>Total</dt>
        <dd>{order.Total.Display}</dd>
      </div>
    </dl>
  );
}

/** What happens next, by how the items travel and how the order is paid. */
function ConfirmationNext({ order, region }: { order: OrderConfirmationValue; region: Region }) {
  const pickups = order.Stores.filter((s) => s.Method === 'pickup');
  const postage = order.Stores.some((s) => s.Method === 'postage');
  const payInStore = order.PaymentOption === 'Generic';
  const several = pickups.length > 1;
  return (
    <section className="confirmation-next" aria-labelledby="confirmation-next-heading">
      <h2 id="confirmation-next-heading">What happens next</h2>
      <ul>
        {pickups.map((store) =>
          store.CollectBy ? (
            <li key={store.StoreName}>
              {COLLECT_BY_LABEL} <strong>{formatCollectBy(store.CollectBy.At, store.CollectBy.TimeZone)}</strong>
              {several ? ` from ${store.StoreName}` : ''} (the store's closing time).
            </li>
          ) : null,
        )}
        {pickups.length > 0 ? (
          <li>
            {PICKUP_ID_TEXT[region]}
            {payInStore ? ' Pay when you collect.' : ''}
          </li>
        ) : null}
        {postage ? <li>The store will post your items to the delivery address shown.</li> : null}
      </ul>
    </section>
  );
}

/** The confirmation page's body (the checkout's end, and the order e-mail's link). */
export function ConfirmationView({ order, region }: { order: OrderConfirmationValue; region: Region }) {
  return (
    <div className="confirmation">
      <header className="confirmation__header">
        <h1>Order confirmed</h1>
        <p className="confirmation__reference">
          Order reference <strong>{order.Reference}</strong>
        </p>
        <p className="confirmation__meta">
          Placed on {formatOrderDate(order.OrderDate, region)}. We have sent a confirmation to{' '}
          <strong>{order.Email}</strong>.
        </p>
      </header>
      <div className="confirmation__columns">
        <div className="confirmation__stores">
          {order.Stores.map((store) => (
            <ConfirmationStore key={store.StoreName} store={store} />
          ))}
        </div>
        <aside className="confirmation__aside">
          <ConfirmationTotals order={order} />
          <ConfirmationNext order={order} region={region} />
          <Link className="button button--yellow confirmation__continue" to="/">
            Continue shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}
