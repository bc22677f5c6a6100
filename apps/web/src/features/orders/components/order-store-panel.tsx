import type { OrderDetailValue, Region } from '@shop/contract';
import { OrderItemRow } from './order-item-row';
import { ShippingFooter } from './shipping-footer';

type OrderStore = OrderDetailValue['stores'][number];

/** One store's part of the order: 'Store: ' and its name, its items, how they travel. */
export function OrderStorePanel({ store, region }: { store: OrderStore; region: Region }) {
  const headingId = `order-store-${store.id}`;
  return (
    <section className="order-store" aria-labelledby={headingId}>
      <h2 className="order-store__name" id={headingId}>
        Store: {store.name}
      </h2>
      <ul className="order-store__items">
        {store.items.map((item) => (
          <OrderItemRow key={item.id} item={item} />
        ))}
      </ul>
      <ShippingFooter shipping={store.shippingDetails} region={region} />
    </section>
  );
}
