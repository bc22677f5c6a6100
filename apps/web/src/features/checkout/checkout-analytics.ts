import type { CheckoutViewValue, DiscountCouponValue, Money, Region } from '@shop/contract';
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

/**
 * A discount code added or removed (checkout.md section 4: "reports to analytics"): the total the
 * server answered, the code (GA4's coupon) and the discount it gives or gave (major units).
 */
export function reportDiscount(
  name: 'add_discount_code' | 'remove_discount_code',
  region: Region,
  cart: CheckoutViewValue['Cart'],
  code: string,
  reply: DiscountCouponValue,
  discount: Money,
) {
  return trackCheckoutEvent(name, region, reply.UpdatedTotal.Amount / 100, analyticsItems(cart), {
    coupon: code,
    discount: discount.Amount / 100,
  });
}
