import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  addToCartByApi,
  cartButton,
  detailFields,
  expectNoSidewaysScroll,
  fillDetails,
  newShopper,
  openCheckout,
  twoStoreItems,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const FRAME_TITLE = 'Secure card payment by Global Payments';

/**
 * The UK card option through Global Payments' sandbox HPP in Chromium: the signed form posted into the frame
 * (another origin: the sandbox's port), the card typed there, the signed result posted to the shop, the frame's
 * message taking the shopper to the confirmation; and a declined card's message with the item given back.
 */
describe('GlobalPay (UK cards) in the browser', () => {
  const shop = useShop({ PAYMENT_PROVIDERS: 'GlobalPay', REGION: 'UK', DEV_MAILBOX: 'true' }, { host: 'localhost' });
  const base = () => shop.server.baseUrl;

  /** Steps 1 and 2 (collect in store), then the card option's Place order: the frame with the HPP's page. */
  async function toCardPage(page: Page, firstName: string, query: string) {
    const [item] = await twoStoreItems(base(), query);
    await addToCartByApi(page, base(), item.Id);
    await openCheckout(page, base());
    await fillDetails(page, 'UK', newShopper('UK', firstName), 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Collect in store/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^Credit or debit card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    const frame = page.frameLocator(`iframe[title="${FRAME_TITLE}"]`);
    await frame.getByRole('heading', { name: /^Pay / }).waitFor();
    return { item, frame };
  }

  async function payWith(frame: ReturnType<Page['frameLocator']>, card: string) {
    await frame.getByLabel('Card number').fill(card);
    await frame.getByLabel('Expiry (MM/YY)').fill('12/39');
    await frame.getByLabel('Security code').fill('123');
    await frame.getByRole('button', { name: 'Pay Now' }).click();
  }

  it('pays by card in the frame and lands on the confirmation (desktop)', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    const { frame } = await toCardPage(page, 'Grace', 'query=amp');
    const iframe = page.locator(`iframe[title="${FRAME_TITLE}"]`);
    expect(await iframe.getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms allow-same-origin allow-top-navigation',
    );
    // The HPP runs on the sandbox's own origin, not the shop's.
    const hpp = page.frames().find((f) => f.url().includes('/globalpay/pay'));
    expect(hpp && new URL(hpp.url()).origin).toBe(shop.server.sandboxUrl);
    await screenshot(page, 'payments-globalpay-card-page-desktop');
    await payWith(frame, '4263970000005262');
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    await page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    await screenshot(page, 'payments-globalpay-confirmation-desktop');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a declined card's message and frees the item; the frame fits a phone (mobile)", async () => {
    const { page, problems } = await openPage(shop.browser, { width: 320, height: 740 });
    const { item, frame } = await toCardPage(page, 'Ada', 'query=chair');
    await expectNoSidewaysScroll(page, 'GlobalPay frame at 320');
    await payWith(frame, '4000126842489127');
    await page.getByText('Your payment was declined. Please check with your card issuer.').waitFor();
    expect(await page.locator(`iframe[title="${FRAME_TITLE}"]`).count()).toBe(0);
    await screenshot(page, 'payments-globalpay-declined-mobile');
    // The item is back on sale: it can be added to another cart.
    const other = await openPage(shop.browser, VIEWPORTS.desktop);
    await addToCartByApi(other.page, base(), item.Id);
    await other.page.close();
    expect(problems).toEqual([]);
    await page.close();
  });
});
