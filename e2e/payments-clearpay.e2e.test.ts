import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  addToCartByApi,
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

/** A Clearpay decline, said on step 3 where the shopper chooses another way to pay. */
const DECLINED = 'Clearpay declined this payment. Choose another way to pay.';

/** Steps 2 and 3: collect in store, then Clearpay chosen; answers the Place order button. */
async function toClearpay(page: Page) {
  await detailFields(page).continue.click();
  await waitForStep(page, 2, 'Delivery options');
  await page.getByRole('radio', { name: /^Collect in store/ }).check();
  await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
  await waitForStep(page, 3, 'Payment options');
  await page.getByRole('radio', { name: /^Clearpay/ }).check();
  return page.getByRole('button', { name: 'Place order' });
}

/** Step 3's terms box, asked again when the checkout reopens there (the terms are never kept). */
function stepThreeTerms(page: Page) {
  return page.locator('.payment-step').getByRole('checkbox', { name: /Terms and Conditions/ });
}

/** The sandbox's Clearpay page: the card and its CVV (000 approves, 051 declines), then Confirm. */
async function approveOnClearpay(page: Page, cvv: string) {
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill(`01/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.getByLabel('Security code').fill(cvv);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * Buying now and paying later with Clearpay in the UK, in Chromium against the real server and
 * the Clearpay sandbox on its own port: Place order leaves for Clearpay's page; cancelling there
 * comes back to the checkout; a decline comes back with the error banner; approving lands on the
 * confirmation.
 */
describe('paying with Clearpay (UK)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'Clearpay', REGION: 'UK', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it("cancelling on Clearpay's page returns to the checkout, a decline says Clearpay declined it, then approving pays (phone)", async () => {
    const base = shop.server.baseUrl;
    const [item] = await twoStoreItems(base, 'query=amp');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);

    await openCheckout(page, base);
    await fillDetails(page, 'UK', newShopper('UK', 'Grace'), 'manual');
    const place = await toClearpay(page);
    expect(await page.getByText(/pay in 4 interest-free instalments/).count()).toBe(1);
    await expect.poll(() => page.getByText(/between £1\.00 and £1,200\.00/).count()).toBe(1);
    await expectNoSidewaysScroll(page, 'step 3 with Clearpay');
    await screenshot(page, 'payments-clearpay-step3-phone');

    // 1. To Clearpay's page, and back with Cancel: the checkout again, no error.
    await place.click();
    await page.waitForURL(`${shop.server.sandboxUrl}/clearpay/checkout/?token=*`);
    await page.getByText('SANDBOX — no real money').waitFor();
    await screenshot(page, 'payments-clearpay-sandbox-page-phone');
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await page.waitForURL(`${base}/checkout/`);
    // Back on step 3 with Clearpay still chosen (the checkout remembers the step); the terms, never
    // kept, are asked again there.
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^Clearpay/ }).isChecked()).toBe(true);
    expect(await page.locator('.checkout__error').count()).toBe(0);

    // 2. Declined by Clearpay: back on step 3 saying so above the payment options, the item free again.
    await stepThreeTerms(page).check();
    await place.click();
    await page.waitForURL(`${shop.server.sandboxUrl}/clearpay/checkout/?token=*`);
    await approveOnClearpay(page, '051');
    await page.waitForURL(`${base}/checkout/`);
    const declined = page.locator('.checkout-step__notice');
    await declined.waitFor();
    expect(await declined.textContent()).toBe(DECLINED);
    expect(await page.locator('.checkout__error').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'payments-clearpay-declined-phone');

    // 3. Approved (from step 3 again): captured on return and the confirmation page opens.
    await waitForStep(page, 3, 'Payment options');
    await stepThreeTerms(page).check();
    await place.click();
    await page.waitForURL(`${shop.server.sandboxUrl}/clearpay/checkout/?token=*`);
    await approveOnClearpay(page, '000');
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    const reference = (await page.locator('.confirmation__reference strong').textContent()) ?? '';
    expect(reference).toMatch(/^ORD-/);
    await expectNoSidewaysScroll(page, 'the confirmation');
    await screenshot(page, 'payments-clearpay-confirmation-phone');
    expect(problems).toEqual([]);
  });
});
