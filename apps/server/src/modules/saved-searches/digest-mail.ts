import { formatMoney, type Region } from '@shop/contract';
import { escapeHtml } from '../../lib/rich-text.js';

/** One item of a digest, as the mail shows it. */
export interface DigestItem {
  code: string;
  title: string;
  storeName: string;
  priceMinor: number;
  /** The price before a reduction listed by this digest (shown struck through), or null. */
  wasMinor: number | null;
  /** Absolute links: the product page, and its picture at 300 px. */
  url: string;
  imageUrl: string | null;
}

export interface DigestMailInput {
  region: Region;
  searchName: string;
  items: DigestItem[];
  /** How many new matches there are in all (more than the items shown when over the limit). */
  total: number;
  /** Absolute link to every result of the search (/search-results?{query}). */
  resultsUrl: string;
  unsubscribeUrl: string;
  /** Absolute link to the shopper's saved searches. */
  manageUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const WIDTH = 600;
const FONT = 'font-family:Arial,Helvetica,sans-serif';

/**
 * A saved search's digest: plain text and HTML (every value escaped), a 600-pixel single column that
 * mail clients lay out with tables, a picture (with alt text and a fixed width), title, price (was
 * and now when reduced) and store for each item, a link to all results, and the unsubscribe link.
 */
export function renderDigestMail(input: DigestMailInput): RenderedMail {
  const { region, searchName, items, total } = input;
  const subject =
    total === 1
      ? `1 new match for your saved search ‘${searchName}’`
      : `${total} new matches for your saved search ‘${searchName}’`;
  const intro =
    total > items.length
      ? `Here are the newest ${items.length} of ${total} items listed or reduced in price since your last alert.`
      : `${total === 1 ? 'This item was' : 'These items were'} listed or reduced in price since your last alert.`;
  const price = (item: DigestItem) =>
    item.wasMinor !== null && item.wasMinor > item.priceMinor
      ? `Was ${formatMoney(item.wasMinor, region)}, now ${formatMoney(item.priceMinor, region)}`
      : formatMoney(item.priceMinor, region);

  const text = [
    subject,
    '',
    intro,
    '',
    ...items.flatMap((item) => [item.title, `${price(item)} · ${item.storeName}`, item.url, '']),
    `See all results: ${input.resultsUrl}`,
    '',
    `You receive this because you saved the search ‘${searchName}’. Manage your saved searches: ${input.manageUrl}`,
    `Unsubscribe from these alerts: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');

  const itemRows = items
    .map((item) => {
      const picture = item.imageUrl
        ? `<img src="${escapeHtml(item.imageUrl)}" alt="${escapeHtml(item.title)}" width="120" height="120" style="display:block;width:120px;height:120px;object-fit:cover;border:0" />`
        : `<div style="width:120px;height:120px;background:#eeeeee"></div>`;
      const priceHtml =
        item.wasMinor !== null && item.wasMinor > item.priceMinor
          ? `<s style="color:#666666">${escapeHtml(formatMoney(item.wasMinor, region))}</s> <strong style="color:#b00020">${escapeHtml(formatMoney(item.priceMinor, region))}</strong>`
          : `<strong>${escapeHtml(formatMoney(item.priceMinor, region))}</strong>`;
      return `<tr>
<td width="136" valign="top" style="padding:12px 16px 12px 0;width:136px"><a href="${escapeHtml(item.url)}">${picture}</a></td>
<td valign="top" style="padding:12px 0;${FONT};font-size:15px;line-height:1.4;color:#222222;word-break:break-word;overflow-wrap:anywhere">
<a href="${escapeHtml(item.url)}" style="color:#1d4e89;text-decoration:none;font-weight:bold">${escapeHtml(item.title)}</a><br />
<span style="font-size:16px">${priceHtml}</span><br />
<span style="color:#555555;font-size:13px">${escapeHtml(item.storeName)}</span>
</td>
</tr>`;
    })
    .join('\n');

  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4">
<tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${WIDTH}px;background:#ffffff;table-layout:fixed">
<tr><td style="padding:20px 24px 8px;${FONT}">
<h1 style="margin:0;font-size:20px;line-height:1.3;color:#222222;word-break:break-word;overflow-wrap:anywhere">${escapeHtml(subject)}</h1>
<p style="margin:8px 0 0;font-size:14px;color:#444444">${escapeHtml(intro)}</p>
</td></tr>
<tr><td style="padding:0 24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;table-layout:fixed">
${itemRows}
</table>
</td></tr>
<tr><td align="center" style="padding:16px 24px;${FONT}">
<a href="${escapeHtml(input.resultsUrl)}" style="display:inline-block;padding:12px 20px;background:#0b6e4f;color:#ffffff;text-decoration:none;font-weight:bold;border-radius:4px">See all results</a>
</td></tr>
<tr><td style="padding:12px 24px 20px;${FONT};font-size:12px;line-height:1.5;color:#666666;border-top:1px solid #dddddd">
You receive this because you saved the search ‘${escapeHtml(searchName)}’. <a href="${escapeHtml(input.manageUrl)}" style="color:#1d4e89">Manage your saved searches</a>.<br />
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1d4e89">Unsubscribe from these alerts</a>
</td></tr>
</table>
</td></tr>
</table>`;
  return { subject, text, html };
}
