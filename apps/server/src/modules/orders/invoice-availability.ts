import type { OrderStatus } from '../../db/tables/orders.js';

/**
 * Whether an order has a tax invoice (a VAT receipt in the UK): GST invoices are enabled, the
 * order is confirmed (paid, or placed to pay in store, and not since cancelled, refunded or
 * expired), and at least one of its stores is registered for GST/VAT (only those issue one).
 * Order detail shows 'Print Receipt' exactly when this holds; GET /c3api/invoice answers 404
 * otherwise.
 */
export function hasTaxInvoice(
  order: { status: OrderStatus },
  storesRegistered: readonly boolean[],
  gstInvoicesEnabled: boolean,
): boolean {
  return gstInvoicesEnabled && order.status === 'confirmed' && storesRegistered.some(Boolean);
}
