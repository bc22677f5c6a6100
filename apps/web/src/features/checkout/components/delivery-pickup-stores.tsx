import type { CheckoutViewValue } from '@shop/contract';

type CartItem = CheckoutViewValue['Cart']['CartItems'][number];

/** Store pickup: the distinct stores of the cart with their addresses (checkout.md section 4). */
export function DeliveryPickupStores({ items }: { items: CartItem[] }) {
  const stores = new Map<string, CartItem>();
  for (const item of items) if (!stores.has(item.StoreName)) stores.set(item.StoreName, item);
  return (
    <section className="delivery-panel" aria-labelledby="delivery-pickup-heading">
      <h4 id="delivery-pickup-heading" className="delivery-panel__heading">
        {stores.size === 1 ? 'Pick up from' : `Pick up from these ${stores.size} stores`}
      </h4>
      <ul className="delivery-stores">
        {[...stores.values()].map((store) => (
          <li key={store.StoreName} className="delivery-store">
            <strong>{store.StoreName}</strong>
            <address>
              {store.StoreAddressLine1}
              {store.StoreAddressLine2 ? <br /> : null}
              {store.StoreAddressLine2}
            </address>
          </li>
        ))}
      </ul>
    </section>
  );
}
