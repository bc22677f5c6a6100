import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductListItem, Region } from '@shop/contract';
import Database from 'better-sqlite3';
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
  searchItems,
  twoStoreItems,
  waitForStep,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PASSWORD = 'a long and private phrase';
/** The two widths looked at: a phone, and a wide desktop. */
const SIZES = { phone: VIEWPORTS.phone, wide: { width: 1440, height: 900 } } as const;
const SYMBOL: Record<Region, string> = { AU: '$', UK: '£' };
const YEAR = new Date().getUTCFullYear();
let people = 0;

/** A pickable item under the demo SAVE10's minimum spend (50 in the region's money). */
async function cheapItem(base: string): Promise<ProductListItem> {
  const items = await searchItems(base, 'Sort=price%2B&NumberOfResults=48');
  const item = items.find((i) => i.SpMinorUnits < 5_000 && !i.DisableInStorePickup);
  if (!item) throw new Error('no item under 50');
  return item;
}

/** The discount code field's note under it (its rule, or the server's reason). */
const codeNote = (page: Page) => page.locator('.discount-box .field__error');

/** The newest 6-digit code e-mailed to `to` (the dev mailbox). */
async function codeFor(base: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const outbox = (await (await fetch(`${base}/c3api/dev/outbox`)).json()) as {
      Value: { Messages: { To: string; TextBody: string }[] };
    };
    const code = /\b(\d{6})\b/.exec(outbox.Value.Messages.filter((m) => m.To === to).at(-1)?.TextBody ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code e-mailed to ${to}`);
}

async function register(page: Page, base: string, email: string) {
  await page.goto(`${base}/register`);
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
  await page.getByRole('button', { name: 'Account menu for Grace' }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
}

/**
 * Words that say what happened, in each region: a discount code under its minimum spend or past its
 * end says so under the field; a sold item in the changes dialog is removed with Remove; filters
 * that leave nothing say so on Products with Clear filters; the empty search and a sold item offer
 * "Alert me when one comes in" (a saved search, through sign-in for a visitor).
 */
for (const region of ['AU', 'UK'] as const) {
  describe(`shopper words (${region})`, () => {
    // The server's data folder is ours so a journey can mark an item sold in its database.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `shop-e2e-words-${region}-`));
    const shop = useShop({ REGION: region, DEV_MAILBOX: 'true', DATA_DIR: dataDir }, { host: 'localhost' });
    const symbol = SYMBOL[region];

    it('says why a discount code cannot be used, under the field (phone and desktop)', async () => {
      const base = shop.server.baseUrl;
      const item = await cheapItem(base);
      for (const [size, viewport] of Object.entries(SIZES)) {
        const { page, problems } = await openPage(shop.browser, viewport);
        await page.goto(`${base}/`);
        await addToCartByApi(page, base, item.Id);
        await openCheckout(page, base);
        const code = page.locator('.discount-box').getByRole('textbox', { name: 'Discount code' });
        await code.fill('save10');
        await page.locator('.discount-box').getByRole('button', { name: 'Apply' }).click();
        await expect.poll(() => codeNote(page).textContent()).toBe(`Spend ${symbol}50.00 or more to use SAVE10`);
        expect(await page.getByRole('dialog', { name: 'Discount code' }).count()).toBe(0);
        await expectNoSidewaysScroll(page, 'the minimum spend note');
        await screenshot(page, `shopper-words-${region}-discount-minimum-${size}`);
        // Editing the code takes the note away; an ended code says when it ended.
        await code.fill('EXPIRED1');
        expect(await codeNote(page).count()).toBe(0);
        await page.locator('.discount-box').getByRole('button', { name: 'Apply' }).click();
        await expect.poll(() => codeNote(page).textContent()).toBe(`This code expired on 1 January ${YEAR}`);
        await screenshot(page, `shopper-words-${region}-discount-expired-${size}`);
        // An unknown code keeps the spec's modal.
        await code.fill('NOPE');
        await page.locator('.discount-box').getByRole('button', { name: 'Apply' }).click();
        const modal = page.getByRole('dialog', { name: 'Discount code' });
        await modal.getByText('The discount code is invalid, please try again').waitFor();
        await modal.getByRole('button', { name: 'Ok' }).click();
        expect(problems).toEqual([]);
        await page.close();
      }
    });

    it('offers Remove for an item sold during checkout, which takes it out and goes on', async () => {
      const base = shop.server.baseUrl;
      const [sold, kept] = await twoStoreItems(base, 'query=');
      const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
      await page.goto(`${base}/`);
      await addToCartByApi(page, base, sold.Id);
      await addToCartByApi(page, base, kept.Id);
      await openCheckout(page, base);
      await fillDetails(page, region, newShopper(region), 'manual');
      const other = await ApiShopper.start(base);
      await other.buyForPickup(region, sold.Id, newShopper(region, 'Bea'));

      await detailFields(page).continue.click();
      const changes = page.getByRole('dialog', { name: 'This item has changed' });
      await changes.waitFor();
      expect(await changes.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
      await screenshot(page, `shopper-words-${region}-sold-remove-phone`);
      await changes.getByRole('button', { name: 'Remove' }).click();
      await waitForStep(page, 2, 'Delivery options');
      await expect.poll(() => page.locator('.checkout').getByText(sold.Title).count()).toBe(0);
      expect(await page.locator('.checkout').getByText(kept.Title).count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('stays on Products when filters leave nothing, and offers to clear them and an alert (phone and desktop)', async () => {
      const base = shop.server.baseUrl;
      for (const [size, viewport] of Object.entries(SIZES)) {
        const { page, problems } = await openPage(shop.browser, viewport);
        await page.goto(`${base}/search-results?query=store&brand=no-such-brand`);
        await page.getByText('No items match these filters').waitFor();
        const tab = page.getByRole('tab', { name: /^Products/ });
        if (await tab.count()) expect(await tab.getAttribute('aria-selected')).toBe('true');
        // The Filter button on a phone; wider, the refine panel it opens is always shown.
        if (size === 'phone') await page.getByRole('button', { name: /^Filter/ }).waitFor();
        else await page.getByRole('button', { name: 'Clear all' }).waitFor();
        await page.getByRole('button', { name: 'Alert me when one comes in' }).waitFor();
        await expectNoSidewaysScroll(page, 'no items match');
        await screenshot(page, `shopper-words-${region}-no-match-${size}`);
        await page.getByRole('button', { name: 'Clear filters' }).click();
        await page.waitForURL(/\/search-results\?query=store$/);
        expect(problems).toEqual([]);
        await page.close();
      }
    });

    it("a sold item's Alert me saves a search for one like it, through sign-in (phone, then wide)", async () => {
      const base = shop.server.baseUrl;
      const [, item] = await twoStoreItems(base, 'query=');
      const db = new Database(path.join(dataDir, 'shop.sqlite'));
      try {
        // Sold (collected): the database's change-feed trigger tells the server's search index.
        db.prepare("UPDATE products SET status = 'sold' WHERE code = ?").run(item.Code);
      } finally {
        db.close();
      }
      const email = `words${++people}.${Date.now()}@example.com`;
      const { page, problems } = await openPage(shop.browser, SIZES.phone);
      await register(page, base, email);
      for (const [size, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        await page.goto(`${base}${item.Url}`);
        await page.locator('.product__summary').getByText('Sold:').waitFor();
        await expectNoSidewaysScroll(page, 'the sold page');
        await screenshot(page, `shopper-words-${region}-sold-page-${size}`);
        await page.getByRole('button', { name: 'Alert me when one comes in' }).click();
        if (size === 'phone') {
          // Signed out: sign in, and back on this page with the form open.
          const prompt = page.getByRole('dialog', { name: 'Alert me when one comes in' });
          await prompt.getByText('To get an alert when one comes in, please login or register').waitFor();
          await prompt.getByRole('link', { name: 'Login / Register' }).click();
          const login = page.getByRole('form', { name: 'Sign in with your email address' });
          await login.getByLabel('Email').fill(email);
          await login.getByLabel('Password').fill(PASSWORD);
          await login.getByRole('button', { name: 'Sign in' }).click();
          await page.waitForURL((url) => url.pathname === new URL(`${base}${item.Url}`).pathname);
        }
        const form = page.getByRole('dialog', { name: 'Save this search' });
        const title = form.getByRole('textbox', { name: 'Title' });
        await expect.poll(() => title.inputValue()).toBe(item.Title.slice(0, 100));
        await title.fill(`Like it ${size}`);
        await form.getByRole('radio', { name: 'Daily' }).check();
        await form.getByRole('button', { name: 'Save' }).click();
        // The address is confirmed once, by a code e-mailed to it.
        const code = form.getByRole('textbox', { name: 'Verification code' });
        const saved = page.getByRole('dialog', { name: 'Search saved' });
        await code.or(saved).first().waitFor();
        if (await code.isVisible()) {
          await code.fill(await codeFor(base, email));
          await form.getByRole('button', { name: 'Save' }).click();
        }
        await saved.getByText('Your search has been saved.').waitFor();
        await screenshot(page, `shopper-words-${region}-alert-saved-${size}`);
        await saved.getByRole('button', { name: 'OK' }).click();
      }
      // Both are in the account's saved searches, as the search for items like the sold one.
      await page.goto(`${base}/my-account/saved-searches`);
      const link = page.getByRole('link', { name: 'Like it phone', exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toMatch(/^\/search-results\?category=/);
      expect(problems).toEqual([]);
      await page.close();
    });
  });
}

/**
 * Clearpay (the UK's buy now, pay later) declining: back on step 3 with "Clearpay declined this
 * payment. Choose another way to pay." above the payment options, not the default error on step 1.
 */
describe('shopper words: a Clearpay decline (UK)', () => {
  const shop = useShop(
    { PAYMENT_PROVIDERS: 'Clearpay,GlobalPay', REGION: 'UK', PAYMENT_SANDBOX: 'true' },
    { host: 'localhost' },
  );

  it('lands on step 3 saying Clearpay declined it, with the other ways to pay (phone, then wide)', async () => {
    const base = shop.server.baseUrl;
    const [item] = await twoStoreItems(base, 'query=');
    const { page, problems } = await openPage(shop.browser, SIZES.phone);
    await page.goto(`${base}/`);
    await addToCartByApi(page, base, item.Id);
    await openCheckout(page, base);
    await fillDetails(page, 'UK', newShopper('UK', 'Dee'), 'manual');
    await detailFields(page).continue.click();
    await waitForStep(page, 2, 'Delivery options');
    await page.getByRole('radio', { name: /^Collect in store/ }).check();
    await page.locator('.delivery-step').getByRole('button', { name: 'Continue' }).click();
    await waitForStep(page, 3, 'Payment options');
    await page.getByRole('radio', { name: /^Clearpay/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL(`${shop.server.sandboxUrl}/clearpay/checkout/?token=*`);
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill(`01/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
    await page.getByLabel('Security code').fill('051');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(`${base}/checkout/`);
    await waitForStep(page, 3, 'Payment options');
    const notice = page.locator('.checkout-step__notice');
    await expect.poll(() => notice.textContent()).toBe('Clearpay declined this payment. Choose another way to pay.');
    expect(await page.locator('.checkout__error').count()).toBe(0);
    expect(await page.getByRole('radio', { name: /^Clearpay/ }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: /^Credit or debit card/ }).count()).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page, 'the declined step 3');
    await screenshot(page, 'shopper-words-UK-clearpay-declined-phone');
    await page.setViewportSize(SIZES.wide);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'shopper-words-UK-clearpay-declined-wide');
    expect(problems).toEqual([]);
    await page.close();
  });
});
