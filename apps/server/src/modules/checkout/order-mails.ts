import { formatMoney } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { escapeHtml } from '../../lib/rich-text.js';
import type { MailService } from '../mail/mail.service.js';
import { mailFrame } from '../mail/mail-layout.js';
import type { OrderLinks } from '../orders/order-links.js';
import type { Order, OrdersService } from '../orders/orders.service.js';
import { collectByDate, type MailBlock, pickupBlock } from '../orders/pickup-mail.js';
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
 * The shopper's is plain text with an HTML alternative (every value escaped; the outbox sanitises
 * it again) in which each pickup has its block: where, map, hours, collect-by, what to bring.
 */
export async function queueOrderMails(ctx: Ctx, deps: OrderMailDependencies, order: Order): Promise<void> {
  const money = (minor: number) => formatMoney(minor, ctx.region);
  const customer = JSON.parse(order.customer) as OrderCustomer;
  const payInStore = order.payment_option === 'Generic';
  const shipments = await deps.orders.shipments(ctx, order.id);
  const lines = await deps.orders.lines(ctx, order.id);
  const linesOf = (shipmentId: number) => lines.filter((l) => l.shipment_id === shipmentId);
  const lineText = (shipmentId: number) =>
    linesOf(shipmentId).map((l) => `  ${l.code}  ${l.title}  ${money(l.price_minor)}`);
  const stores = new Map<number, Awaited<ReturnType<StoresService['storeById']>>>();
  for (const s of shipments) stores.set(s.store_id, await deps.stores.storeById(ctx, s.store_id));
  const howItEnds = payInStore
    ? 'Each store holds your items until the collect-by time below: pay when you collect them.'
    : 'Your payment is complete. Each store will let you know when your items are ready to collect or on their way.';
  const greeting = `Hello ${customer.FirstName ?? ''},`;
  const intro = `Thank you for your order ${order.reference}. ${howItEnds}`;
  const parts: MailBlock[] = shipments.map((s) => {
    const heading = `${s.store_name} (${s.method === 'pickup' ? 'collect in store' : 'posted'}):`;
    const items: MailBlock = {
      text: [heading, ...lineText(s.id)],
      html: [
        `<p style="margin:16px 0 4px"><strong>${escapeHtml(heading)}</strong></p><ul>${linesOf(s.id)
          .map((l) => `<li>${escapeHtml(l.title)} (${escapeHtml(l.code)}) ${escapeHtml(money(l.price_minor))}</li>`)
          .join('')}</ul>`,
      ],
    };
    if (s.method !== 'pickup') return items;
    const toPay = linesOf(s.id).reduce((sum, l) => sum + l.price_minor - l.discount_minor, 0);
    const block = pickupBlock({
      shipment: s,
      store: stores.get(s.store_id) ?? null,
      region: ctx.region,
      toPayMinor: payInStore ? toPay : null,
    });
    return { text: [...items.text, '', ...block.text], html: [...items.html, ...block.html] };
  });
  const totals = [
    ...(order.postage_minor > 0 ? [`Postage: ${money(order.postage_minor)}`] : []),
    ...(order.discount_minor > 0 ? [`Discount: -${money(order.discount_minor)}`] : []),
    `Total: ${money(order.total_minor)}`,
  ];
  const url = deps.links.confirmationUrl(order);
  await deps.mail.queue(ctx, {
    to: order.email,
    subject: `Your order ${order.reference}`,
    text: [
      greeting,
      '',
      intro,
      '',
      ...parts.flatMap((p) => [...p.text, '']),
      ...totals,
      '',
      `See your order: ${url}`,
    ].join('\n'),
    html: mailFrame(
      [
        `<p>${escapeHtml(greeting)}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        ...parts.flatMap((p) => p.html),
        `<p>${totals.map(escapeHtml).join('<br>')}</p>`,
        `<p><a href="${escapeHtml(url)}">See your order</a> at any time.</p>`,
      ].join(''),
    ),
  });
  for (const shipment of shipments) {
    const store = stores.get(shipment.store_id);
    if (!store) continue;
    const collectBy = collectByDate(shipment);
    const holdFor = collectBy ? `until ${collectBy} (the shopper's collect-by)` : 'for 3 days';
    const instruction =
      shipment.method === 'postage'
        ? `Paid online. Please post these items (${shipment.service ?? 'Regular'}) to the address in the order.`
        : payInStore
          ? `The shopper pays when collecting. Please hold these items ${holdFor}.`
          : `Paid online. Please hold these items for the shopper to collect${collectBy ? ` by ${collectBy}` : ''}.`;
    await deps.mail.queue(ctx, {
      to: store.email,
      replyTo: order.email,
      subject: `New order ${order.reference}: ${shipment.method === 'pickup' ? 'to collect' : 'to post'}`,
      text: [
        `Order ${order.reference} for ${customer.FirstName ?? ''} ${customer.LastName ?? ''} (${customer.PhoneNumber ?? ''}):`,
        ...lineText(shipment.id),
        '',
        instruction,
      ].join('\n'),
    });
  }
}
