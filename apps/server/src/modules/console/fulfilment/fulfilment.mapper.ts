import {
  type ConsoleOrder,
  type ConsoleOrderAction,
  type ConsoleOrderState,
  formatMoney,
  type Region,
} from '@shop/contract';
import { decide } from '../../orders/fulfilment-machine.js';
import { customerNameOf, toOrderAddress } from '../../orders/orders.mapper.js';
import type { Order, OrderLine, OrderShipment } from '../../orders/orders.service.js';

/** A store's shipment of an order, with the order's fields the console shows and the shipment's lines. */
export interface StoreShipmentView {
  order: Pick<Order, 'id' | 'reference' | 'status' | 'payment_option' | 'email' | 'customer' | 'created_at'>;
  shipment: OrderShipment;
  lines: OrderLine[];
  /** Lines whose refund the provider refused or could not be asked for (their last refund event an error). */
  failedRefunds?: ReadonlySet<number>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const ACTIONS: ConsoleOrderAction[] = ['ready', 'collect', 'dispatch', 'cancel-item'];

/** Where the store's part of the order stands for the console. */
export function consoleStateOf(order: Pick<Order, 'status'>, shipment: Pick<OrderShipment, 'fulfilment'>) {
  const f = shipment.fulfilment;
  if (f === 'cancelled' || f === 'dispatched' || f === 'collected') return f satisfies ConsoleOrderState;
  if (order.status !== 'confirmed') return 'cancelled' satisfies ConsoleOrderState;
  return f === 'ready_for_pickup' ? 'ready' : 'open';
}

function phoneOf(order: Pick<Order, 'customer'>): string {
  try {
    const phone = (JSON.parse(order.customer) as { PhoneNumber?: unknown }).PhoneNumber;
    return typeof phone === 'string' ? phone : '';
  } catch {
    return '';
  }
}

/** The shipment in the console's shape; what it may do next comes from the state machine. */
export function toConsoleOrder(
  { order, shipment, lines, failedRefunds }: StoreShipmentView,
  region: Region,
): ConsoleOrder {
  const money = (minor: number) => formatMoney(minor, region);
  const confirmed = order.status === 'confirmed';
  const state = consoleStateOf(order, shipment);
  const payInStore = order.payment_option === 'Generic';
  const live = lines.filter((l) => l.cancelled_at === null);
  const itemsMinor = live.reduce((sum, l) => sum + l.price_minor, 0);
  const discountMinor = live.reduce((sum, l) => sum + l.discount_minor, 0);
  const postageMinor = live.length > 0 ? Number(shipment.postage_minor) : 0;
  const totalMinor = itemsMinor - discountMinor + postageMinor;
  const refundedMinor = lines.reduce((sum, l) => sum + Number(l.refund_minor ?? 0), 0);
  const canCancel = confirmed && decide(shipment.method, shipment.fulfilment, 'cancel-item').kind === 'move';
  const actions = confirmed
    ? ACTIONS.filter(
        (a) => a !== 'cancel-item' && decide(shipment.method, shipment.fulfilment, a).kind === 'move',
      ).concat(canCancel && live.length > 0 ? ['cancel-item'] : [])
    : [];
  const address = toOrderAddress(shipment.address, '');
  return {
    Reference: order.reference,
    PlacedAt: new Date(Number(order.created_at)).toISOString(),
    State: state,
    Method: shipment.method,
    Service: shipment.service,
    NextStep: nextStep(state, shipment.method, payInStore, money(totalMinor)),
    Actions: actions,
    Customer: { Name: customerNameOf(order), Email: order.email, Phone: phoneOf(order) },
    Address: {
      BusinessName: address.businessName,
      Line1: address.line1,
      Line2: address.line2,
      Suburb: address.suburb,
      State: address.state,
      PostCode: address.postCode,
    },
    Payment: {
      Option: order.payment_option,
      PaidOnline: !payInStore,
      PaidInStoreAt: iso(shipment.paid_in_store_at),
      PaidInStoreMinor: shipment.paid_in_store_minor === null ? null : Number(shipment.paid_in_store_minor),
      PaidInStore: shipment.paid_in_store_minor === null ? null : money(Number(shipment.paid_in_store_minor)),
    },
    Lines: lines.map((l) => ({
      Code: l.code,
      Title: l.title,
      ItemType: l.item_type,
      PriceMinor: l.price_minor,
      Price: money(l.price_minor),
      DiscountMinor: l.discount_minor,
      Cancelled: l.cancelled_at !== null,
      CancelledAt: iso(l.cancelled_at),
      RefundMinor: l.refund_minor === null ? null : Number(l.refund_minor),
      Refund: l.refund_minor === null ? null : money(Number(l.refund_minor)),
      RefundFailed: failedRefunds?.has(l.id) ?? false,
      CanCancel: canCancel && l.cancelled_at === null,
    })),
    Totals: {
      ItemsMinor: itemsMinor,
      Items: money(itemsMinor),
      DiscountMinor: discountMinor,
      Discount: money(discountMinor),
      PostageMinor: postageMinor,
      Postage: money(postageMinor),
      TotalMinor: totalMinor,
      Total: money(totalMinor),
      RefundedMinor: refundedMinor,
      Refunded: money(refundedMinor),
    },
    Carrier: shipment.carrier,
    TrackingNumber: shipment.tracking_number,
    TrackingUrl: shipment.tracking_url,
    ReadyAt: iso(shipment.ready_at),
    DispatchedAt: iso(shipment.dispatched_at),
    CollectedAt: iso(shipment.collected_at),
  };
}

function nextStep(state: ConsoleOrderState, method: 'pickup' | 'postage', payInStore: boolean, total: string): string {
  switch (state) {
    case 'open':
      return method === 'postage'
        ? 'Pack the items and dispatch them with a tracking number'
        : 'Get the items ready, then mark them ready for pickup (the shopper is e-mailed)';
    case 'ready':
      return payInStore
        ? `Hand the items over when the shopper comes, take ${total}, and mark them collected`
        : 'Hand the items over when the shopper comes (paid online), and mark them collected';
    case 'dispatched':
      return 'Nothing to do: dispatched';
    case 'collected':
      return 'Nothing to do: collected';
    case 'cancelled':
      return 'Nothing to do: cancelled';
  }
}
