import type { CheckoutViewValue } from '@shop/contract';
import type { AnalyticsItem } from '../../../lib/analytics';

/** The cart's items as analytics items (each is unique: the event adds quantity 1). */
export function cartAnalyticsItems(cart: CheckoutViewValue['Cart']): AnalyticsItem[] {
  return cart.CartItems.map((item) => ({
    item_id: item.Code,
    item_name: item.DisplayName,
    price: item.Price.Amount / 100,
    item_brand: item.StoreName,
    item_category: item.Category,
  }));
}
