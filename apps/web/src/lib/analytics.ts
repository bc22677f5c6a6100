import type { Region } from '@shop/contract';
import { REGION_INFO } from '@shop/contract';

/** Analytics callbacks that never return are given up on after this long (spec section 9). */
export const ANALYTICS_CALLBACK_TIMEOUT_MS = 1000;

export type EcommerceEventName = 'add_to_cart' | 'remove_from_cart' | 'add_to_wishlist';

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  price: number;
  item_brand?: string;
  item_category?: string;
}

interface DataLayerEvent {
  event: EcommerceEventName;
  ecommerce: { currency: 'AUD' | 'GBP'; value: number; items: Array<AnalyticsItem & { quantity: 1 }> };
  eventCallback: () => void;
  eventTimeout: number;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes a standard e-commerce event to window.dataLayer (currency by region, quantity always 1).
 * Resolves when the tag manager calls back, or after 1000 ms if it never does: never blocks the shopper.
 */
export function trackEcommerce(name: EcommerceEventName, region: Region, item: AnalyticsItem): Promise<void> {
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
        currency: REGION_INFO[region].currencyCode,
        value: item.price,
        items: [{ ...item, quantity: 1 }],
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
