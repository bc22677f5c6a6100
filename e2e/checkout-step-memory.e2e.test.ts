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
  twoStoreItems,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const WIDE = { width: 1440, height: 900 };

function stepHeader(page: Page, step: number) {
  return page
    .locator('.checkout-steps > li')
    .nth(step - 1)
    .locator('.checkout-step__header');
}

/** The step's header is on screen, in the upper part of the window: the page opened at it, not at the footer. */
async function expectOpenAt(page: Page, step: number): Promise<void> {
  const height = page.viewportSize()?.height ?? 0;
  await expect
    .poll(async () => {
      const box = await stepHeader(page, step).boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= height * 0.6;
    })
    .toBe(true);
}

/** Scrolls to the bottom of the page (the footer), where the app's scroll memory used to reopen the checkout. */
async function scrollToFooter(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.mouse.wheel(0, 400);
  // The scroll memory writes the position a moment after scrolling stops.
  await page.waitForTimeout(400);
}

/** Step 3's terms box, asked again when step 3 opens without them (they are never kept). */
function stepThreeTerms(page: Page) {
  return page.locator('.payment-step').getByRole('checkbox', { name: /Terms and Conditions/ });
}

/**
 * Checkout remembers where the shopper was (AU, phone): step 3 reached with Australia Post, Regular
 * and PayPal; a reload (scrolled to the footer first) reopens step 3 with those choices, at step 3;
 * Back goes to step 2 with the postage choice shown, Forward to step 3; PayPal's "Cancel and
 * return" lands on step 3 again with PayPal still chosen.
 */
describe('checkout step memory (AU)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'PayPal', REGION: 'AU', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('reload, Back, Forward and a PayPal cancel return to the step with the choices kept (phone)', async () => {
    const base = shop.server.baseUrl;
    const item = await expressItem(base, 'AU', 'query=camera', MANUAL_ADDRESS.AU, 3000);
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    const shopper = newShopper('AU', 'Ada');
    await fillDetails(page, 'AU', shopper, 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Australia Post/ }).check();
    await page.getByText('Loading postage costs...').waitFor({ state: 'hidden' });
    await page.getByRole('radio', { name: /^Regular/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^PayPal/ }).check();
    const paypal = page.locator('#paypal-buttons').getByRole('button', { name: 'PayPal (SANDBOX)' });
    await paypal.waitFor();
    const total = await page.locator('.payment-step__total strong').textContent();

    // Reload, scrolled to the footer: step 3 again, opened at its header, every choice kept.
    await scrollToFooter(page);
    await page.reload();
    await waitForStep(page, 3, 'Payment options');
    await expectOpenAt(page, 3);
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isChecked()).toBe(true);
    expect(await page.locator('.checkout-step__summary').first().textContent()).toContain(shopper.email);
    expect(await page.locator('.checkout-step__summary', { hasText: 'Australia Post' }).count()).toBe(1);
    await expect.poll(() => page.locator('.payment-step__total strong').textContent()).toBe(total);
    // The terms are not kept: step 3 asks for them again before PayPal's buttons show.
    expect(await stepThreeTerms(page).isChecked()).toBe(false);
    expect(await paypal.count()).toBe(0);
    await expectNoSidewaysScroll(page, 'step 3 after a reload');
    await screenshot(page, 'step-memory-au-reloaded-phone');
    await stepThreeTerms(page).check();
    await paypal.waitFor();

    // Back: step 2 with Australia Post and Regular still chosen. Forward: step 3 with PayPal.
    await page.goBack();
    await waitForStep(page, 2, 'Delivery options');
    await expectOpenAt(page, 2);
    expect(await page.getByRole('radio', { name: /^Australia Post/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: /^Regular/ }).isChecked()).toBe(true);
    await screenshot(page, 'step-memory-au-back-phone');
    await page.goForward();
    await waitForStep(page, 3, 'Payment options');
    await expectOpenAt(page, 3);
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isChecked()).toBe(true);
    await paypal.waitFor();

    // PayPal's page, then "Cancel and return": the checkout reloads on step 3 with PayPal chosen.
    const [popup] = await Promise.all([page.waitForEvent('popup'), paypal.click()]);
    await popup.waitForURL(/\/paypal\/checkoutnow\?token=/);
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/c3api/checkout/paypal/cancel'),
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Cancel and return' }).click(),
    ]);
    await page.waitForURL(`${base}/checkout/`);
    await waitForStep(page, 3, 'Payment options');
    await expectOpenAt(page, 3);
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isChecked()).toBe(true);
    expect(await page.locator('.checkout-step__summary', { hasText: 'Australia Post' }).count()).toBe(1);
    expect(await page.locator('.checkout__error').count()).toBe(0);
    await stepThreeTerms(page).check();
    await paypal.waitFor();
    await screenshot(page, 'step-memory-au-cancelled-phone');
    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * The same in the UK (wide screen): Collect in store and Clearpay; a reload reopens step 3, Back
 * shows Collect in store still chosen, Forward returns, and Clearpay's "Cancel and return to the
 * shop" (a full page load from Clearpay's site) lands on step 3 with Clearpay chosen.
 */
describe('checkout step memory (UK)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'Clearpay', REGION: 'UK', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('reload, Back, Forward and a Clearpay cancel return to the step with the choices kept (1440)', async () => {
    const base = shop.server.baseUrl;
    const [item] = await twoStoreItems(base, 'query=');
    const { page, problems } = await openPage(shop.browser, WIDE);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    const shopper = newShopper('UK', 'Alan');
    await fillDetails(page, 'UK', shopper, 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Collect in store/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^Clearpay/ }).check();
    const place = page.getByRole('button', { name: 'Place order' });

    await scrollToFooter(page);
    await page.reload();
    await waitForStep(page, 3, 'Payment options');
    await expectOpenAt(page, 3);
    expect(await page.getByRole('radio', { name: /^Clearpay/ }).isChecked()).toBe(true);
    expect(await page.locator('.checkout-step__summary').first().textContent()).toContain(shopper.email);
    expect(await page.locator('.checkout-step__summary', { hasText: 'Collect in store' }).count()).toBe(1);
    expect(await stepThreeTerms(page).isChecked()).toBe(false);
    expect(await place.count()).toBe(0);
    await expectNoSidewaysScroll(page, 'UK step 3 after a reload');
    await screenshot(page, 'step-memory-uk-reloaded-wide');
    await stepThreeTerms(page).check();
    await place.waitFor();

    await page.goBack();
    await waitForStep(page, 2, 'Delivery options');
    expect(await page.getByRole('radio', { name: /^Collect in store/ }).isChecked()).toBe(true);
    await page.goForward();
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^Clearpay/ }).isChecked()).toBe(true);

    // To Clearpay's page and back with Cancel: step 3, Clearpay chosen, no banner.
    await place.click();
    await page.waitForURL(`${shop.server.sandboxUrl}/clearpay/checkout/?token=*`);
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await page.waitForURL(`${base}/checkout/`);
    await waitForStep(page, 3, 'Payment options');
    await expectOpenAt(page, 3);
    expect(await page.getByRole('radio', { name: /^Clearpay/ }).isChecked()).toBe(true);
    expect(await page.locator('.checkout__error').count()).toBe(0);
    await screenshot(page, 'step-memory-uk-cancelled-wide');
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoSidewaysScroll(page, 'UK step 3 after a cancel, phone');
    await stepHeader(page, 3).scrollIntoViewIfNeeded();
    await screenshot(page, 'step-memory-uk-cancelled-phone');
    expect(problems).toEqual([]);
    await page.close();
  });
});
