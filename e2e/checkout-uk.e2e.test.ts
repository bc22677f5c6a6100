import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  addFromProductPage,
  addToCartByApi,
  cartButton,
  cents,
  checkStepOneMessages,
  detailFields,
  detailsForm,
  fillDetails,
  newShopper,
  openCheckout,
  openInNewContext,
  orderLinkFromMail,
  summary,
  summaryTotal,
  twoStoreItems,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/**
 * The checkout in the UK (pounds, counties, UK phone and postcode rules, marketing consent), on a
 * desktop: a guest's store pickup paid in store through to the e-mail's link, and every step-1 message.
 */
describe('checkout (UK)', () => {
  const shop = useShop({ DEV_MAILBOX: 'true', REGION: 'UK' }, { host: 'localhost' });
  const base = () => shop.server.baseUrl;

  it('a guest collects two items from two stores, pays in store and opens the e-mailed order (desktop)', async () => {
    const [first, second] = await twoStoreItems(base(), 'query=amp');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await addFromProductPage(page, base(), first);
    await addFromProductPage(page, base(), second);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items');

    await openCheckout(page, base());
    const itemsTotal = first.SpMinorUnits + second.SpMinorUnits;
    expect(await summary(page).locator('.checkout-summary__counts').textContent()).toBe('2 items from 2 stores');
    expect(await summary(page).locator('.checkout-summary__total strong').textContent()).toMatch(/^£/);
    expect(await summaryTotal(page)).toBe(itemsTotal);
    const fields = detailFields(page);
    expect(await fields.phone.getAttribute('placeholder')).toBe('07XXX XXX XXX');
    expect(await fields.terms.getAttribute('id')).toBe('checkout-terms');
    expect(await detailsForm(page).getByText('I have read the Terms and Conditions and I am over 18.').count()).toBe(1);
    await screenshot(page, 'checkout-uk-details-desktop');

    // The address typed by hand this time, and the shopper agrees to marketing.
    const shopper = newShopper('UK', 'Alan');
    await fillDetails(page, 'UK', shopper, 'manual');
    expect(await fields.consent.isChecked()).toBe(false);
    await fields.consent.check();
    await screenshot(page, 'checkout-uk-details-filled-desktop');

    // SAVE10 (10 % off items worth £50 or more) with store pickup.
    const discountBox = summary(page).getByRole('form', { name: 'Apply a discount code' });
    await discountBox.getByLabel('Discount code').fill('SAVE10');
    await discountBox.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByRole('dialog', { name: 'Discount applied' });
    await applied.waitFor();
    const modalText = (await applied.locator('.discount-modal__message').textContent()) ?? '';
    expect(modalText).toMatch(/^£[\d,]+\.\d\d discount successfully applied$/);
    const discount = cents(modalText);
    expect(Math.abs(discount - itemsTotal / 10)).toBeLessThanOrEqual(2);
    await applied.getByRole('button', { name: 'Ok' }).click();
    await applied.waitFor({ state: 'hidden' });
    await expect.poll(() => summaryTotal(page)).toBe(itemsTotal - discount);
    const toPay = itemsTotal - discount;
    await fields.continue.click();
    await waitForStep(page, 2, 'Delivery options');

    // The UK names its store pickup option 'Collect in store'.
    await page.getByRole('radio', { name: /^Collect in store/ }).check();
    await page.getByRole('heading', { name: 'Pick up from these 2 stores' }).waitFor();
    const stores = new Map<string, string[]>();
    for (const store of await page.locator('.delivery-store').all()) {
      const lines = (await store.locator('address').innerText()).split('\n').map((line) => line.trim());
      stores.set((await store.locator('strong').textContent()) ?? '', lines.filter(Boolean));
    }
    expect(stores.size).toBe(2);
    await screenshot(page, 'checkout-uk-pickup-desktop');
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^Pay in store when you collect/ }).isChecked()).toBe(true);
    expect(cents(await page.locator('.payment-step__total strong').textContent())).toBe(toPay);
    await screenshot(page, 'checkout-uk-payment-desktop');
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL(/\/checkout\/confirmation\/ORD-/);
    await page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();
    const reference = (await page.locator('.confirmation__reference strong').textContent()) ?? '';
    expect(reference).toMatch(/^ORD-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    for (const [name, lines] of stores) {
      const store = page.getByRole('region', { name, exact: true });
      expect(await store.getByRole('heading', { name: 'Pick up from' }).count()).toBe(1);
      const shown = (await store.locator('address').innerText()).split('\n').map((line) => line.trim());
      expect(shown.filter(Boolean)).toEqual(lines);
    }
    const total = (await page.locator('.confirmation-totals__total dd').textContent()) ?? '';
    expect(total).toMatch(/^£/);
    expect(cents(total)).toBe(toPay);
    const discountLine = page.locator('.confirmation-totals div', { has: page.getByText('Discount', { exact: true }) });
    expect(cents(await discountLine.locator('dd').textContent())).toBe(-discount);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    await screenshot(page, 'checkout-uk-confirmation-desktop');

    const link = await orderLinkFromMail(base(), shopper.email, reference);
    const elsewhere = await openInNewContext(page.context(), link, VIEWPORTS.desktop);
    await elsewhere.page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();
    expect(await elsewhere.page.locator('.confirmation__reference strong').textContent()).toBe(reference);
    expect(elsewhere.problems).toEqual([]);
    await elsewhere.close();

    for (const item of [first, second]) {
      await page.goto(`${base()}${item.Url}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(item.Title);
      const add = page.locator('.product__summary').getByRole('button', { name: 'Add to cart' });
      if ((await add.count()) > 0) expect(await add.isDisabled(), `${item.Title} can still be added`).toBe(true);
      expect(await page.locator('.product__summary .price__now').textContent()).toBe('Sold');
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows every step-1 message, the billing address modal, and restores the details (desktop)', async () => {
    const [item] = await twoStoreItems(base(), 'query=chair');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await addToCartByApi(page, base(), item.Id);
    await checkStepOneMessages(page, base(), 'UK', (name) =>
      screenshot(page, `checkout-uk-validation-${name}-desktop`),
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});
