import type { Region } from '@shop/contract';
import { REGION_INFO } from '@shop/contract';

/** Analytics callbacks that never return are given up on after this long (spec section 9). */
export const ANALYTICS_CALLBACK_TIMEOUT_MS = 1000;

type EcommerceEventName = 'add_to_cart' | 'remove_from_cart' | 'add_to_wishlist';

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  price: number;
  item_brand?: string;
  item_category?: string;
}

/**
 * The checkout's events (checkout.md section 4): the funnel's four, and a discount code added or
 * removed (the spec says both are reported without naming them; GA4 has no event of its own for a
 * code, so they are named for what happened, with the code in GA4's `coupon` field).
 */
export type CheckoutEventName =
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase'
  | 'add_discount_code'
  | 'remove_discount_code';

interface DataLayerEvent {
  event: EcommerceEventName | CheckoutEventName;
  ecommerce: { currency: 'AUD' | 'GBP'; value: number; items: Array<AnalyticsItem & { quantity: 1 }> } & Record<
    string,
    unknown
  >;
  eventCallback: () => void;
  eventTimeout: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes one e-commerce event to window.dataLayer (currency by region, quantity always 1).
 * Resolves when the tag manager calls back, or after 1000 ms if it never does: never blocks the shopper.
 */
function pushEcommerce(
  name: DataLayerEvent['event'],
  region: Region,
  value: number,
  items: AnalyticsItem[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(finish, ANALYTICS_CALLBACK_TIMEOUT_MS);
    const event: DataLayerEvent = {
      event: name,
      ecommerce: {
        ...extra,
        currency: REGION_INFO[region].currencyCode,
        value,
        items: items.map((item) => ({ ...item, quantity: 1 as const })),
      },
      eventCallback: finish,
      eventTimeout: ANALYTICS_CALLBACK_TIMEOUT_MS,
    };
    try {
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ ecommerce: null });
      window.dataLayer.push(event);
    } catch {
      finish();
    }
  });
}

/** A standard e-commerce event about one item (add to cart, remove from cart, add to wishlist). */
export function trackEcommerce(name: EcommerceEventName, region: Region, item: AnalyticsItem): Promise<void> {
  return pushEcommerce(name, region, item.price, [item]);
}

/**
 * A checkout event with the cart's value (major units, e.g. 12.5) and every item (quantity 1 each):
 * begin_checkout on step 1's Continue, add_shipping_info after delivery, add_payment_info and
 * purchase on payment, add_discount_code and remove_discount_code from the summary's code box.
 * `extra` carries fields such as shipping_tier, payment_type, transaction_id, coupon or discount.
 */
export function trackCheckoutEvent(
  name: CheckoutEventName,
  region: Region,
  value: number,
  items: AnalyticsItem[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  return pushEcommerce(name, region, value, items, extra);
}
