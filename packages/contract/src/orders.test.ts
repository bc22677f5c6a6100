import { describe, expect, it } from 'vitest';
import {
  formatOrderDateTime,
  itemsAtStores,
  OrderHistoryQuerySchema,
  orderTimeZoneLabel,
  pagerWindow,
  paymentTypeLabel,
} from './orders.js';

describe('order history query', () => {
  it('reads page as 1 when missing, not numeric or below 1', () => {
    for (const page of [undefined, 'abc', '0', '-2', '1.5', '', '99999999999999999999'])
      expect(OrderHistoryQuerySchema.parse({ page }).page).toBe(1);
    expect(OrderHistoryQuerySchema.parse({ page: '3' })).toEqual({ page: 3, pageSize: 12 });
  });
});

describe('pagerWindow', () => {
  it('shows up to 5 pages centred on the current one, shifted at the edges', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(2, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pagerWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pagerWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pagerWindow(1, 0)).toEqual([]);
  });
});

describe('labels', () => {
  it('pluralises items and stores', () => {
    expect(itemsAtStores(1, 1)).toBe('1 item at 1 store');
    expect(itemsAtStores(3, 2)).toBe('3 items at 2 stores');
  });
  it('splits camel case payment types, keeping brand names', () => {
    expect(paymentTypeLabel('CreditCard')).toBe('Credit Card');
    expect(paymentTypeLabel('PayInStore')).toBe('Pay In Store');
    expect(paymentTypeLabel('PayPal')).toBe('PayPal');
  });
  it('shows order times in AEST in Australia and GMT/BST in the UK', () => {
    expect(orderTimeZoneLabel('2026-01-10T03:00:00Z', 'AU')).toBe('AEST');
    expect(formatOrderDateTime('2026-01-10T03:04:00Z', 'AU')).toBe('10/01/2026 1:04 pm');
    expect(orderTimeZoneLabel('2026-01-10T03:00:00Z', 'UK')).toBe('GMT');
    expect(orderTimeZoneLabel('2026-07-10T03:00:00Z', 'UK')).toBe('BST');
    expect(formatOrderDateTime('2026-07-10T13:04:00Z', 'UK')).toBe('10/07/2026 2:04 pm');
  });
});
