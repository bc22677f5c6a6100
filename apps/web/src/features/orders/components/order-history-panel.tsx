import { ORDER_HISTORY_PAGE_SIZE, type OrderHistoryValue, type Region } from '@shop/contract';
import { Link } from 'react-router';
import { OrderHistoryTable } from './order-history-table';
import { OrderPager } from './order-pager';
import '../orders.css';

/** Nothing ordered yet: an invitation to shop (account.md 2.2). */
function NoOrders() {
  return (
    <div className="order-history__empty">
      <p>You have not placed any orders yet.</p>
      <p>
        <Link className="button button--yellow" to="/search-results">
          Start shopping
        </Link>
      </p>
    </div>
  );
}

/** The 'Past orders' panel's content once a page has answered. */
export function OrderHistoryList({
  history,
  region,
  onPage,
}: {
  history: OrderHistoryValue;
  region: Region;
  onPage: (page: number) => void;
}) {
  if (history.totalOrderCount === 0 || history.orders.length === 0) return <NoOrders />;
  return (
    <>
      <OrderHistoryTable orders={history.orders} region={region} />
      <OrderPager
        currentPage={history.currentPage}
        pageSize={ORDER_HISTORY_PAGE_SIZE}
        shown={history.orders.length}
        total={history.totalOrderCount}
        onPage={onPage}
      />
      {region === 'AU' ? <p className="order-history__note">All dates are based on AEST.</p> : null}
    </>
  );
}
