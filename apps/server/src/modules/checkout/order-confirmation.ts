import { formatMoney, type OrderConfirmationValue } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { type OrderLinks, orderForViewer } from '../orders/order-links.js';
import { toCollectBy } from '../orders/orders.mapper.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { StoresService } from '../stores/stores.service.js';

/**
 * An order for its confirmation page: to its customer, or to anyone holding the signed key from
 * the confirmation URL or the order e-mail. Anyone else (or a wrong key) gets 404, never 403.
 */
export async function orderConfirmation(
  ctx: Ctx,
  deps: { orders: OrdersService; stores: StoresService; links: OrderLinks },
  reference: string,
  key: string | undefined,
): Promise<OrderConfirmationValue> {
  const { order } = await orderForViewer(ctx, deps, reference, key);
  const money = (minor: number) => ({ Amount: minor, Display: formatMoney(minor, ctx.region) });
  const lines = await deps.orders.lines(ctx, order.id);
  const shipments = await deps.orders.shipments(ctx, order.id);
  const stores: OrderConfirmationValue['Stores'] = [];
  for (const shipment of shipments) {
    const store = await deps.stores.storeById(ctx, shipment.store_id);
    const address = JSON.parse(shipment.address) as {
      Line1?: string;
      Suburb?: string;
      State?: string;
      PostCode?: string;
    };
    stores.push({
      StoreName: shipment.store_name,
      Method: shipment.method,
      Address: {
        Line1: address.Line1 ?? '',
        Line2:
          ctx.region === 'AU'
            ? [address.Suburb, address.State, address.PostCode].filter(Boolean).join(' ')
            : [[address.Suburb, address.State].filter(Boolean).join(', '), address.PostCode].filter(Boolean).join(' '),
      },
      OpeningHours: store ? (JSON.parse(store.opening_hours) as { Day: string; Hours: string }[]) : [],
      Phone: store?.phone ?? '',
      Postage: money(shipment.postage_minor),
      Items: lines
        .filter((line) => line.shipment_id === shipment.id)
        .map((line) => ({ Code: line.code, DisplayName: line.title, Price: money(line.price_minor) })),
      CollectBy: shipment.method === 'pickup' ? toCollectBy(shipment) : null,
    });
  }
  return {
    Reference: order.reference,
    Status: order.status,
    OrderDate: new Date(Number(order.created_at)).toISOString(),
    PaymentOption: order.payment_option,
    DeliveryOption: order.delivery_option,
    Email: order.email,
    Stores: stores,
    ItemsTotal: money(order.items_minor),
    PostageTotal: money(order.postage_minor),
    Discount: money(order.discount_minor),
    Total: money(order.total_minor),
    HoldUntil: order.payment_option === 'Generic' ? new Date(Number(order.hold_expires_at)).toISOString() : null,
  };
}
