import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  addToCartByApi,
  detailFields,
  expectNoSidewaysScroll,
  expressItem,
  fillDetails,
  MANUAL_ADDRESS,
  newShopper,
  openCheckout,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/** checkout.md section 8: a URL carrying an error shows the default error. */
const URL_ERROR = 'Sorry, an error has occurred, please try again soon.';
const PICKUP_MESSAGE = 'PayPal is not available for instore collection, please contact the store for more information.';

/** Step 2 by Australia Post to the billing address (Regular), then step 3 with PayPal chosen. */
async function toPayPal(page: Page) {
  await detailFields(page).continue.click();
  await waitForStep(page, 2, 'Delivery options');
  await page.getByRole('radio', { name: /^Australia Post/ }).check();
  await page.getByText('Loading postage costs...').waitFor({ state: 'hidden' });
  await page.getByRole('radio', { name: /^Regular/ }).check();
  await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
  await waitForStep(page, 3, 'Payment options');
  await page.getByRole('radio', { name: /^PayPal/ }).check();
  const button = page.locator('#paypal-buttons').getByRole('button', { name: 'PayPal (SANDBOX)' });
  await button.waitFor();
  return button;
}

/** Presses PayPal's button: the approval page opens in a popup; the test decides there. */
async function approvalPopup(page: Page, button: ReturnType<Page['locator']>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForURL(/\/paypal\/checkoutnow\?token=/);
  await popup.getByText('SANDBOX — no real money').first().waitFor();
  return popup;
}

/**
 * Paying with PayPal in the AU shop, in Chromium against the real server and the PayPal sandbox on
 * its own port: store pickup refuses PayPal with the spec's message; a declined wallet comes back
 * to the checkout with the error banner; approving captures on return and lands on the confirmation.
 */
describe('paying with PayPal (AU)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'PayPal', REGION: 'AU', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('refuses pickup, shows a decline, then pays through the sandbox and lands on the confirmation (phone)', async () => {
    const base = shop.server.baseUrl;
    const item = await expressItem(base, 'AU', 'query=camera', MANUAL_ADDRESS.AU, 3000);
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    await fillDetails(page, 'AU', newShopper('AU', 'Grace'), 'manual');

    // Store pickup: PayPal is offered but disabled with the spec's message.
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Store pickup/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isDisabled()).toBe(true);
    expect(await page.getByText(PICKUP_MESSAGE, { exact: true }).count()).toBe(1);
    await page
      .getByRole('button', { name: /Your details/ })
      .first()
      .click();
    await detailFields(page).email.waitFor();

    // 1. Declined by PayPal: back on the checkout with the error in its banner.
    let button = await toPayPal(page);
    await expectNoSidewaysScroll(page, 'step 3 with PayPal');
    await screenshot(page, 'payments-paypal-step3-phone');
    let popup = await approvalPopup(page, button);
    await popup.getByLabel('Sandbox outcome').selectOption('INSTRUMENT_DECLINED');
    const [accepted] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/c3api/checkout/paypal/accept')),
      popup.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(accepted.headers().location).toBe('/checkout/?error=GenericAccountProblem');
    const banner = page.locator('.checkout__error');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(URL_ERROR);
    await screenshot(page, 'payments-paypal-declined-phone');

    // 2. Approved: captured on return and the confirmation page opens.
    await detailFields(page).email.waitFor();
    await detailFields(page).terms.check();
    button = await toPayPal(page);
    popup = await approvalPopup(page, button);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    const reference = (await page.locator('.confirmation__reference strong').textContent()) ?? '';
    expect(reference).toMatch(/^ORD-/);
    await expectNoSidewaysScroll(page, 'the confirmation');
    await screenshot(page, 'payments-paypal-confirmation-phone');
    expect(problems).toEqual([]);
  });
});
