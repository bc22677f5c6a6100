import { formatOrderDate, itemsAtStores, type OrderSummary, type Region } from '@shop/contract';
import { Link } from 'react-router';
import { useMediaQuery } from '../../../lib/use-media-query';

/** Phones get a list of cards: a five-column table would scroll sideways. */
export const PHONE_QUERY = '(max-width: 639.98px)';

export function orderPath(orderNumber: string): string {
  return `/my-account/orders/${encodeURIComponent(orderNumber)}`;
}

function cells(order: OrderSummary, region: Region) {
  return [
    { label: 'Order date', value: formatOrderDate(order.orderDateTime, region) },
    { label: 'Order details', value: itemsAtStores(order.itemCount, order.storeCount) },
    { label: 'Total', value: order.price },
    { label: 'Status', value: order.status },
  ];
}

function OrderCards({ orders, region }: { orders: OrderSummary[]; region: Region }) {
  return (
    <ul className="order-cards" aria-label="Past orders">
      {orders.map((order) => (
        <li key={order.orderNumber} className="order-card">
          <dl className="order-card__fields">
            <div className="order-card__row order-card__row--number">
              <dt>Order number</dt>
              <dd className="order-card__number">
                <Link to={orderPath(order.orderNumber)}>{order.orderNumber}</Link>
              </dd>
            </div>
            {cells(order, region).map((cell) => (
              <div key={cell.label} className="order-card__row">
                <dt>{cell.label}</dt>
                <dd>{cell.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function OrderTable({ orders, region }: { orders: OrderSummary[]; region: Region }) {
  return (
    <table className="order-table">
      <caption className="visually-hidden">Past orders</caption>
      <thead>
        <tr>
          <th scope="col">Order number</th>
          <th scope="col">Order date</th>
          <th scope="col">Order details</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.orderNumber}>
            <th scope="row">
              <Link to={orderPath(order.orderNumber)}>{order.orderNumber}</Link>
            </th>
            {cells(order, region).map((cell) => (
              <td key={cell.label}>{cell.value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The page's orders: a table on wider screens, stacked cards with their labels on phones. */
export function OrderHistoryTable({ orders, region }: { orders: OrderSummary[]; region: Region }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return phone ? <OrderCards orders={orders} region={region} /> : <OrderTable orders={orders} region={region} />;
}
