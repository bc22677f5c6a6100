import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  ApiShopper,
  addToCartByApi,
  detailFields,
  expectNoSidewaysScroll,
  expressItem,
  fillDetails,
  MANUAL_ADDRESS,
  newShopper,
  openCheckout,
  searchItems,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const NOTICE = 'You have an unfinished payment for this item';
const WIDE = { width: 1440, height: 900 };

/** The notice after coming back: the item is the shopper's (no changes dialog saying it is gone, a real total). */
async function expectNoticeNotSold(page: Page, symbol: string): Promise<void> {
  await page.getByRole('heading', { name: NOTICE }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await page.getByText(/no longer available/i).count()).toBe(0);
  const total = (await page.locator('.checkout-summary__total strong').textContent()) ?? '';
  expect(total.startsWith(symbol)).toBe(true);
  expect(total).not.toBe(`${symbol}0.00`);
}

/** Another shopper still cannot take the held item. */
async function expectHeld(base: string, productId: number): Promise<void> {
  const other = await ApiShopper.start(base);
  const add = await other.call('POST', `/c3api/cart/add?productId=${productId}`);
  expect(add.status).toBe(400);
}

/** An item that can be collected in store (the search's first that can). */
async function pickupItem(base: string, query: string) {
  const items = await searchItems(base, `${query}&NumberOfResults=48`);
  const item = items.find((i) => !i.DisableInStorePickup && !i.ItemUnavailableAsStoreDisabledPickup);
  if (!item) throw new Error(`no item to collect for ${query} (${items.length} found)`);
  return item;
}

function ewayFrame(page: Page) {
  return page.frameLocator('iframe[title="Eway payment (sandbox)"]');
}

/**
 * A payment interrupted is not an item lost. AU: Eway's card window open, then a reload (what a
 * phone does when the shopper comes back from their banking app): the notice offers Resume payment,
 * which opens Eway's window again for the same order, and paying there confirms it.
 */
describe('an interrupted card payment (AU, Eway)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'Eway', REGION: 'AU', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('reload with the card window open, then Resume payment pays the same order (phone)', async () => {
    const base = shop.server.baseUrl;
    const item = await pickupItem(base, 'query=camera');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    await fillDetails(page, 'AU', newShopper('AU'), 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Store pickup/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^Credit or debit card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await ewayFrame(page).getByLabel('Card number').waitFor();

    // The phone reloads the page while Eway's window is open.
    await page.reload();
    await expectNoticeNotSold(page, '$');
    await expectHeld(base, item.Id);
    await expectNoSidewaysScroll(page, 'the unfinished-payment notice');
    await screenshot(page, 'payment-resume-au-notice-390');

    await page.getByRole('button', { name: 'Resume payment' }).click();
    await waitForStep(page, 3, 'Payment options');
    await expectNoSidewaysScroll(page, 'the resumed payment');
    await screenshot(page, 'payment-resume-au-resumed-390');
    const resumed = page.waitForResponse((r) => r.url().includes('/c3api/checkout/payment/resume'));
    await page.getByRole('button', { name: 'Place order' }).click();
    expect((await resumed).status()).toBe(200);
    const frame = ewayFrame(page);
    await frame.getByLabel('Name on card').fill('Ada Lovelace');
    await frame.getByLabel('Card number').fill('4444 3333 2222 1111');
    await frame.getByLabel('Expiry month').fill('12');
    await frame.getByLabel('Expiry year').fill(String((new Date().getFullYear() + 2) % 100));
    await frame.getByLabel('CVN').fill('123');
    await frame.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    expect(problems).toEqual([]);
  });
});

/**
 * UK: Global Payments' card frame open, then a reload: Start again cancels the open payment and
 * gives the item back at once (another shopper could now take it). And a PayPal window left open
 * when the browser closed: back at the checkout, Resume payment opens PayPal again for the same
 * order and approving it confirms the order.
 */
describe('an interrupted payment (UK, Global Payments and PayPal)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'GlobalPay,PayPal', REGION: 'UK', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('reload with the card frame open, then Start again releases the item (desktop, and the notice on a phone)', async () => {
    const base = shop.server.baseUrl;
    const item = await pickupItem(base, 'query=camera');
    const { page, problems } = await openPage(shop.browser, WIDE);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    await fillDetails(page, 'UK', newShopper('UK', 'Grace'), 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Collect in store/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^Credit or debit card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page
      .frameLocator('iframe[title="Secure card payment by Global Payments"]')
      .getByRole('heading', { name: /^Pay / })
      .waitFor();

    await page.reload();
    await expectNoticeNotSold(page, '£');
    await expectHeld(base, item.Id);
    await screenshot(page, 'payment-resume-uk-notice-1440');
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoSidewaysScroll(page, 'the notice on a phone');
    await screenshot(page, 'payment-resume-uk-notice-390');
    await page.setViewportSize(WIDE);

    await page.getByRole('button', { name: 'Start again' }).click();
    await page.getByRole('heading', { name: NOTICE }).waitFor({ state: 'detached' });
    const other = await ApiShopper.start(base);
    expect((await other.call('POST', `/c3api/cart/add?productId=${item.Id}`)).status).toBe(200);
    expect(problems).toEqual([]);
  });

  it('a PayPal window left open when the browser closed: Resume payment opens the same PayPal order (desktop)', async () => {
    const base = shop.server.baseUrl;
    const item = await expressItem(base, 'UK', 'query=camera', MANUAL_ADDRESS.UK, 3000);
    const context = await shop.browser.newContext({ viewport: WIDE });
    const first = await context.newPage();
    await first.goto(`${base}/`);
    await addToCartByApi(first, base, item.Id);
    await openCheckout(first, base);
    await fillDetails(first, 'UK', newShopper('UK', 'Ada'), 'manual');
    await detailFields(first).continue.click();
    await waitForStep(first, 2, 'Delivery options');
    await first.getByRole('radio', { name: /^Postage/ }).check();
    await first.getByText('Loading postage costs...').waitFor({ state: 'hidden' });
    await first.getByRole('radio', { name: /^Regular/ }).check();
    await first.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(first, 3, 'Payment options');
    await first.getByRole('radio', { name: /^PayPal/ }).check();
    const button = first.locator('#paypal-buttons').getByRole('button', { name: 'PayPal (SANDBOX)' });
    const placed = first.waitForResponse((r) => r.url().includes('/c3api/checkout/purchase/process'));
    const [popup] = await Promise.all([first.waitForEvent('popup'), button.click()]);
    const token = ((await (await placed).json()) as { Value: { Token: string } }).Value.Token;
    await popup.waitForURL(/\/paypal\/checkoutnow\?token=/);

    // The browser closes with PayPal's window open; the shopper comes back later.
    await first.close();
    await popup.close();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${base}/checkout/`);
    await expectNoticeNotSold(page, '£');
    await expectHeld(base, item.Id);

    await page.getByRole('button', { name: 'Resume payment' }).click();
    await waitForStep(page, 3, 'Payment options');
    const again = page.locator('#paypal-buttons').getByRole('button', { name: 'PayPal (SANDBOX)' });
    await again.waitFor();
    const [second] = await Promise.all([page.waitForEvent('popup'), again.click()]);
    await second.waitForURL(/\/paypal\/checkoutnow\?token=/);
    expect(new URL(second.url()).searchParams.get('token')).toBe(token);
    await second.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
