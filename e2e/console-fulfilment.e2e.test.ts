import type { ProductDetail } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  ApiShopper,
  addToCartByApi,
  detailFields,
  expectNoSidewaysScroll,
  fillDetails,
  newShopper,
  openCheckout,
  outbox,
  waitForStep,
} from './support/checkout.js';
import { STAFF, tabTo } from './support/console.js';
import { apiCaller, orderPageFromMail, placePickupOrder } from './support/orders.js';
import { axeViolations, openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/** Eway's modal (the sandbox's page in a frame): a test card the sandbox approves. */
async function payByCard(page: Page): Promise<void> {
  const frame = page.frameLocator('iframe[title="Eway payment (sandbox)"]');
  await frame.getByLabel('Name on card').fill('Ada Lovelace');
  await frame.getByLabel('Card number').fill('4444 3333 2222 1111');
  await frame.getByLabel('Expiry month').fill('12');
  await frame.getByLabel('Expiry year').fill(String((new Date().getFullYear() + 2) % 100));
  await frame.getByLabel('CVN').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
}

/** 'dd/mm/yyyy' today in the AU shop's order zone (Brisbane), as order pages show dates. */
function todayInAu(): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Brisbane',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

/**
 * The store console's fulfilment: an order placed in the shop with postage is marked
 * dispatched by the store's staff and the shopper sees it with the tracking link; a pickup is
 * marked ready then collected (paid in store); the orders list and an order page pass axe and work
 * by keyboard alone. One server (AU, Eway's sandbox for the card payment postage needs).
 */
describe('store console fulfilment', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'Eway', REGION: 'AU', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );
  const base = () => shop.server.baseUrl;
  let staffPage: Page | undefined;
  /** Errors the staff member's page raised. */
  let staffProblems: string[] = [];
  let store: { Id: number; Name: string };
  const items: ProductDetail[] = [];
  /** An item of the store nobody has bought yet. */
  const nextItem = () => {
    const item = items.shift();
    if (!item) throw new Error('no items left');
    return item;
  };

  /** The staff member's browser, signed in through the console's guard (once), on the store's orders. */
  async function openConsole(): Promise<Page> {
    if (staffPage) return staffPage;
    const staff = await ApiShopper.start(base());
    expect(
      (await staff.call('POST', '/c3api/account/login', { Email: STAFF.email, Password: STAFF.password })).status,
    ).toBe(200);
    const me = await staff.call<{ Stores: { Id: number; Name: string; Region: string }[] }>('GET', '/c3api/console/me');
    const first = me.body.Value.Stores.find((s) => s.Region === 'AU');
    if (!first) throw new Error('the demo staff runs no AU store');
    store = first;
    items.length = 0;
    // The store's items on sale that can be collected and posted, from its stock list and each
    // item's product page data (the cart takes the product's id).
    const stock = await staff.call<{ Items: { Code: string; Postable: boolean; PriceMinor: number }[] }>(
      'GET',
      `/c3api/console/stores/${store.Id}/items?status=available&pageSize=100`,
    );
    for (const candidate of stock.body.Value.Items.filter((i) => i.Postable && i.PriceMinor < 40_000)) {
      if (items.length === 5) break;
      const product = (await (await fetch(`${base()}/c3api/product/query?code=${candidate.Code}`)).json()) as {
        Value: ProductDetail;
      };
      const item = product.Value;
      if (item.ShippingCost !== null && !item.DisableInStorePickup) items.push(item);
    }
    // One for each journey below, and spares for a retried one.
    expect(items.length, `postable items of ${store.Name}`).toBeGreaterThanOrEqual(3);
    // bypassCSP: axe's script is added to the page.
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop, { bypassCSP: true });
    staffProblems = problems;
    await page.goto(`${base()}/store-console/stores/${store.Id}/orders`);
    await page.waitForURL((url) => url.pathname === '/login');
    const form = page.getByRole('form', { name: 'Sign in with your email address' });
    await form.getByLabel('Email').fill(STAFF.email);
    await form.getByLabel('Password').fill(STAFF.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    staffPage = page;
    return page;
  }

  const orderUrl = (reference: string) => `${base()}/store-console/stores/${store.Id}/orders/${reference}`;

  it("a posted order is marked dispatched in the console; the shopper's order detail shows the date and the tracking link", async () => {
    const desk = await openConsole();
    const item = nextItem();
    const shopper = newShopper('AU', 'Grace');

    // The shopper buys it in the shop with Australia Post, paying by card.
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await addToCartByApi(page, base(), item.Id);
    await openCheckout(page, base());
    await fillDetails(page, 'AU', shopper, 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Australia Post/ }).check();
    await page.getByText('Loading postage costs...').waitFor({ state: 'hidden' });
    await page.getByRole('radio', { name: /^Regular/ }).check();
    await page
      .getByRole('complementary', { name: 'Order summary' })
      .getByText('Includes postage', { exact: true })
      .waitFor();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^Credit or debit card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await payByCard(page);
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    const reference = ((await page.locator('.confirmation__reference strong').textContent()) ?? '').trim();
    expect(reference).toMatch(/^ORD-/);

    // The store finds it among its open orders, with what to do next, and dispatches it.
    await desk.goto(`${base()}/store-console/stores/${store.Id}/orders`);
    const row = desk.getByRole('listitem').filter({ has: desk.getByRole('link', { name: reference }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Pack the items and dispatch them with a tracking number');
    await screenshot(desk, 'console-orders-desktop');
    await row.getByRole('link', { name: reference }).click();
    await desk.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    const form = desk.getByRole('form', { name: 'Mark dispatched' });
    // Checked before it is sent: a tracking number is needed, a link must be a web address.
    await form.getByRole('button', { name: 'Mark dispatched' }).click();
    await form.getByText('Please enter the tracking number').waitFor();
    await screenshot(desk, 'console-dispatch-form-desktop');
    const tracking = `33AB${Date.now() % 1_000_000}`;
    const trackingUrl = `https://auspost.com.au/mypost/track/details/${tracking}`;
    await form.getByLabel('Tracking number').fill(tracking);
    await form.getByLabel('Tracking URL (optional)').fill(trackingUrl);
    await form.getByRole('button', { name: 'Mark dispatched' }).click();
    await desk.getByText(`Marked dispatched (tracking number ${tracking}). The shopper has been e-mailed.`).waitFor();
    expect(await desk.locator('.console-state').textContent()).toBe('Dispatched');
    expect(await desk.getByRole('form', { name: 'Mark dispatched' }).count()).toBe(0);
    await screenshot(desk, 'console-order-dispatched-desktop');

    // The shopper opens the order from the e-mail: dispatched today, with the tracking link.
    const link = await orderPageFromMail(base(), shopper.email, reference);
    await page.goto(link);
    const footer = page.locator('.order-shipping');
    await footer.getByText(`Dispatched ${todayInAu()}`).waitFor();
    const trackingLink = footer.getByRole('link', { name: new RegExp(tracking) });
    expect(await trackingLink.getAttribute('href')).toBe(trackingUrl);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a pickup paid in store is marked ready (the shopper is e-mailed), then collected with the payment recorded', async () => {
    const desk = await openConsole();
    const shopper = newShopper('AU', 'Ada');
    const reference = await placePickupOrder(apiCaller(await ApiShopper.start(base())), 'AU', [nextItem().Id], shopper);

    await desk.goto(orderUrl(reference));
    await desk.getByRole('button', { name: 'Mark ready for pickup' }).click();
    await desk.getByText('Marked ready for pickup. The shopper has been e-mailed.').waitFor();
    expect(await desk.locator('.console-state').textContent()).toBe('Ready for pickup');
    await expect
      .poll(async () => (await outbox(base())).some((m) => m.To === shopper.email && /ready/i.test(m.Subject)))
      .toBe(true);

    const collect = desk.getByRole('button', { name: /^Mark collected, \$[\d,.]+ paid$/ });
    const label = (await collect.textContent()) ?? '';
    const total = /\$[\d,.]+/.exec(label)?.[0] ?? '';
    await collect.click();
    // A dialog asks for the photo ID check and the payment taken before anything is recorded.
    const dialog = desk.getByRole('dialog', { name: 'Mark collected?' });
    await dialog.getByRole('checkbox', { name: /checked the customer's photo ID/ }).check();
    await dialog.getByRole('checkbox', { name: `I have taken the payment of ${total}` }).check();
    await dialog.getByRole('button', { name: 'Mark collected' }).click();
    await desk.getByText(`Marked collected. Payment of ${total} taken in store recorded.`).waitFor();
    expect(await desk.locator('.console-state').textContent()).toBe('Collected');
    expect(await desk.getByRole('region', { name: 'Totals and payment' }).textContent()).toContain(
      `Paid in store${total}`,
    );

    // The audit trail says who did it.
    await desk.getByRole('link', { name: 'Back to the orders' }).click();
    await desk.getByRole('link', { name: 'Audit trail' }).click();
    const entry = desk.getByRole('listitem').filter({ hasText: `Marked collected on ${reference}` });
    expect(await entry.textContent()).toContain(`by ${STAFF.email}`);
    await screenshot(desk, 'console-audit-desktop');
  });

  it('the orders list and an order page pass axe, fit a phone, and work with Tab and Enter alone', async () => {
    const page = await openConsole();
    const item = nextItem();
    const reference = await placePickupOrder(
      apiCaller(await ApiShopper.start(base())),
      'AU',
      [item.Id],
      newShopper('AU', 'Alan'),
    );
    // The staff member's page at a phone's width.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${base()}/store-console/stores/${store.Id}/orders`);
    await page.getByRole('link', { name: reference }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page, 'the orders list on a phone');
    await screenshot(page, 'console-orders-phone');

    // Keyboard only: Tab to the order and open it with Enter.
    await tabTo(page, reference, 80);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page, 'an order page on a phone');
    await screenshot(page, 'console-order-phone');

    // The cancel confirmation opens and closes from the keyboard, and passes axe too.
    await tabTo(page, `Cancel item: ${item.Title} (${item.Code})`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this item?' });
    await dialog.waitFor();
    // The dialog fades in: axe reads its colours once it is fully shown.
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-cancel-item-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Mark ready with Enter: the message takes the focus.
    await tabTo(page, 'Mark ready for pickup');
    await page.keyboard.press('Enter');
    const message = page.getByText('Marked ready for pickup. The shopper has been e-mailed.');
    await message.waitFor();
    await screenshot(page, 'console-order-ready-phone');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('console-outcome');
    expect(staffProblems).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);
  });
});
