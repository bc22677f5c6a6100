import { formatMoney, type Region, storeNameWithState } from '@shop/contract';
import { escapeHtml } from '../../lib/rich-text.js';
import { productImageUrl, productUrl } from '../catalogue/catalogue.mapper.js';
import type { MailMessage } from '../mail/mail.service.js';
import { mailFrame } from '../mail/mail-layout.js';

/** One wishlisted item the alert tells about: its price came down, or it sold. */
export interface AlertItem {
  code: string;
  slug: string;
  title: string;
  storeName: string;
  storeState: string;
  imageCount: number;
  change: { kind: 'sold' } | { kind: 'reduced'; wasMinor: number; nowMinor: number };
}

export interface WishlistAlertMailInput {
  to: string;
  items: AlertItem[];
  region: Region;
  /** Absolute: the shop's address, e.g. https://shop.example. */
  publicUrl: string;
  /** Absolute: the signed one-click unsubscribe link. */
  unsubscribeUrl: string;
}

/** The store as cards name it: 'Fyshwick, ACT'; in the UK 'Lewisham, Greater London' (not the county code). */
function storeOf(item: AlertItem, region: Region): string {
  return storeNameWithState({ name: item.storeName, state: item.storeState, region });
}

function priceLine(item: AlertItem, region: Region): string {
  if (item.change.kind === 'sold') return 'Sold';
  return `Was ${formatMoney(item.change.wasMinor, region)}, now ${formatMoney(item.change.nowMinor, region)}`;
}

/**
 * The wishlist alert: every changed item with its picture, was/now price or 'Sold', and a link to
 * it; a link to the wishlist; the unsubscribe link, also as List-Unsubscribe and
 * List-Unsubscribe-Post headers (RFC 8058 one-click). Every value from the catalogue is escaped.
 */
export function wishlistAlertMail(input: WishlistAlertMailInput): MailMessage {
  const { items, region, publicUrl } = input;
  const reduced = items.filter((i) => i.change.kind === 'reduced').length;
  const sold = items.length - reduced;
  const parts = [
    reduced > 0 ? `${reduced} price drop${reduced === 1 ? '' : 's'}` : null,
    sold > 0 ? `${sold} sold` : null,
  ].filter((p): p is string => p !== null);
  const wishlistUrl = `${publicUrl}/wishlist`;
  const text = [
    'Hello,',
    '',
    'Some items on your wishlist have changed:',
    '',
    ...items.flatMap((item) => [
      `${item.title} (${storeOf(item, region)})`,
      `  ${priceLine(item, region)}`,
      `  ${publicUrl}${productUrl(item.code, item.slug)}`,
      '',
    ]),
    `See your wishlist: ${wishlistUrl}`,
    '',
    `To stop wishlist alerts, open ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = mailFrame(
    [
      '<p>Hello,</p>',
      '<p>Some items on your wishlist have changed:</p>',
      '<ul>',
      ...items.map((item) => {
        const link = `${publicUrl}${productUrl(item.code, item.slug)}`;
        const picture =
          item.imageCount > 0
            ? `<img src="${escapeHtml(`${publicUrl}${productImageUrl(item.code, 1, 300)}`)}" alt="${escapeHtml(item.title)}" width="150" style="width:150px;max-width:100%;height:auto"><br>`
            : '';
        return [
          '<li>',
          picture,
          `<a href="${escapeHtml(link)}"><strong>${escapeHtml(item.title)}</strong></a><br>`,
          `${escapeHtml(storeOf(item, region))}<br>`,
          item.change.kind === 'sold'
            ? '<strong>Sold</strong>'
            : `<strong>${escapeHtml(priceLine(item, region))}</strong>`,
          '</li>',
        ].join('');
      }),
      '</ul>',
      `<p><a href="${escapeHtml(wishlistUrl)}">See your wishlist</a></p>`,
      `<p>Don't want these e-mails? <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe from wishlist alerts</a></p>`,
    ].join(''),
  );
  return {
    to: input.to,
    subject: `Wishlist alert: ${parts.join(', ')}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
