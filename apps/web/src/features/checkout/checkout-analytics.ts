import type { CheckoutViewValue, Money, Region } from '@shop/contract';
import { type AnalyticsItem, type CheckoutEventName, trackCheckoutEvent } from '../../lib/analytics';

/** The cart's items as analytics items (price in major units; quantity 1 is added by the tracker). */
export function analyticsItems(cart: CheckoutViewValue['Cart']): AnalyticsItem[] {
  return cart.CartItems.map((item) => ({
    item_id: item.Code,
    item_name: item.DisplayName,
    price: item.Price.Amount / 100,
    item_category: item.Category,
    item_brand: item.StoreName,
  }));
}

/** Reports a checkout event with the total as it stands (checkout.md section 4). */
export function reportCheckout(name: CheckoutEventName, region: Region, cart: CheckoutViewValue['Cart'], total: Money) {
  const coupon = cart.DiscountCodes.join(',');
  return trackCheckoutEvent(name, region, total.Amount / 100, analyticsItems(cart), coupon ? { coupon } : {});
}
