import { formatMoney } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { MailService } from '../mail/mail.service.js';
import type { OrderLinks } from '../orders/order-links.js';
import type { Order, OrdersService } from '../orders/orders.service.js';
import type { StoresService } from '../stores/stores.service.js';

export interface OrderMailDependencies {
  orders: OrdersService;
  stores: StoresService;
  mail: MailService;
  links: OrderLinks;
}

interface OrderCustomer {
  EmailAddress?: string;
  FirstName?: string;
  LastName?: string;
  PhoneNumber?: string;
}

/**
 * The shopper's confirmation and one message per store involved, queued in the caller's
 * transaction (the outbox): so they leave exactly when the order is confirmed, once. Read back from
 * the order as written, so placement (pay in store) and a finished online payment say the same.
 */
export async function queueOrderMails(ctx: Ctx, deps: OrderMailDependencies, order: Order): Promise<void> {
  const money = (minor: number) => formatMoney(minor, ctx.region);
  const customer = JSON.parse(order.customer) as OrderCustomer;
  const payInStore = order.payment_option === 'Generic';
  const shipments = await deps.orders.shipments(ctx, order.id);
  const lines = await deps.orders.lines(ctx, order.id);
  const linesOf = (shipmentId: number) =>
    lines.filter((l) => l.shipment_id === shipmentId).map((l) => `  ${l.code}  ${l.title}  ${money(l.price_minor)}`);
  const summary = shipments.flatMap((s) => [
    `${s.store_name} (${s.method === 'pickup' ? 'collect in store' : 'posted'}):`,
    ...linesOf(s.id),
  ]);
  const howItEnds = payInStore
    ? 'Each store holds your items for 3 days: pay when you collect them.'
    : 'Your payment is complete. Each store will let you know when your items are ready to collect or on their way.';
  await deps.mail.queue(ctx, {
    to: order.email,
    subject: `Your order ${order.reference}`,
    text: [
      `Hello ${customer.FirstName ?? ''},`,
      '',
      `Thank you for your order ${order.reference}. ${howItEnds}`,
      '',
      ...summary,
      '',
      ...(order.postage_minor > 0 ? [`Postage: ${money(order.postage_minor)}`] : []),
      ...(order.discount_minor > 0 ? [`Discount: -${money(order.discount_minor)}`] : []),
      `Total: ${money(order.total_minor)}`,
      '',
      `See your order: ${deps.links.confirmationUrl(order)}`,
    ].join('\n'),
  });
  for (const shipment of shipments) {
    const store = await deps.stores.storeById(ctx, shipment.store_id);
    if (!store) continue;
    const instruction =
      shipment.method === 'postage'
        ? `Paid online. Please post these items (${shipment.service ?? 'Regular'}) to the address in the order.`
        : payInStore
          ? 'The shopper pays when collecting. Please hold these items for 3 days.'
          : 'Paid online. Please hold these items for the shopper to collect.';
    await deps.mail.queue(ctx, {
      to: store.email,
      replyTo: order.email,
      subject: `New order ${order.reference}: ${shipment.method === 'pickup' ? 'to collect' : 'to post'}`,
      text: [
        `Order ${order.reference} for ${customer.FirstName ?? ''} ${customer.LastName ?? ''} (${customer.PhoneNumber ?? ''}):`,
        ...linesOf(shipment.id),
        '',
        instruction,
      ].join('\n'),
    });
  }
}
