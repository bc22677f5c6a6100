import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useOrderHistory } from '../../../features/orders/api/get-order-history';
import { OrderHistoryList } from '../../../features/orders/components/order-history-panel';
import { historyPageFrom } from '../../../features/orders/history-page-param';
import { useSiteSettings } from '../../../lib/site-settings';
import { AccountFrame } from './account-frame';

/**
 * /my-account/orders?page=N: 'Order History' (account.md 2.2). The address bar holds the page, so
 * reload, Back and a shared link show the same one. A failed call stops loading without a message
 * (account.md 8).
 */
export function OrderHistoryPage() {
  const [search, setSearch] = useSearchParams();
  const page = historyPageFrom(search);
  const history = useOrderHistory(page);
  const { Region } = useSiteSettings();
  const panel = useRef<HTMLElement>(null);

  const goTo = (next: number) => {
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('page', String(next));
      return params;
    });
    // Back to the top of the list when it has scrolled out of view (the pager sits under it).
    if (panel.current && panel.current.getBoundingClientRect().top < 0)
      panel.current.scrollIntoView?.({ block: 'start' });
  };

  return (
    <AccountFrame title="Order History" crumb="Order History" wide>
      <section className="account-card order-history" aria-labelledby="past-orders-heading" ref={panel}>
        <h2 id="past-orders-heading">Past orders</h2>
        {history.status === 'loading' ? (
          <p role="status">Loading your orders...</p>
        ) : history.status === 'done' ? (
          <OrderHistoryList history={history.value} region={Region} onPage={goTo} />
        ) : null}
      </section>
    </AccountFrame>
  );
}
