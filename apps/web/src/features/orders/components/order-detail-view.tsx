import type { OrderDetailValue, Region } from '@shop/contract';
import { OrderStorePanel } from './order-store-panel';
import { OrderSummaryPanel } from './order-summary-panel';
import '../orders.css';

/** The order detail's body (account.md 2.3): a panel per store on the left, the summary on the right. */
export function OrderDetailView({ order, region }: { order: OrderDetailValue; region: Region }) {
  return (
    <div className="order-detail">
      <div className="order-detail__stores">
        {order.stores.map((store) => (
          <OrderStorePanel key={store.id} store={store} region={region} />
        ))}
      </div>
      <aside className="order-detail__aside">
        <OrderSummaryPanel order={order} region={region} />
      </aside>
    </div>
  );
}
