import {
  type CollectBy,
  formatMoney,
  type OrderAddress,
  type OrderDetailValue,
  type OrderSummary,
  orderTimeZoneLabel,
  type Region,
  type ShippingDetails,
} from '@shop/contract';
import type { Order, OrderLine, OrderShipment, OrderSummaryRow } from './orders.service.js';

/** Domain values of orders -> the contract's wire shapes (money formatted in the region's currency). */

/** The postage carrier's name per region: the option is shown as `${carrier} ${service}`. */
export const POSTAGE_CARRIER: Record<Region, string> = { AU: 'Australia Post', UK: 'Royal Mail' };
/** What a collected shipment's option is called on order detail (account.md section 2.3). */
export const CUSTOMER_PICKUP = 'Customer Pickup';

const iso = (epochMs: number | string) => new Date(Number(epochMs)).toISOString();

export function toOrderSummary(row: OrderSummaryRow, region: Region): OrderSummary {
  return {
    orderNumber: row.reference,
    orderDateTime: iso(row.createdAt),
    itemCount: row.itemCount,
    storeCount: row.storeCount,
    price: formatMoney(row.totalMinor, region),
    status: row.status,
  };
}

/** The address as kept on the shipment (checkout's AddressValue JSON), in the order detail's shape. */
export function toOrderAddress(json: string, customerName: string): OrderAddress {
  let value: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    // A snapshot that does not read leaves the fields empty rather than failing the page.
  }
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return {
    customerName,
    businessName: text('BusinessName'),
    line1: text('Line1'),
    line2: text('Line2'),
    suburb: text('Suburb'),
    state: text('State'),
    postCode: text('PostCode'),
  };
}

/** The customer's name as given at checkout (orders.customer JSON). */
export function customerNameOf(order: Pick<Order, 'customer'>): string {
  try {
    const customer = JSON.parse(order.customer) as { FirstName?: unknown; LastName?: unknown };
    return [customer.FirstName, customer.LastName]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(' ');
  } catch {
    return '';
  }
}

/** A pickup's collect-by as kept on its shipment (the instant and the store's zone); null when it has none. */
export function toCollectBy(shipment: Pick<OrderShipment, 'collect_by' | 'collect_by_zone'>): CollectBy | null {
  if (shipment.collect_by === null || shipment.collect_by_zone === null) return null;
  return { At: iso(shipment.collect_by), TimeZone: shipment.collect_by_zone };
}

/** A shipment's footer: the store's address for a pickup; the option, dispatch, tracking, address and cost for postage. */
export function toShippingDetails(
  shipment: OrderShipment,
  customerName: string,
  region: Region,
  orderLive = true,
): ShippingDetails {
  const pickup = shipment.method === 'pickup';
  const waiting = orderLive && (shipment.fulfilment === 'open' || shipment.fulfilment === 'ready_for_pickup');
  return {
    option: pickup ? CUSTOMER_PICKUP : `${POSTAGE_CARRIER[region]} ${shipment.service ?? 'Regular'}`,
    // A pickup's snapshot is the store's address (business name = the store); a parcel's, the shopper's.
    address: toOrderAddress(shipment.address, pickup ? '' : customerName),
    dispatchedDate: shipment.dispatched_at === null ? null : iso(shipment.dispatched_at),
    trackingUrl: shipment.tracking_url,
    trackingNumber: shipment.tracking_number,
    cost: formatMoney(Number(shipment.postage_minor), region),
    fulfilment: shipment.fulfilment,
    // Only while it waits to be collected: once collected or cancelled there is nothing to be late for.
    collectBy: pickup && waiting ? toCollectBy(shipment) : null,
  };
}

/**
 * An item row: the price before any discount, and the price paid when the line was discounted; an
 * item the store cancelled says so, with what its cancellation refunded.
 */
export function toOrderDetailItem(
  line: OrderLine,
  image: string | null,
  region: Region,
): OrderDetailValue['stores'][number]['items'][number] {
  const discounted = line.discount_minor > 0;
  return {
    id: line.code,
    displayName: line.title,
    image,
    itemType: line.item_type,
    price: formatMoney(line.price_minor, region),
    discountedPrice: discounted ? formatMoney(line.price_minor - line.discount_minor, region) : null,
    cancelled: line.cancelled_at !== null,
    refund: line.refund_minor === null ? null : formatMoney(Number(line.refund_minor), region),
  };
}

export function orderSummaryOf(
  order: Order,
  counts: { itemCount: number; storeCount: number },
  status: string,
  region: Region,
): OrderDetailValue['summary'] {
  const orderDateTime = iso(order.created_at);
  return {
    itemCount: counts.itemCount,
    storeCount: counts.storeCount,
    price: formatMoney(order.total_minor, region),
    orderDateTime,
    orderDateTimeZone: orderTimeZoneLabel(orderDateTime, region),
    status,
    discountAmount: formatMoney(order.discount_minor, region),
  };
}
