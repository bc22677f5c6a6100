import type { PayPalProcessValue, Region } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  ApiShopper,
  addToCartByApi,
  cartButton,
  cents,
  detailFields,
  expectNoSidewaysScroll,
  expressItem,
  fillDetails,
  MANUAL_ADDRESS,
  newShopper,
  openCheckout,
  summary,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/** checkout.md section 8: a URL carrying an error shows the default error. */
const URL_ERROR = 'Sorry, an error has occurred, please try again soon.';
/** checkout.md section 5: the same text in AU and the UK (section 8's UK note: no PayPal for store pickup). */
const PICKUP_MESSAGE = 'PayPal is not available for instore collection, please contact the store for more information.';
/** What the cart answers another shopper while an order holds the item. */
const RESERVED = 'Sorry, this item is reserved by another shopper and cannot be added to your cart.';

/** Step 2 posted to the billing address (Australia Post in AU, Postage in the UK; Regular), then step 3 with PayPal chosen. */
async function toPayPal(page: Page, region: Region = 'AU') {
  await detailFields(page).continue.click();
  await waitForStep(page, 2, 'Delivery options');
  await page.getByRole('radio', { name: region === 'AU' ? /^Australia Post/ : /^Postage/ }).check();
  await page.getByText('Loading postage costs...').waitFor({ state: 'hidden' });
  await page.getByRole('radio', { name: /^Regular/ }).check();
  await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
  await waitForStep(page, 3, 'Payment options');
  await page.getByRole('radio', { name: /^PayPal/ }).check();
  const button = page.locator('#paypal-buttons').getByRole('button', { name: 'PayPal (SANDBOX)' });
  await button.waitFor();
  return button;
}

/** Step 3's terms box, asked again when the checkout reopens there (the terms are never kept). */
function stepThreeTerms(page: Page) {
  return page.locator('.payment-step').getByRole('checkbox', { name: /Terms and Conditions/ });
}

/** Presses PayPal's button: the approval page opens in a popup; the test decides there. */
async function approvalPopup(page: Page, button: ReturnType<Page['locator']>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForURL(/\/paypal\/checkoutnow\?token=/);
  await popup.getByText('SANDBOX — no real money').first().waitFor();
  return popup;
}

/** Like approvalPopup, and the process call's answer: the attempt's TrackingNumber and PayPal's order id (Token). */
async function placeAndOpenPopup(page: Page, button: ReturnType<Page['locator']>) {
  const placed = page.waitForResponse((r) => r.url().includes('/c3api/checkout/purchase/process'));
  const popup = await approvalPopup(page, button);
  const body = (await (await placed).json()) as { Value: PayPalProcessValue };
  return { popup, tracking: body.Value.TrackingNumber, orderId: body.Value.Token };
}

interface SandboxOrderState {
  id: string;
  status: string;
  referenceId: string;
  capture: { status: string } | null;
}

