import type { ConsoleOrder, Region } from '@shop/contract';
import { consoleDateTime, DEFAULT_CARRIER } from './order-labels';

/** The shopper's contact, where the items go (or are collected), the shipment's totals, the payment and what happened when. */
export function OrderFacts({ order, region }: { order: ConsoleOrder; region: Region }) {
  const a = order.Address;
  const addressLines = [
    a.BusinessName,
    a.Line1,
    a.Line2,
    [a.Suburb, a.State, a.PostCode].filter(Boolean).join(' '),
  ].filter((line) => line.trim() !== '');
  const when = (iso: string | null) => (iso ? consoleDateTime(iso, region) : null);
  return (
    <>
      <section className="console-panel" aria-labelledby="console-shopper-title">
        <h2 id="console-shopper-title">Shopper</h2>
        <p>{order.Customer.Name}</p>
        <p>
          <a href={`mailto:${order.Customer.Email}`}>{order.Customer.Email}</a>
        </p>
        {order.Customer.Phone ? (
          <p>
            <a href={`tel:${order.Customer.Phone.replace(/[^\d+]/g, '')}`}>{order.Customer.Phone}</a>
          </p>
        ) : null}
        <h3>{order.Method === 'pickup' ? 'Pickup in store' : `Deliver to (${order.Service ?? 'Regular'} postage)`}</h3>
        <address className="console-address">
          {addressLines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: address lines may repeat and never reorder
            <span key={index}>{line}</span>
          ))}
        </address>
      </section>
      <section className="console-panel" aria-labelledby="console-totals-title">
        <h2 id="console-totals-title">Totals and payment</h2>
        <dl className="console-totals">
          <dt>Items</dt>
          <dd>{order.Totals.Items}</dd>
          {order.Totals.DiscountMinor > 0 ? (
            <>
              <dt>Discount</dt>
              <dd>-{order.Totals.Discount}</dd>
            </>
          ) : null}
          <dt>Postage</dt>
          <dd>{order.Totals.Postage}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{order.Totals.Total}</strong>
          </dd>
          {order.Totals.RefundedMinor > 0 ? (
            <>
              <dt>Refunded</dt>
              <dd>{order.Totals.Refunded}</dd>
            </>
          ) : null}
          <dt>Payment</dt>
          <dd>{order.Payment.PaidOnline ? `Paid online (${order.Payment.Option})` : 'Pay in store'}</dd>
          {order.Payment.PaidInStore ? (
            <>
              <dt>Paid in store</dt>
              <dd>
                {order.Payment.PaidInStore}
                {order.Payment.PaidInStoreAt ? `, ${when(order.Payment.PaidInStoreAt)}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="console-panel" aria-labelledby="console-history-title">
        <h2 id="console-history-title">History</h2>
        <dl className="console-totals">
          <dt>Placed</dt>
          <dd>{when(order.PlacedAt)}</dd>
          {order.ReadyAt ? (
            <>
              <dt>Ready for pickup</dt>
              <dd>{when(order.ReadyAt)}</dd>
            </>
          ) : null}
          {order.CollectedAt ? (
            <>
              <dt>Collected</dt>
              <dd>{when(order.CollectedAt)}</dd>
            </>
          ) : null}
          {order.DispatchedAt ? (
            <>
              <dt>Dispatched</dt>
              <dd>{when(order.DispatchedAt)}</dd>
              <dt>Carrier</dt>
              <dd>{order.Carrier ?? DEFAULT_CARRIER[region]}</dd>
              <dt>Tracking</dt>
              <dd>
                {order.TrackingUrl ? (
                  <a href={order.TrackingUrl} target="_blank" rel="noopener noreferrer">
                    {order.TrackingNumber}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  order.TrackingNumber
                )}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
    </>
  );
}
