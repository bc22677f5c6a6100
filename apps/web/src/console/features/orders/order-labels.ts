import {
  type ConsoleOrder,
  type ConsoleOrderState,
  formatOrderDate,
  formatOrderDateTime,
  type Region,
} from '@shop/contract';
import type { ConsoleOrdersFilter } from './api/orders-list';

/** The orders page's filters, in words. */
export const FILTER_LABELS: Record<ConsoleOrdersFilter, string> = {
  open: 'Open',
  ready: 'Ready for pickup',
  dispatched: 'Dispatched',
  collected: 'Collected',
  cancelled: 'Cancelled',
  all: 'All',
};

/** Where a store's part of an order stands, in words. */
export const STATE_LABELS: Record<ConsoleOrderState, string> = {
  open: 'Open',
  ready: 'Ready for pickup',
  dispatched: 'Dispatched',
  collected: 'Collected',
  cancelled: 'Cancelled',
};

/** 'Pickup', or 'Postage (Express)'. */
export function methodLabel(order: Pick<ConsoleOrder, 'Method' | 'Service'>): string {
  if (order.Method === 'pickup') return 'Pickup';
  return order.Service ? `Postage (${order.Service})` : 'Postage';
}

/** Items still in the store's shipment (cancelled ones are not counted). */
export function liveItemCount(order: Pick<ConsoleOrder, 'Lines'>): number {
  return order.Lines.filter((line) => !line.Cancelled).length;
}

export function itemsLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** The console's dates are the shop's order dates: the region's zone, day first. */
export const consoleDate = (iso: string, region: Region) => formatOrderDate(iso, region);
export const consoleDateTime = (iso: string, region: Region) => formatOrderDateTime(iso, region);

/** The region's carrier, used when the dispatch form's carrier is left empty. */
export const DEFAULT_CARRIER: Record<Region, string> = { AU: 'Australia Post', UK: 'Royal Mail' };

/**
 * What cancelling a line gives back when paid online: its price after discount, and the
 * shipment's postage too when it is the last item left. (The server works out the exact sum; with
 * the order's very last item it also returns anything else left of the payment.)
 */
export function expectedRefundMinor(order: ConsoleOrder, code: string): number {
  const line = order.Lines.find((l) => l.Code === code);
  if (!line || !order.Payment.PaidOnline) return 0;
  const last = liveItemCount(order) === 1 && !line.Cancelled;
  return line.PriceMinor - line.DiscountMinor + (last ? order.Totals.PostageMinor : 0);
}