/** The PayPal sandbox's own record of its orders (what PayPal would say: was anything captured?). */
async function sandboxOrders(sandboxUrl: string): Promise<SandboxOrderState[]> {
  const response = await fetch(`${sandboxUrl}/paypal/__sandbox/state`);
  return ((await response.json()) as { orders: SandboxOrderState[] }).orders;
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
    const button = await toPayPal(page);
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

    // 2. Back on step 3 with PayPal still chosen (the checkout remembers the step); the terms are
    // asked again there. Approved: captured on return and the confirmation page opens.
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isChecked()).toBe(true);
    await stepThreeTerms(page).check();
    popup = await approvalPopup(page, button);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    const reference = (await page.locator('.confirmation__reference strong').textContent()) ?? '';
    expect(reference).toMatch(/^ORD-/);
    await expectNoSidewaysScroll(page, 'the confirmation');
    await screenshot(page, 'payments-paypal-confirmation-phone');
    expect(problems).toEqual([]);
  });

  it("cancels on PayPal's page: back on the checkout with no banner, nothing taken, the item kept; then pays (desktop)", async () => {
    const base = shop.server.baseUrl;
    const item = await expressItem(base, 'AU', 'query=camera', MANUAL_ADDRESS.AU, 3000);
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    const paypalCalls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/c3api/checkout/paypal/')) paypalCalls.push(`${r.method()} ${path}`);
    });
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    const shopper = newShopper('AU', 'Ada');
    await fillDetails(page, 'AU', shopper, 'manual');
    const button = await toPayPal(page);
    const first = await placeAndOpenPopup(page, button);

    // The order is placed and holds the item while the shopper is on PayPal's page.
    const other = await ApiShopper.start(base);
    const held = await other.call('POST', `/c3api/cart/add?productId=${item.Id}`);
    expect([held.status, held.body.Message]).toEqual([400, RESERVED]);

    // "Cancel and return": the popup closes and tells the opener, which navigates to the cancel path
    // (checkout.md section 7, with payPalToken); the shop cancels the attempt and answers /checkout/.
    const [cancelled] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/c3api/checkout/paypal/cancel'),
      first.popup.waitForEvent('close'),
      first.popup.getByRole('button', { name: 'Cancel and return' }).click(),
    ]);
    const cancelUrl = new URL(cancelled.url());
    expect(cancelUrl.searchParams.get('securityKey')).toBe(first.tracking);
    expect(cancelUrl.searchParams.get('payPalToken')).toBe(first.orderId);
    expect([cancelled.status(), cancelled.headers().location]).toEqual([302, '/checkout/']);

    // A fresh checkout page back on step 3 with PayPal still chosen (the checkout remembers the
    // step); the terms are asked again (the spec keeps no Terms), and no banner (section 8 has no
    // message for a cancel).
    await page.waitForURL(`${base}/checkout/`);
    await waitForStep(page, 3, 'Payment options');
    expect(await page.locator('.checkout-step__summary').first().textContent()).toContain(shopper.email);
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isChecked()).toBe(true);
    expect(await stepThreeTerms(page).isChecked()).toBe(false);
    expect(await page.locator('.checkout__error').count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await summary(page).getByText(item.Title).count()).toBe(1);
    await expectNoSidewaysScroll(page, 'the checkout after a cancel');
    await screenshot(page, 'payments-paypal-cancelled-desktop');

    // Nothing taken at PayPal, and the item is for sale again: another shopper may add it.
    const [order] = (await sandboxOrders(shop.server.sandboxUrl)).filter((o) => o.id === first.orderId);
    expect([order?.status, order?.capture]).toEqual(['PAYER_ACTION_REQUIRED', null]);
    const freed = await other.call('POST', `/c3api/cart/add?productId=${item.Id}`);
    expect(freed.status).toBe(200);
    await other.call('POST', `/c3api/cart/remove?productId=${item.Id}`);

    // Pressing PayPal again places a new attempt (not refused as an order in progress); approving pays.
    await stepThreeTerms(page).check();
    await button.waitFor();
    const second = await placeAndOpenPopup(page, button);
    expect(second.tracking).not.toBe(first.tracking);
    expect(second.orderId).not.toBe(first.orderId);
    await second.popup.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    await page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();
    expect(await page.getByText(item.Title).count()).toBeGreaterThan(0);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    const orders = await sandboxOrders(shop.server.sandboxUrl);
    expect(orders.find((o) => o.id === first.orderId)?.capture).toBeNull();
    expect(orders.find((o) => o.id === second.orderId)?.status).toBe('COMPLETED');
    // Only the popup's cancel and the approval reached the shop's PayPal routes.
    expect(paypalCalls).toEqual(['GET /c3api/checkout/paypal/cancel', 'GET /c3api/checkout/paypal/accept']);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * PayPal in the UK shop (pounds; cards through Global Payments beside it): a posted item approved on
 * PayPal's page lands on a confirmation in £, and Collect in store refuses PayPal with the spec's text.
 */
describe('paying with PayPal (UK)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'GlobalPay,PayPal', REGION: 'UK', DEV_MAILBOX: 'true', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('pays for a posted item through the sandbox and shows the confirmation in pounds (desktop)', async () => {
    const base = shop.server.baseUrl;
    const item = await expressItem(base, 'UK', 'query=amp', MANUAL_ADDRESS.UK, 3000);
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    await fillDetails(page, 'UK', newShopper('UK', 'Alan'), 'manual');
    const button = await toPayPal(page, 'UK');
    const total = (await page.locator('.payment-step__total strong').textContent()) ?? '';
    expect(total).toMatch(/^£[\d,]+\.\d\d$/);

    // PayPal's page asks for the same amount in GBP.
    const { popup } = await placeAndOpenPopup(page, button);
    expect(await popup.locator('.amount').textContent()).toBe(`${total} GBP`);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    await page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();

    const shown = async (name: string) =>
      (await page
        .locator('.confirmation-totals div', { has: page.getByText(name, { exact: true }) })
        .locator('dd')
        .textContent()) ?? '';
    const [items, postage, paid] = [await shown('Items'), await shown('Postage'), await shown('Total')];
    for (const amount of [items, postage, paid]) expect(amount).toMatch(/^£[\d,]+\.\d\d$/);
    expect(cents(items)).toBe(item.SpMinorUnits);
    expect(cents(postage)).toBeGreaterThan(0);
    expect(cents(paid)).toBe(cents(items) + cents(postage));
    expect(paid).toBe(total);
    expect(await page.locator('.confirmation-store__price').first().textContent()).toMatch(/^£/);
    expect(await page.getByText('$', { exact: false }).count()).toBe(0);
    await expectNoSidewaysScroll(page, 'the UK confirmation');
    await screenshot(page, 'payments-paypal-uk-confirmation-desktop');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("refuses PayPal for Collect in store with the spec's text; cards stay available (phone)", async () => {
    const base = shop.server.baseUrl;
    const item = await expressItem(base, 'UK', 'query=chair', MANUAL_ADDRESS.UK, 3000);
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    await fillDetails(page, 'UK', newShopper('UK', 'Mary'), 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Collect in store/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^PayPal/ }).isDisabled()).toBe(true);
    expect(await page.getByText(PICKUP_MESSAGE, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: /^Credit or debit card/ }).isDisabled()).toBe(false);
    expect(await page.locator('#paypal-buttons').count()).toBe(0);
    await expectNoSidewaysScroll(page, 'UK step 3 with Collect in store');
    await screenshot(page, 'payments-paypal-uk-pickup-phone');
    expect(problems).toEqual([]);
    await page.close();
  });
});
