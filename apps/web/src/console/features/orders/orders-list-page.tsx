import type { ConsoleOrder, Region } from '@shop/contract';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConsolePager, pageParam } from '../../components/console-pager';
import { consolePaths, useConsoleStore } from '../../lib/use-console-store';
import { CONSOLE_ORDER_FILTERS, type ConsoleOrdersFilter, useConsoleOrders } from './api/orders-list';
import { consoleDate, FILTER_LABELS, itemsLabel, liveItemCount, methodLabel, STATE_LABELS } from './order-labels';

/** `?status=` as a filter; anything else is the default, open (what is still to do). */
export function filterParam(value: string | null): ConsoleOrdersFilter {
  return CONSOLE_ORDER_FILTERS.find((f) => f === value) ?? 'open';
}

/**
 * /store-console/stores/:storeId/orders[?status=&page=]: the store's orders by state, open (still
 * to do, oldest first) by default, each with what to do next. The filter and page live in the URL.
 */
export function OrdersListPage() {
  const { store } = useConsoleStore();
  const [search] = useSearchParams();
  const status = filterParam(search.get('status'));
  const page = pageParam(search.get('page'));
  const orders = useConsoleOrders(store.Id, status, page);
  useDocumentTitle(`Orders: ${FILTER_LABELS[status]}`);
  return (
    <section className="console-orders" aria-labelledby="console-orders-title">
      <div className="console-orders__head">
        <h1 id="console-orders-title">Orders</h1>
        <Link to={`${consolePaths.orders(store.Id)}/audit`}>Audit trail</Link>
      </div>
      <nav aria-label="Filter orders" className="console-filters">
        {CONSOLE_ORDER_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={filter === 'open' ? '?' : `?status=${filter}`}
            aria-current={filter === status ? 'page' : undefined}
          >
            {FILTER_LABELS[filter]}
          </Link>
        ))}
      </nav>
      {orders.status === 'loading' ? (
        <p role="status">Loading the orders...</p>
      ) : orders.status === 'error' ? (
        <div role="alert" className="notice notice--error">
          <p>{orders.message}</p>
          <button type="button" className="button button--secondary" onClick={orders.reload}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <p className="console-orders__count" role="status">
            {orders.value.TotalCount === 0
              ? emptyText(status)
              : `${orders.value.TotalCount} ${orders.value.TotalCount === 1 ? 'order' : 'orders'}`}
          </p>
          <ul className="console-order-list">
            {orders.value.Orders.map((order) => (
              <OrderRow key={order.Reference} order={order} storeId={store.Id} region={store.Region} />
            ))}
          </ul>
          <ConsolePager
            page={orders.value.Page}
            pageSize={orders.value.PageSize}
            totalCount={orders.value.TotalCount}
            search={search.toString()}
            label="Orders pages"
          />
        </>
      )}
    </section>
  );
}

function emptyText(status: ConsoleOrdersFilter): string {
  if (status === 'open') return 'No open orders: nothing to do.';
  if (status === 'all') return 'No orders yet.';
  return `No orders ${FILTER_LABELS[status].toLowerCase()}.`;
}

/** One order: its reference (the link), when, who, how it travels, how much, and what to do next. */
function OrderRow({ order, storeId, region }: { order: ConsoleOrder; storeId: number; region: Region }) {
  const { search } = useLocation();
  return (
    <li className={`console-order-row console-order-row--${order.State}`}>
      <h2 className="console-order-row__ref">
        {/* The list's filter and page go along, so 'Back to the orders' returns to them. */}
        <Link to={`${consolePaths.orders(storeId)}/${order.Reference}`} state={{ listSearch: search }}>
          {order.Reference}
        </Link>
      </h2>
      <p className="console-order-row__state">{STATE_LABELS[order.State]}</p>
      <dl className="console-order-row__facts">
        <div>
          <dt>Placed</dt>
          <dd>{consoleDate(order.PlacedAt, region)}</dd>
        </div>
        <div>
          <dt>Shopper</dt>
          <dd>{order.Customer.Name || order.Customer.Email}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{methodLabel(order)}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{itemsLabel(liveItemCount(order))}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{order.Totals.Total}</dd>
        </div>
      </dl>
      <p className="console-order-row__next">
        <span className="visually-hidden">Next step: </span>
        {order.NextStep}
      </p>
    </li>
  );
}
