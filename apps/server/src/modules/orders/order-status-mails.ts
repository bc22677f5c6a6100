import { formatMoney, type Region } from '@shop/contract';
import type { StoreRow } from '../../db/schema.js';
import { escapeHtml, safeLinkUrl } from '../../lib/rich-text.js';
import type { MailMessage } from '../mail/mail.service.js';
import { mailFrame } from '../mail/mail-layout.js';
import { POSTAGE_CARRIER, toOrderAddress } from './orders.mapper.js';
import type { Order, OrderLine, OrderShipment } from './orders.service.js';
import { pickupBlock } from './pickup-mail.js';

/**
 * The shopper's e-mails after the sale: ready for pickup, dispatched, cancelled and refunded. Each
 * is a plain-text message with an HTML alternative in which every value is escaped (the outbox
 * sanitises it again); each links to the order's page with its signed key, which opens it for a
 * guest and for a customer alike. Pure: the fulfilment service queues what these return.
 */

interface Paragraphs {
  /** Lines of the plain-text body; '' separates paragraphs. */
  text: string[];
  html: string[];
}

function firstNameOf(order: Order): string {
  try {
    const customer = JSON.parse(order.customer) as { FirstName?: unknown };
    return typeof customer.FirstName === 'string' ? customer.FirstName.trim() : '';
  } catch {
    return '';
  }
}

function greeting(order: Order): Paragraphs {
  const name = firstNameOf(order);
  const line = name ? `Hello ${name},` : 'Hello,';
  return { text: [line, ''], html: [`<p>${escapeHtml(line)}</p>`] };
}

function itemList(lines: OrderLine[], region: Region): Paragraphs {
  const rows = lines.map((l) => ({
    code: l.code,
    title: l.title,
    price: formatMoney(l.price_minor - l.discount_minor, region),
  }));
  return {
    text: [...rows.map((r) => `  ${r.code}  ${r.title}  ${r.price}`), ''],
    html: [
      `<ul>${rows.map((r) => `<li>${escapeHtml(r.title)} (${escapeHtml(r.code)}) ${escapeHtml(r.price)}</li>`).join('')}</ul>`,
    ],
  };
}

function orderLink(url: string): Paragraphs {
  return {
    text: [`See your order: ${url}`],
    html: [`<p><a href="${escapeHtml(url)}">See your order</a> at any time.</p>`],
  };
}

function join(subject: string, to: string, ...parts: Paragraphs[]): MailMessage {
  return {
    to,
    subject,
    text: parts.flatMap((p) => p.text).join('\n'),
    html: mailFrame(parts.flatMap((p) => p.html).join('')),
  };
}

function paragraph(...lines: string[]): Paragraphs {
  return { text: [...lines, ''], html: [`<p>${lines.map(escapeHtml).join('<br>')}</p>`] };
}

function addressLines(json: string, region: Region): string[] {
  const a = toOrderAddress(json, '');
  const town =
    region === 'AU'
      ? [a.suburb, a.state, a.postCode].filter(Boolean).join(' ')
      : [[a.suburb, a.state].filter(Boolean).join(', '), a.postCode].filter(Boolean).join(' ');
  return [a.businessName, a.line1, a.line2, town].filter((line) => line.trim() !== '');
}

export interface StatusMailInput {
  order: Order;
  region: Region;
  /** `${PUBLIC_URL}/my-account/orders/{REF}?key={key}` */
  orderUrl: string;
}

/**
 * "Your items are ready to collect": the pickup block (the store's address with a map link, phone,
 * opening hours, the collect-by date, what to pay and what ID to bring).
 */
export function readyForPickupMail(
  input: StatusMailInput & { shipment: OrderShipment; lines: OrderLine[]; store: StoreRow | null },
): MailMessage {
  const { order, shipment, store, region } = input;
  const payInStore = order.payment_option === 'Generic';
  const toPay = input.lines.reduce(
    (sum, l) => sum + (l.cancelled_at === null ? l.price_minor - l.discount_minor : 0),
    0,
  );
  return join(
    `Your order ${order.reference} is ready to collect from ${shipment.store_name}`,
    order.email,
    greeting(order),
    paragraph(`Your items from ${shipment.store_name} are ready to collect (order ${order.reference}):`),
    itemList(input.lines, region),
    pickupBlock({ shipment, store, region, toPayMinor: payInStore ? toPay : null }),
    ...(payInStore ? [] : [paragraph('You have already paid.')]),
    orderLink(input.orderUrl),
  );
}

