import type { CheckoutViewValue } from '@shop/contract';
import { Accordion } from '../../../components/accordion';
import { itemListStartsCollapsed } from '../../../lib/item-list-rules';

type CartItem = CheckoutViewValue['Cart']['CartItems'][number];

/** The cart's items by store, in the order they come. */
function byStore(items: CartItem[]): Array<{ id: number; name: string; items: CartItem[] }> {
  const stores = new Map<number, { id: number; name: string; items: CartItem[] }>();
  for (const item of items) {
    const store = stores.get(item.StoreId) ?? { id: item.StoreId, name: item.StoreName, items: [] };
    store.items.push(item);
    stores.set(item.StoreId, store);
  }
  return [...stores.values()];
}

/** The summary's item list: collapsed to start with 5 or more items or a screen narrower than 768. */
export function SummaryItems({ items, screenWidth }: { items: CartItem[]; screenWidth: number }) {
  return (
    <Accordion
      title="Items in your order"
      defaultOpen={!itemListStartsCollapsed(items.length, screenWidth)}
      className="checkout-items"
    >
      {byStore(items).map((store) => (
        <section key={store.id} className="checkout-items__store" aria-label={store.name}>
          <h4 className="checkout-items__store-name">{store.name}</h4>
          <ul className="checkout-items__list">
            {store.items.map((item) => (
              <li key={item.ProductId} className="checkout-items__item">
                {item.ImageUrl ? (
                  <img className="checkout-items__image" src={item.ImageUrl} alt="" width={64} height={48} />
                ) : (
                  <span className="checkout-items__image checkout-items__image--none" aria-hidden="true" />
                )}
                <span className="checkout-items__name">{item.DisplayName}</span>
                <span className="checkout-items__price">{item.Price.Display}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Accordion>
  );
}
