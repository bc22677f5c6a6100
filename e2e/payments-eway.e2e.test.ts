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

const DECLINED_FOR_FUNDS = 'Your payment was declined because of insufficient funds. Please use another card.';

/** Eway's modal (the sandbox's eCrypt.js): the shared page in a frame. */
function ewayFrame(page: Page) {
  return page.frameLocator('iframe[title="Eway payment (sandbox)"]');
}

async function payInModal(page: Page): Promise<void> {
  const frame = ewayFrame(page);
  await frame.getByLabel('Name on card').fill('Ada Lovelace');
  await frame.getByLabel('Card number').fill('4444 3333 2222 1111');
  await frame.getByLabel('Expiry month').fill('12');
  await frame.getByLabel('Expiry year').fill(String((new Date().getFullYear() + 2) % 100));
  await frame.getByLabel('CVN').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
}

/**
 * Paying by card in Australia through Eway's modal, in Chromium against the real server and the
 * Eway sandbox on its own port (its demo mode approves every test card; a decline comes from its
 * fault control): close the modal, be declined, then pay and land on the confirmation.
 */
describe('paying by card with Eway (AU)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'Eway', REGION: 'AU', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('closing the modal cancels, a decline shows its message, then the card pays and the confirmation opens (phone)', async () => {
    const base = shop.server.baseUrl;
    const [item] = await twoStoreItems(base, 'query=amp');
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
    const place = page.getByRole('button', { name: 'Place order' });
    await expectNoSidewaysScroll(page, 'step 3 with the card option');

    // 1. The modal opens on Eway's page; closing it cancels the order and resets the step quietly.
    await place.click();
    await ewayFrame(page).getByLabel('Card number').waitFor();
    expect(await page.getByText('Contacting bank...', { exact: true }).count()).toBe(1);
    await screenshot(page, 'payments-eway-modal-phone');
    await ewayFrame(page).getByRole('button', { name: 'Cancel' }).click();
    await place.waitFor();
    await expect.poll(() => place.isEnabled()).toBe(true);
    expect(await page.locator('.checkout__error').count()).toBe(0);

    // 2. The bank declines (insufficient funds): its message in the banner, the items free again.
    const fault = await fetch(`${shop.server.sandboxUrl}/eway/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'force-next-response', responseMessage: 'D4451', responseCode: '51' }),
    });
    expect(fault.status).toBe(204);
    await place.click();
    await payInModal(page);
    const banner = page.locator('.checkout__error');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(DECLINED_FOR_FUNDS);
    await screenshot(page, 'payments-eway-declined-phone');

    // 3. Paid: the progress ends with "Payment complete." and the confirmation page opens.
    await page.getByRole('radio', { name: /^Credit or debit card/ }).check();
    await place.click();
    await payInModal(page);
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    const reference = (await page.locator('.confirmation__reference strong').textContent()) ?? '';
    expect(reference).toMatch(/^ORD-/);
    await expectNoSidewaysScroll(page, 'the confirmation');
    expect(problems).toEqual([]);
  });
});
