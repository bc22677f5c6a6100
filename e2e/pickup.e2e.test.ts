import path from 'node:path';
import {
  formatCollectBy,
  type OrderConfirmationValue,
  PICKUP_ID_TEXT,
  type ProductDetail,
  type Region,
} from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshot } from './support/browser.js';
import { ApiShopper, expectNoSidewaysScroll, newShopper, orderLinkFromMail } from './support/checkout.js';
import { STAFF } from './support/console.js';
import { apiCaller, orderPageFromMail, placePickupOrder } from './support/orders.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

interface OutboxMail {
  To: string;
  Subject: string;
  TextBody: string;
  HtmlBody: string | null;
}

/**
 * Pickup keeps its promise, in both regions: a pickup order's "Collect by" is the store's closing
 * time on the last day of its window in the store's zone, worded the same on the confirmation page,
 * the order page and the order e-mail (an HTML message with the address, a map link, the hours and
 * the photo ID to bring); in the console, Mark collected asks for the ID check (and the payment
 * taken, paid in store) in a dialog before it records anything.
 */
describe.each(['AU', 'UK'] as const)('pickup in %s', (region: Region) => {
  const shop = useShop({ REGION: region, DEV_MAILBOX: 'true' }, { host: 'localhost' });
  const base = () => shop.server.baseUrl;

  /** The demo staff member's first store of the region and one of its items a shopper can collect. */
  async function storeAndItem(): Promise<{ storeId: number; item: ProductDetail }> {
    const staff = await ApiShopper.start(base());
    expect(
      (await staff.call('POST', '/c3api/account/login', { Email: STAFF.email, Password: STAFF.password })).status,
    ).toBe(200);
    const me = await staff.call<{ Stores: { Id: number; Region: string }[] }>('GET', '/c3api/console/me');
    const store = me.body.Value.Stores.find((s) => s.Region === region);
    if (!store) throw new Error(`the demo staff runs no ${region} store`);
    const stock = await staff.call<{ Items: { Code: string }[] }>(
      'GET',
      `/c3api/console/stores/${store.Id}/items?status=available&pageSize=50`,
    );
    for (const candidate of stock.body.Value.Items) {
      const reply = (await (await fetch(`${base()}/c3api/product/query?code=${candidate.Code}`)).json()) as {
        Value: ProductDetail;
      };
      if (!reply.Value.DisableInStorePickup) return { storeId: store.Id, item: reply.Value };
    }
    throw new Error('no item to collect');
  }

  async function signInToConsole(page: Page, path: string): Promise<void> {
    await page.goto(`${base()}${path}`);
    await page.waitForURL((url) => url.pathname === '/login');
    const form = page.getByRole('form', { name: 'Sign in with your email address' });
    await form.getByLabel('Email').fill(STAFF.email);
    await form.getByLabel('Password').fill(STAFF.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }

  it('shows one collect-by everywhere, e-mails the pickup details, and asks for the ID check before collection', async () => {
    const { storeId, item } = await storeAndItem();
    const shopper = newShopper(region, 'Ada');
    const reference = await placePickupOrder(apiCaller(await ApiShopper.start(base())), region, [item.Id], shopper);

    // The server's collect-by: an instant and the store's zone, at a closing time of the store's week.
    const link = await orderLinkFromMail(base(), shopper.email, reference);
    const key = new URL(link).searchParams.get('key') ?? '';
    const confirmation = (await (
      await fetch(`${base()}/c3api/checkout/confirmation?reference=${reference}&key=${encodeURIComponent(key)}`)
    ).json()) as { Value: OrderConfirmationValue };
    const store = confirmation.Value.Stores[0];
    const collectBy = store?.CollectBy;
    if (!store || !collectBy) throw new Error('the pickup has no collect-by');
    expect(collectBy.TimeZone).toMatch(region === 'AU' ? /^Australia\// : /^Europe\/London$/);
    const words = formatCollectBy(collectBy.At, collectBy.TimeZone);
    const [weekday, , , time] = words.replace(',', '').split(' ');
    const hours = store.OpeningHours.find((row) => row.Day === weekday)?.Hours.replace(/\s/g, '') ?? '';
    expect(hours.endsWith((time ?? '').concat(words.endsWith('pm') ? 'pm' : 'am')), `${words} vs ${hours}`).toBe(true);
    const collectByText = `Collect by ${words}`;

    // The confirmation page (the e-mail's link), on a phone and a wide screen.
    for (const viewport of [PHONE, WIDE]) {
      const { page, problems } = await openPage(shop.browser, viewport);
      await page.goto(link);
      const card = page.getByRole('region', { name: store.StoreName });
      await card.getByText(words, { exact: true }).waitFor();
      const next = page.getByRole('region', { name: 'What happens next' });
      // In the region's words once the site's settings are in.
      await next.getByText(PICKUP_ID_TEXT[region]).waitFor();
      expect(await next.textContent()).toContain(collectByText);
      await expectNoSidewaysScroll(page, `confirmation at ${viewport.width}`);
      await screenshot(page, `pickup-confirmation-${region}-${viewport.width}`);

      // The order page says the same.
      await page.goto(await orderPageFromMail(base(), shopper.email, reference));
      const footer = page.locator('.order-shipping');
      await footer.getByText('Customer Pickup').waitFor();
      expect(await footer.textContent()).toContain(collectByText);
      await expectNoSidewaysScroll(page, `order page at ${viewport.width}`);
      await screenshot(page, `pickup-order-page-${region}-${viewport.width}`);
      expect(problems).toEqual([]);
      await page.close();
    }

    // The order e-mail: plain text and HTML, with the same words, the map link and the ID to bring.
    const mails = ((await (await fetch(`${base()}/c3api/dev/outbox`)).json()) as { Value: { Messages: OutboxMail[] } })
      .Value.Messages;
    const mail = mails.find((m) => m.To === shopper.email && m.Subject === `Your order ${reference}`);
    for (const body of [mail?.TextBody, mail?.HtmlBody]) {
      expect(body).toContain(collectByText);
      expect(body).toContain(PICKUP_ID_TEXT[region]);
    }
    expect(mail?.HtmlBody).toContain('https://www.google.com/maps/search/?api=1&amp;query=');
    expect(mail?.HtmlBody).toContain('Opening hours');
    // As a mail client lays it out: it fits a phone.
    for (const viewport of [PHONE, WIDE]) {
      const { page } = await openPage(shop.browser, viewport);
      await page.setContent(mail?.HtmlBody ?? '');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `pickup-mail-${region}-${viewport.width}.png`),
        fullPage: true,
      });
      await page.close();
    }

    // The console: ready, then Mark collected opens a dialog that needs its boxes ticked.
    const { page: desk, problems } = await openPage(shop.browser, WIDE);
    await signInToConsole(desk, `/store-console/stores/${storeId}/orders/${reference}`);
    await desk.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    await desk.getByRole('button', { name: 'Mark ready for pickup' }).click();
    await desk.getByText('Marked ready for pickup. The shopper has been e-mailed.').waitFor();
    await desk.getByRole('button', { name: /^Mark collected, [$£][\d,.]+ paid$/ }).click();
    const dialog = desk.getByRole('dialog', { name: 'Mark collected?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Mark collected' });
    expect(await confirm.isDisabled()).toBe(true);
    // Once its fade-in is over, as staff see it.
    await desk.waitForFunction(
      () => getComputedStyle(document.querySelector('dialog[open]') as Element).opacity === '1',
    );
    await screenshot(desk, `pickup-collect-dialog-${region}-1440`);
    await desk.setViewportSize(PHONE);
    await screenshot(desk, `pickup-collect-dialog-${region}-390`);
    await dialog.getByRole('checkbox', { name: /checked the customer's photo ID matches the order name/ }).check();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /^I have taken the payment of [$£][\d,.]+$/ }).check();
    await confirm.click();
    await desk.getByText(/^Marked collected\. Payment of [$£][\d,.]+ taken in store recorded\.$/).waitFor();
    expect(await desk.locator('.console-state').textContent()).toBe('Collected');
    expect(problems).toEqual([]);
    await desk.close();
  });
});
