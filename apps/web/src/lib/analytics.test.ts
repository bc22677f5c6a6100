// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_CALLBACK_TIMEOUT_MS, trackCheckoutEvent, trackEcommerce } from './analytics';

const item = { item_id: 'ABC1', item_name: 'Lamp', price: 12.5 };

function lastEvent<T>(): T {
  return (window.dataLayer ?? []).at(-1) as T;
}

beforeEach(() => {
  vi.useFakeTimers();
  window.dataLayer = [];
});
afterEach(() => {
  vi.useRealTimers();
  delete window.dataLayer;
});

describe('trackEcommerce', () => {
  it('pushes the event with the region currency and quantity 1', () => {
    void trackEcommerce('add_to_cart', 'UK', item);
    const event = lastEvent<{ event: string; ecommerce: { currency: string; items: unknown[] } }>();
    expect(event.event).toBe('add_to_cart');
    expect(event.ecommerce.currency).toBe('GBP');
    expect(event.ecommerce.items).toEqual([{ ...item, quantity: 1 }]);
    void trackEcommerce('remove_from_cart', 'AU', item);
    expect(lastEvent<{ ecommerce: { currency: string } }>().ecommerce.currency).toBe('AUD');
  });

  it('resolves when the callback is called', async () => {
    const done = vi.fn();
    void trackEcommerce('add_to_wishlist', 'AU', item).then(done);
    lastEvent<{ eventCallback: () => void }>().eventCallback();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
  });

  it('gives up on a callback that never comes after 1000 ms', async () => {
    const done = vi.fn();
    void trackEcommerce('add_to_cart', 'AU', item).then(done);
    await vi.advanceTimersByTimeAsync(ANALYTICS_CALLBACK_TIMEOUT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });
});

describe('trackCheckoutEvent', () => {
  it('pushes the cart value and every item with quantity 1, currency by region', () => {
    const other = { item_id: 'XYZ9', item_name: 'Chair', price: 30 };
    void trackCheckoutEvent('begin_checkout', 'UK', 42.5, [item, other], { coupon: 'SAVE10' });
    const event = lastEvent<{ event: string; ecommerce: Record<string, unknown> }>();
    expect(event.event).toBe('begin_checkout');
    expect(event.ecommerce).toEqual({
      coupon: 'SAVE10',
      currency: 'GBP',
      value: 42.5,
      items: [
        { ...item, quantity: 1 },
        { ...other, quantity: 1 },
      ],
    });
  });

  it('gives up on a callback that never comes after 1000 ms', async () => {
    const done = vi.fn();
    void trackCheckoutEvent('purchase', 'AU', 10, [item]).then(done);
    await vi.advanceTimersByTimeAsync(ANALYTICS_CALLBACK_TIMEOUT_MS);
    expect(done).toHaveBeenCalled();
  });
});
