import { COLLECT_BY_LABEL, formatCollectBy, formatMoney, PICKUP_ID_TEXT, type Region } from '@shop/contract';
import type { StoreRow } from '../../db/schema.js';
import { escapeHtml } from '../../lib/rich-text.js';
import { openingHoursOf } from './collect-by.js';
import { toOrderAddress } from './orders.mapper.js';
import type { OrderShipment } from './orders.service.js';

/**
 * What a shopper needs to collect a pickup, as one block of an e-mail (plain text and escaped
 * HTML): the store's name and address with a map link, its phone and opening hours, the collect-by
 * date (in the store's time zone, worded as on the pages), the amount to pay when paying in store,
 * and what ID to bring. The order confirmation and the ready-for-pickup e-mail both use it, so
 * they say the same thing. Pure.
 */
export interface MailBlock {
  /** Lines of the plain-text body; '' separates paragraphs. */
  text: string[];
  html: string[];
}

const LABEL_STYLE = 'margin:12px 0 4px;font-weight:bold';
const BOX_STYLE = 'border:1px solid #dddddd;border-radius:6px;padding:12px 16px;margin:16px 0';

/** The pickup's address lines as kept on the shipment (the store's address when the order was placed). */
export function pickupAddressLines(shipment: Pick<OrderShipment, 'address'>, region: Region): string[] {
  const a = toOrderAddress(shipment.address, '');
  const town =
    region === 'AU'
      ? [a.suburb, a.state, a.postCode].filter(Boolean).join(' ')
      : [[a.suburb, a.state].filter(Boolean).join(', '), a.postCode].filter(Boolean).join(' ');
  return [a.line1, a.line2, town].filter((line) => line.trim() !== '');
}

/** A plain Google Maps search for the store's name and address (no key, opens the app on a phone). */
export function mapLink(storeName: string, addressLines: string[]): string {
  const query = [storeName, ...addressLines].join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** "Tuesday 1 December, 5:30 pm" in the store's zone, or null for a shipment without one (placed before it was kept). */
export function collectByDate(shipment: Pick<OrderShipment, 'collect_by' | 'collect_by_zone'>): string | null {
  if (shipment.collect_by === null || shipment.collect_by_zone === null) return null;
  return formatCollectBy(new Date(Number(shipment.collect_by)).toISOString(), shipment.collect_by_zone);
}

/** "Collect by Tuesday 1 December, 5:30 pm", or null. */
export function collectByText(shipment: Pick<OrderShipment, 'collect_by' | 'collect_by_zone'>): string | null {
  const date = collectByDate(shipment);
  return date === null ? null : `${COLLECT_BY_LABEL} ${date}`;
}

export function pickupBlock(input: {
  shipment: Pick<OrderShipment, 'store_name' | 'address' | 'collect_by' | 'collect_by_zone'>;
  store: StoreRow | null;
  region: Region;
  /** Pay in store: what to pay at the counter; null when paid online. */
  toPayMinor: number | null;
}): MailBlock {
  const { shipment, store, region } = input;
  const lines = pickupAddressLines(shipment, region);
  const map = mapLink(shipment.store_name, lines);
  const hours = openingHoursOf(store).map((h) => ({ day: h.Day, hours: h.Hours }));
  const collectBy = collectByText(shipment);
  const pay = input.toPayMinor === null ? null : `Pay ${formatMoney(input.toPayMinor, region)} when you collect.`;
  const phone = store?.phone ? `Phone: ${store.phone}` : null;
  const text = [
    `Collect from ${shipment.store_name}:`,
    ...lines,
    `Map: ${map}`,
    ...(phone ? [phone] : []),
    '',
    ...(hours.length > 0 ? ['Opening hours:', ...hours.map((h) => `  ${h.day}: ${h.hours}`), ''] : []),
    ...(collectBy ? [`${collectBy}.`] : []),
    ...(pay ? [pay] : []),
    PICKUP_ID_TEXT[region],
    '',
  ];
  const hoursTable =
    hours.length > 0
      ? `<p style="${LABEL_STYLE}">Opening hours</p><table role="presentation" cellpadding="0" cellspacing="0" border="0" style="font-size:15px;line-height:1.5">${hours
          .map(
            (h) =>
              `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(h.day)}</td><td style="padding:2px 0">${escapeHtml(h.hours)}</td></tr>`,
          )
          .join('')}</table>`
      : '';
  const html = [
    `<div style="${BOX_STYLE}">`,
    `<p style="margin:0 0 4px;font-weight:bold">Collect from ${escapeHtml(shipment.store_name)}</p>`,
    `<p style="margin:0">${lines.map(escapeHtml).join('<br>')}</p>`,
    `<p style="margin:4px 0"><a href="${escapeHtml(map)}">View on a map</a>${phone ? ` &middot; ${escapeHtml(phone)}` : ''}</p>`,
    hoursTable,
    collectBy ? `<p style="margin:12px 0 4px;font-size:17px"><strong>${escapeHtml(collectBy)}</strong></p>` : '',
    pay ? `<p style="margin:4px 0">${escapeHtml(pay)}</p>` : '',
    `<p style="margin:4px 0">${escapeHtml(PICKUP_ID_TEXT[region])}</p>`,
    '</div>',
  ];
  return { text, html: [html.join('')] };
}
