import type { Fulfilment, OrderStatus } from '../../db/tables/orders.js';

/** What a shopper is told of an order (history, detail, the dashboard tile): shown as received. */
export type OrderStatusLabel =
  | 'Awaiting payment'
  | 'Processing'
  | 'Ready for pickup'
  | 'Partly dispatched'
  | 'Dispatched'
  | 'Completed'
  | 'Cancelled'
  | 'Refunded'
  | 'Expired';

/** One shipment as the label needs it. */
export interface ShipmentProgress {
  method: 'pickup' | 'postage';
  fulfilment: Fulfilment;
}

/** A pickup is done when collected; a parcel when dispatched (we never learn of its delivery). */
function done(shipment: ShipmentProgress): boolean {
  return shipment.method === 'pickup' ? shipment.fulfilment === 'collected' : shipment.fulfilment === 'dispatched';
}

/**
 * THE mapping from an order and its shipments to the status label shoppers see (one decision that
 * the history, the order's page and the status e-mails share; nothing else computes one). For a
 * confirmed order, first match wins:
 * 1. every shipment a pickup, all collected: 'Completed' (a parcel on its way is not complete for
 *    the shopper: we never learn of its delivery, so an order with parcels ends 'Dispatched');
 * 2. any pickup ready: 'Ready for pickup' (the shopper has something to do);
 * 3. every parcel dispatched: 'Dispatched'; some: 'Partly dispatched';
 * 4. otherwise (nothing has left yet, or only some pickups were collected): 'Processing'.
 * Shipments the store cancelled entirely (every item) are left out of 1-4.
 * The other statuses name themselves: 'Awaiting payment', 'Cancelled' (by the shop, or a
 * pay-in-store order not collected in time), 'Refunded' (cancelled and paid back), 'Expired'.
 */
export function orderStatusLabel(status: OrderStatus, shipments: readonly ShipmentProgress[]): OrderStatusLabel {
  switch (status) {
    case 'pending_payment':
      return 'Awaiting payment';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      return 'Expired';
    case 'confirmed':
      break;
  }
  // A shipment whose every item the store cancelled is no part of what the shopper waits for.
  const going = shipments.filter((s) => s.fulfilment !== 'cancelled');
  const parcels = going.filter((s) => s.method === 'postage');
  if (going.length > 0 && parcels.length === 0 && going.every(done)) return 'Completed';
  if (going.some((s) => s.method === 'pickup' && s.fulfilment === 'ready_for_pickup')) return 'Ready for pickup';
  const dispatched = parcels.filter(done).length;
  if (parcels.length > 0 && dispatched === parcels.length) return 'Dispatched';
  if (dispatched > 0) return 'Partly dispatched';
  return 'Processing';
}

/**
 * The same from per-order counts (the history's one query per page counts shipments by state
 * rather than reading them): rebuilds the shipments the counts describe.
 */
export function labelFromCounts(
  status: OrderStatus,
  counts: {
    pickupOpen: number;
    pickupReady: number;
    pickupCollected: number;
    postageOpen: number;
    postageDispatched: number;
  },
): OrderStatusLabel {
  const repeat = (n: number, shipment: ShipmentProgress) => Array.from({ length: n }, () => shipment);
  return orderStatusLabel(status, [
    ...repeat(counts.pickupOpen, { method: 'pickup', fulfilment: 'open' }),
    ...repeat(counts.pickupReady, { method: 'pickup', fulfilment: 'ready_for_pickup' }),
    ...repeat(counts.pickupCollected, { method: 'pickup', fulfilment: 'collected' }),
    ...repeat(counts.postageOpen, { method: 'postage', fulfilment: 'open' }),
    ...repeat(counts.postageDispatched, { method: 'postage', fulfilment: 'dispatched' }),
  ]);
}