/** "Your order is on its way": the carrier and service, the tracking number and, when known, the tracking link. */
export function dispatchedMail(input: StatusMailInput & { shipment: OrderShipment; lines: OrderLine[] }): MailMessage {
  const { order, shipment, region } = input;
  const trackingUrl = safeLinkUrl(shipment.tracking_url);
  const absolute = trackingUrl !== null && /^https?:\/\//i.test(trackingUrl) ? trackingUrl : null;
  const tracking: Paragraphs = shipment.tracking_number
    ? {
        text: [
          `Tracking number: ${shipment.tracking_number}`,
          ...(absolute ? [`Track your parcel: ${absolute}`] : []),
          '',
        ],
        html: [
          absolute
            ? `<p>Tracking number: <a href="${escapeHtml(absolute)}">${escapeHtml(shipment.tracking_number)}</a></p>`
            : `<p>Tracking number: ${escapeHtml(shipment.tracking_number)}</p>`,
        ],
      }
    : { text: [], html: [] };
  return join(
    `Your order ${order.reference} is on its way from ${shipment.store_name}`,
    order.email,
    greeting(order),
    paragraph(
      // The carrier the store named at dispatch; else the region's (the service the shopper chose).
      shipment.carrier
        ? `${shipment.store_name} has posted your items (order ${order.reference}) with ${shipment.carrier}:`
        : `${shipment.store_name} has posted your items (order ${order.reference}) with ${POSTAGE_CARRIER[region]} ${shipment.service ?? 'Regular'}:`,
    ),
    itemList(input.lines, region),
    tracking,
    paragraph('They are on their way to:', ...addressLines(shipment.address, region)),
    orderLink(input.orderUrl),
  );
}

/**
 * The order was cancelled by the shop. Paid online: the amount is being refunded; paid in store:
 * nothing was charged.
 */
export function cancelledMail(
  input: StatusMailInput & { refundedMinor: number | null; lines: OrderLine[] },
): MailMessage {
  const { order, region } = input;
  const refunded = input.refundedMinor !== null;
  const money = (minor: number) => formatMoney(minor, region);
  return join(
    refunded
      ? `Your order ${order.reference} has been cancelled and refunded`
      : `Your order ${order.reference} has been cancelled`,
    order.email,
    greeting(order),
    paragraph(
      `We are sorry: your order ${order.reference} has been cancelled. These items will not be sent or held for you:`,
    ),
    itemList(input.lines, region),
    refunded
      ? paragraph(
          `We are refunding ${money(input.refundedMinor ?? 0)} to the card or account you paid with. It can take a few business days to appear.`,
        )
      : paragraph(`Order total: ${money(order.total_minor)}. You chose to pay in store, so nothing was charged.`),
    orderLink(input.orderUrl),
  );
}

/**
 * One item of the order was cancelled by its store. Paid online: what is being refunded for it (its
 * price, and the store's postage when nothing else was coming from that store); paid in store:
 * nothing was charged for it.
 */
export function itemCancelledMail(
  input: StatusMailInput & { line: OrderLine; storeName: string; refundedMinor: number | null },
): MailMessage {
  const { order, region, line } = input;
  const money = (minor: number) => formatMoney(minor, region);
  return join(
    `An item of your order ${order.reference} has been cancelled`,
    order.email,
    greeting(order),
    paragraph(
      `We are sorry: ${input.storeName} has cancelled this item of your order ${order.reference}. It will not be sent or held for you:`,
    ),
    itemList([line], region),
    input.refundedMinor !== null
      ? paragraph(
          `We are refunding ${money(input.refundedMinor)} to the card or account you paid with. It can take a few business days to appear.`,
        )
      : paragraph('You chose to pay in store, so nothing was charged for it.'),
    paragraph(`Your order's total is now ${money(order.total_minor)}.`),
    orderLink(input.orderUrl),
  );
}
