import type { ProductListItem } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import {
  ApiShopper,
  addFromProductPage,
  addToCartByApi,
  cartButton,
  cents,
  checkStepOneMessages,
  detailFields,
  detailsForm,
  expectNoSidewaysScroll,
  expressItem,
  fillDetails,
  MANUAL_ADDRESS,
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

const PASSWORD = 'a long and private phrase';

/** Step 2's and step 3's own Continue (step 1's is inside its form). */
function deliveryContinue(page: Page) {
  return page.locator('.delivery-step').getByRole('button', { name: 'Continue' });
}

/** The stores of the store pickup step: name and address lines. */
async function pickupStores(page: Page): Promise<Map<string, string[]>> {
  const stores = new Map<string, string[]>();
  for (const store of await page.locator('.delivery-store').all()) {
    const name = (await store.locator('strong').textContent()) ?? '';
    const lines = (await store.locator('address').innerText()).split('\n').map((line) => line.trim());
    stores.set(name, lines.filter(Boolean));
  }
  return stores;
}

/**
 * The checkout in Australia, in Chromium against the real server and its demo catalogue: a guest's
 * store pickup paid in store through to the e-mail's link, a signed-in customer's prefilled postage
 * with Express and SAVE10, split postage, every step-1 message, and an item selling mid-checkout.
 */
describe('checkout (AU)', () => {
  const shop = useShop({ DEV_MAILBOX: 'true' }, { host: 'localhost' });
  const base = () => shop.server.baseUrl;

  it('a guest collects two items from two stores, pays in store and opens the e-mailed order (phone)', async () => {
    const [first, second] = await twoStoreItems(base(), 'query=amp');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await addFromProductPage(page, base(), first);
    await addFromProductPage(page, base(), second);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items');

    await openCheckout(page, base());
    expect(await page.title()).toMatch(/Secure Checkout/);
    expect(await summary(page).locator('.checkout-summary__counts').textContent()).toBe('2 items from 2 stores');
    expect(await summary(page).getByText('+ postage (if applicable)').count()).toBe(1);
    const itemsTotal = first.SpMinorUnits + second.SpMinorUnits;
    expect(await summaryTotal(page)).toBe(itemsTotal);
    expect(await detailsForm(page).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?returnUrl=/checkout/',
    );
    await expectNoSidewaysScroll(page, 'step 1');
    await screenshot(page, 'checkout-au-details-phone');

    const shopper = newShopper('AU');
    await fillDetails(page, 'AU', shopper, 'lookup');
    await screenshot(page, 'checkout-au-details-filled-phone');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');

    await page.getByRole('radio', { name: /^Store pickup/ }).check();
    await page.getByRole('heading', { name: 'Pick up from these 2 stores' }).waitFor();
    const stores = await pickupStores(page);
    expect(stores.size).toBe(2);
    expect(await summary(page).locator('.checkout-summary__postage').count()).toBe(0);
    await expectNoSidewaysScroll(page, 'step 2');
    await screenshot(page, 'checkout-au-pickup-phone');
    await deliveryContinue(page).click();
    await waitForStep(page, 3, 'Payment options');

    const payInStore = page.getByRole('radio', { name: /^Pay in store when you collect/ });
    expect(await payInStore.isChecked()).toBe(true);
    expect(cents(await page.locator('.payment-step__total strong').textContent())).toBe(itemsTotal);
    expect(await page.locator('.payment-step__total').textContent()).toContain('Total to pay when you collect');
    await expectNoSidewaysScroll(page, 'step 3');
    await screenshot(page, 'checkout-au-payment-phone');
    await page.getByRole('button', { name: 'Place order' }).click();

    // The confirmation: reference, each store's pickup address, the total.
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
    expect(cents(await page.locator('.confirmation-totals__total dd').textContent())).toBe(itemsTotal);
    expect(
      await page
        .getByText('Bring photo ID (driver licence or passport) and your order number. Pay when you collect.')
        .count(),
    ).toBe(1);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 0 items');
    await expectNoSidewaysScroll(page, 'the confirmation');
    await screenshot(page, 'checkout-au-confirmation-phone');

    // The e-mail's signed link opens the order with no cookies at all.
    const link = await orderLinkFromMail(base(), shopper.email, reference);
    const elsewhere = await openInNewContext(page.context(), link, VIEWPORTS.phone);
    await elsewhere.page.getByRole('heading', { level: 1, name: 'Order confirmed' }).waitFor();
    expect(await elsewhere.page.locator('.confirmation__reference strong').textContent()).toBe(reference);
    expect(elsewhere.problems).toEqual([]);
    await elsewhere.close();

    // The items can no longer be bought.
    for (const item of [first, second]) await expectNotPurchasable(page, item);
    expect(problems).toEqual([]);
    await page.close();
  });

  async function expectNotPurchasable(page: Page, item: ProductListItem) {
    await page.goto(`${base()}${item.Url}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(item.Title);
    const add = page.locator('.product__summary').getByRole('button', { name: 'Add to cart' });
    if ((await add.count()) > 0) expect(await add.isDisabled(), `${item.Title} can still be added`).toBe(true);
    expect(await page.locator('.product__summary .price__now').textContent()).toBe('Sold');
  }

  it('prefills a signed-in customer, applies SAVE10 and posts with Express; pay in store is refused for postage', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    const shopper = newShopper('AU', 'Grace');
    await page.goto(`${base()}/register`);
    const register = page.getByRole('form', { name: 'Create an account' });
    await register.getByLabel('First name').fill(shopper.firstName);
    await register.getByLabel('Last name').fill(shopper.lastName);
    await register.getByLabel('Email').fill(shopper.email);
    await register.getByLabel('Password').fill(PASSWORD);
    await register.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();

    // The profile checkout will prefill.
    const address = MANUAL_ADDRESS.AU;
    await page.goto(`${base()}/my-account/profile`);
    const profile = page.getByRole('form', { name: 'Your details' });
    await profile.getByLabel('Phone number').fill(shopper.phone);
    await profile.getByLabel('Address line 1').fill(address.Line1);
    await profile.getByLabel('Suburb').fill(address.Suburb);
    await profile.getByLabel('State').selectOption(address.State);
    await profile.getByLabel('Postcode').fill(address.PostCode);
    await profile.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details have been saved.').waitFor();

    const item = await expressItem(base(), 'AU', 'query=camera', address, 5000);
    await addFromProductPage(page, base(), item);
    await openCheckout(page, base());
    const fields = detailFields(page);
    expect(await fields.email.inputValue()).toBe(shopper.email);
    expect(await fields.firstName.inputValue()).toBe(shopper.firstName);
    expect(await fields.lastName.inputValue()).toBe(shopper.lastName);
    expect(await fields.phone.inputValue()).toBe(shopper.phone);
    const chosen = (await detailsForm(page).locator('.address-lookup__text').innerText()).replace(/\s+/g, ' ');
    expect(chosen).toContain(address.Line1);
    expect(chosen).toContain(`${address.Suburb} ${address.State} ${address.PostCode}`);
    expect(await detailsForm(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
    await screenshot(page, 'checkout-au-prefilled-desktop');
    // Only the terms are left to tick.
    expect(await fields.terms.isChecked()).toBe(false);
    await fields.terms.check();
    await fields.continue.click();
    await waitForStep(page, 2, 'Delivery options');

    // SAVE10 in the summary's box.
    const discountBox = summary(page).getByRole('form', { name: 'Apply a discount code' });
    await discountBox.getByLabel('Discount code').fill('SAVE10');
    await discountBox.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByRole('dialog', { name: 'Discount applied' });
    await applied.waitFor();
    const modalText = (await applied.locator('.discount-modal__message').textContent()) ?? '';
    expect(modalText).toMatch(/^\$\d+\.\d\d discount successfully applied$/);
    const discount = cents(modalText);
    expect(Math.abs(discount - item.SpMinorUnits / 10)).toBeLessThanOrEqual(1);
    await screenshot(page, 'checkout-au-discount-desktop');
    await applied.getByRole('button', { name: 'Ok' }).click();
    await applied.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => cents(await summary(page).locator('.checkout-summary__discount span').nth(1).textContent()))
      .toBe(-discount);
    await expect.poll(() => summaryTotal(page)).toBe(item.SpMinorUnits - discount);

    // Australia Post to the billing address, Express.
    await page.getByRole('radio', { name: /^Australia Post/ }).check();
    const same = page.getByRole('checkbox', { name: 'Same as billing address' });
    expect(await same.isChecked()).toBe(true);
    expect((await page.locator('.postage-address').innerText()).replace(/\s+/g, ' ')).toContain(address.Line1);
    await page.getByText('Loading postage costs...').waitFor({ state: 'hidden' });
    const express = page.getByRole('radio', { name: /^Express/ });
    await express.check();
    const expressCost = cents(
      await page
        .locator('.postage-cost', { has: page.getByRole('radio', { name: /^Express/ }) })
        .locator('.postage-cost__amount')
        .textContent(),
    );
    expect(expressCost).toBeGreaterThan(0);
    await summary(page).getByText('Includes postage', { exact: true }).waitFor();
    await expect.poll(() => summaryTotal(page)).toBe(item.SpMinorUnits - discount + expressCost);
    await screenshot(page, 'checkout-au-express-desktop');
    await deliveryContinue(page).click();
    await waitForStep(page, 3, 'Payment options');

    // Pay in store needs every item collected: the only option is disabled and nothing can be placed.
    const payInStore = page.getByRole('radio', { name: /^Pay in store when you collect/ });
    expect(await payInStore.isDisabled()).toBe(true);
    expect(await payInStore.isChecked()).toBe(false);
    expect(
      await page.getByText('Pay in store is available when every item is collected in store.', { exact: true }).count(),
    ).toBe(1);
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    expect(cents(await page.locator('.payment-step__total strong').textContent())).toBe(
      item.SpMinorUnits - discount + expressCost,
    );
    await screenshot(page, 'checkout-au-payment-postage-desktop');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('splits delivery: one store picked up, the other posted with Regular', async () => {
    const [first, second] = await twoStoreItems(base(), 'query=watch', { postable: true });
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await addToCartByApi(page, base(), first.Id);
    await addToCartByApi(page, base(), second.Id);
    await openCheckout(page, base());
    await fillDetails(page, 'AU', newShopper('AU'), 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');

    await page.getByRole('radio', { name: /^Pickup or postage for each store/ }).check();
    const stores = page.locator('.split-store');
    await expect.poll(() => stores.count()).toBe(2);
    await stores
      .nth(0)
      .getByRole('radio', { name: /^Store pickup/ })
      .check();
    const posted = stores.nth(1);
    await posted.getByRole('radio', { name: /^Australia Post/ }).check();
    expect(await posted.getByRole('checkbox', { name: 'Same as billing address' }).isChecked()).toBe(true);
    const regular = posted.getByRole('radio', { name: /^Regular/ });
    await regular.check();
    const regularCost = cents(
      await posted
        .locator('.postage-cost', { has: page.getByRole('radio', { name: /^Regular/ }) })
        .locator('.postage-cost__amount')
        .textContent(),
    );
    expect(regularCost).toBeGreaterThan(0);
    await summary(page).getByText('Includes postage', { exact: true }).waitFor();
    await expect.poll(() => summaryTotal(page)).toBe(first.SpMinorUnits + second.SpMinorUnits + regularCost);
    await screenshot(page, 'checkout-au-split-desktop');
    await deliveryContinue(page).click();
    await waitForStep(page, 3, 'Payment options');
    expect(await page.getByRole('radio', { name: /^Pay in store when you collect/ }).isDisabled()).toBe(true);
    await screenshot(page, 'checkout-au-split-payment-desktop');

    // Back to step 2 by its header: the choices are still there, and Continue goes on again.
    await page.getByRole('button', { name: /^Step 2: Delivery options\s*, complete/ }).click();
    await waitForStep(page, 2, 'Delivery options');
    expect(await page.getByRole('radio', { name: /^Pickup or postage for each store/ }).isChecked()).toBe(true);
    expect(
      await stores
        .nth(0)
        .getByRole('radio', { name: /^Store pickup/ })
        .isChecked(),
    ).toBe(true);
    expect(await regular.isChecked()).toBe(true);
    await expect.poll(() => summaryTotal(page)).toBe(first.SpMinorUnits + second.SpMinorUnits + regularCost);
    await deliveryContinue(page).click();
    await waitForStep(page, 3, 'Payment options');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows every step-1 message, the billing address modal, and restores the details (phone)', async () => {
    const [item] = await twoStoreItems(base(), 'query=chair');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await addToCartByApi(page, base(), item.Id);
    await checkStepOneMessages(page, base(), 'AU', (name) => screenshot(page, `checkout-au-validation-${name}-phone`));
    await expectNoSidewaysScroll(page, 'step 1 with messages');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('warns when an item sells to someone else during checkout, offering Remove instead of Confirm', async () => {
    const [item] = await twoStoreItems(base(), 'query=guitar');
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await addToCartByApi(page, base(), item.Id);
    await openCheckout(page, base());
    await fillDetails(page, 'AU', newShopper('AU'), 'manual');

    const other = await ApiShopper.start(base());
    await other.buyForPickup('AU', item.Id, newShopper('AU', 'Bea'));

    await detailFields(page).continue.click();
    const changes = page.getByRole('dialog', { name: 'This item has changed' });
    await changes.waitFor();
    expect(
      await changes
        .getByText(`${item.Title}: item no longer available and can't be purchased, remove it from the cart.`)
        .count(),
    ).toBe(1);
    expect(await changes.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    expect(await changes.getByRole('button', { name: 'Remove' }).isEnabled()).toBe(true);
    await screenshot(page, 'checkout-au-cart-changed-desktop');
    // Still on step 1 behind the dialog; its other choice goes back to the cart.
    await changes.getByRole('button', { name: 'View cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    expect(problems).toEqual([]);
    await page.close();
  });
});
