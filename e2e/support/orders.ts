import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Region } from '@shop/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOT_DIR } from './browser.js';
import { type ApiShopper, outbox, payInStorePickupBody, type Shopper } from './checkout.js';

/** A call with someone's cookies: the browser page's own, or an ApiShopper's. */
export type Caller = (
  method: string,
  urlPath: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: { Value: unknown; Message: string | null } | null }>;

/** Calls with the page's cookies (its session, visitor and anti-forgery cookies), echoing the token. */
export function pageCaller(page: Page, baseUrl: string): Caller {
  return async (method, urlPath, body, headers = {}) => {
    await page.request.get(`${baseUrl}/c3api/site`);
    const token = (await page.context().cookies(baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: { 'X-XSRF-TOKEN': token, ...headers },
      ...(body === undefined ? {} : { data: body }),
    });
    const text = await response.text();
    return { status: response.status(), body: text ? JSON.parse(text) : null };
  };
}

export function apiCaller(shopper: ApiShopper): Caller {
  return (method, urlPath, body, headers) => shopper.call(method, urlPath, body, headers);
}

/**
 * Puts the items in the caller's cart and places an order for store pickup, paid in store (the
 * Generic option: the simplest order that is confirmed at once). Returns its public reference.
 */
export async function placePickupOrder(
  call: Caller,
  region: Region,
  productIds: number[],
  shopper: Shopper,
): Promise<string> {
  for (const id of productIds) {
    const added = await call('POST', `/c3api/cart/add?productId=${id}`);
    if (added.status !== 200) throw new Error(`could not add ${id}: ${JSON.stringify(added.body)}`);
  }
  const placed = await call('POST', '/c3api/checkout/purchase/process', payInStorePickupBody(region, shopper), {
    'Idempotency-Key': `e2e-orders-${productIds.join('-')}-${Date.now()}`,
  });
  const url = (placed.body?.Value as { ConfirmationUrl?: string } | null)?.ConfirmationUrl ?? '';
  const reference = /ORD-[0-9A-Z-]+/.exec(url)?.[0];
  if (placed.status !== 200 || !reference) {
    throw new Error(`the order was not placed: ${placed.status} ${JSON.stringify(placed.body)}`);
  }
  return reference;
}

/**
 * The order page a guest reaches from the order e-mail: its link to the order when the mail has
 * one, else the order page with the key of the mail's signed confirmation link (the same key opens
 * both).
 */
export async function orderPageFromMail(baseUrl: string, email: string, reference: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox(baseUrl)).find((m) => m.To === email && m.TextBody.includes(reference));
        const links = mail?.TextBody.match(/https?:\/\/\S+/g) ?? [];
        const detail = links.find((link) => link.includes(`/my-account/orders/${reference}`) && link.includes('key='));
        const signed = links.find((link) => link.includes(reference) && link.includes('key='));
        if (detail) found = detail;
        else if (signed) {
          const key = new URL(signed).searchParams.get('key') ?? '';
          found = `${baseUrl}/my-account/orders/${reference}?key=${encodeURIComponent(key)}`;
        }
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found;
}

export interface PrintedInvoice {
  pages: number;
  text: string;
  pictures: string[];
}

/**
 * Prints the page to PDF as Chromium does for print media on A4 (the page's own @page size and
 * margins), then reads it back with poppler-utils: the page count (pdfinfo), the text (pdftotext)
 * and one PNG per sheet at 60 dpi (pdftoppm) in e2e/screenshots, to be looked at.
 */
export async function printToPdf(page: Page, name: string): Promise<PrintedInvoice> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  const pdfPath = path.join(SCREENSHOT_DIR, `${name}.pdf`);
  writeFileSync(pdfPath, pdf);
  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  const prefix = path.join(SCREENSHOT_DIR, name);
  execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, prefix]);
  const pictures = Array.from({ length: pages }, (_, i) => {
    // pdftoppm numbers pages with as many digits as the last page's number needs.
    const digits = String(pages).length;
    return `${prefix}-${String(i + 1).padStart(digits, '0')}.png`;
  });
  return { pages, text, pictures };
}
