import { useParams, useSearchParams } from 'react-router';
import { useClearOrderOnLeave, useOrderDetail } from '../../../features/orders/api/get-order-detail';
import { OrderDetailView } from '../../../features/orders/components/order-detail-view';
import { useSiteSettings } from '../../../lib/site-settings';
import { useViewer } from '../../../lib/viewer';
import { NotFoundPage } from '../not-found-page';
import { AccountFrame } from './account-frame';

/**
 * /my-account/orders/:orderid[?key=]: 'Order: ' and the reference in upper case (account.md 2.3).
 * A customer opens it through the session; a guest through the signed key of the order e-mail,
 * which goes to the server as it came. A 404 (not theirs, a wrong key, no such order) is the
 * site's not-found page; any other failure stops loading without a message (account.md 8).
 * Leaving the page clears the order.
 */
export function OrderDetailPage() {
  const { orderid = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('key') || null;
  const order = useOrderDetail(orderid, key);
  useClearOrderOnLeave(orderid, key);
  const { Region } = useSiteSettings();
  const viewer = useViewer();

  if (order.status === 'error' && order.httpStatus === 404) return <NotFoundPage />;
  const title = `Order: ${orderid.toUpperCase()}`;
  // A guest who came by the signed link has no dashboard or history to go back to.
  const trail =
    viewer.kind === 'customer'
      ? [
          { label: 'Dashboard', to: '/my-account' },
          { label: 'Order History', to: '/my-account/orders' },
        ]
      : [];
  return (
    <AccountFrame title={title} crumb={title} trail={trail} className="order-detail-page">
      {order.status === 'loading' ? (
        <p role="status">Loading your order...</p>
      ) : order.status === 'done' ? (
        <OrderDetailView order={order.value} region={Region} />
      ) : null}
    </AccountFrame>
  );
}
