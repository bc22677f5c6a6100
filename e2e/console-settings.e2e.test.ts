import type { SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { expectNoSidewaysScroll } from './support/checkout.js';
import { signInAsStaff, tabTo } from './support/console.js';
import { axeViolations, openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const poll = expect.poll;

/** From the console's home to the chosen store's settings, by its navigation. */
async function openSettings(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { level: 1, name: /^Settings: / }).waitFor();
  return page.url();
}

describe('the store console: store settings', () => {
  const shop = useShop();

  it("a staff member changes the store's phone and hours and sees them on its page; pickup off stops the shop offering it", async () => {
    const base = shop.server.baseUrl;
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await signInAsStaff(page, base);
    await openSettings(page);

    const details = page.getByRole('form', { name: 'Contact, address and opening hours' });
    await details.getByLabel('Phone').fill('(02) 9876 5432');
    await details.getByLabel('Thursday').fill('9:00am - 8:30pm');
    await details.getByLabel('Sunday').fill('Closed');
    await details.getByRole('button', { name: 'Save contact and hours' }).click();
    await details.getByRole('status').getByText('Saved.').waitFor();
    await screenshot(page, 'console-settings-saved');

    // The store's public page shows the new phone and hours.
    const storePage = await page.getByRole('link', { name: "See the store's page" }).getAttribute('href');
    expect(storePage).toMatch(/^\/stores\/[a-z0-9-]+$/);
    await page.goto(`${base}${storePage}`);
    const hours = page.getByRole('region', { name: 'Opening hours' });
    await hours.waitFor();
    expect(await hours.getByRole('row', { name: /Thursday/ }).textContent()).toContain('9:00am - 8:30pm');
    expect(await hours.getByRole('row', { name: /Sunday/ }).textContent()).toContain('Closed');
    expect(await page.locator('main').textContent()).toContain('(02) 9876 5432');
    const slug = storePage?.split('/').pop() ?? '';

    // One of the store's items: its page offers pickup from the store while pickup is on.
    const search = await fetch(`${base}/c3api/search/results?location=${slug}&NumberOfResults=12`);
    const items = ((await search.json()) as { Value: SearchResultsValue }).Value.ProductList.ProductListItems;
    const item = items.find((i) => i.IsAvailable && !i.DisableInStorePickup);
    expect(item, `an item of ${slug} that can be collected`).toBeTruthy();
    const delivery = page.getByRole('list', { name: 'Delivery options' });

    await page.goto(`${base}/store-console`);
    await openSettings(page);
    const pickup = page.getByRole('form', { name: 'Click and collect' });
    const offered = pickup.getByLabel('Shoppers can order online and collect from this store');
    if (!(await offered.isChecked())) {
      // The demo turns pickup off in a few stores: on first, so its turning off is seen.
      await offered.check();
      await pickup.getByRole('button', { name: 'Save click and collect' }).click();
      await pickup.getByRole('status').getByText('Saved.').waitFor();
    }
    await page.goto(`${base}${item?.Url}`);
    await delivery.waitFor();
    expect(await delivery.textContent()).toMatch(/Free from our .* store/);

    await page.goto(`${base}/store-console`);
    await openSettings(page);
    await offered.uncheck();
    await pickup.getByRole('button', { name: 'Save click and collect' }).click();
    await pickup.getByRole('status').getByText('Saved.').waitFor();
    await page.goto(`${base}${item?.Url}`);
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('Contact store for options');
    expect(await delivery.textContent()).not.toMatch(/Free from our .* store/);
    await expect(page.getByRole('button', { name: /add to cart/i }).count()).resolves.toBe(0);
    // The store's page says so too.
    await page.goto(`${base}${storePage}`);
    await page.getByText('This store is not taking click and collect orders at the moment.').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a bad value beside its field and keeps the saved one', async () => {
    const base = shop.server.baseUrl;
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await signInAsStaff(page, base);
    await openSettings(page);
    const details = page.getByRole('form', { name: 'Contact, address and opening hours' });
    const phone = details.getByLabel('Phone');
    const saved = await phone.inputValue();
    await phone.fill('12');
    await details.getByLabel('Monday').fill('');
    await details.getByRole('button', { name: 'Save contact and hours' }).click();
    await details.getByRole('alert').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const phoneError = await phone.getAttribute('aria-describedby');
    expect(await page.locator(`#${phoneError}`).textContent()).toBe('Please enter a valid Australian phone number');
    expect(await details.getByLabel('Monday').getAttribute('aria-invalid')).toBe('true');

    // The invoice's ABN is checked by the server (its check digits): its answer sits beside the field.
    const invoice = page.getByRole('form', { name: 'Tax invoices' });
    await invoice.getByLabel('ABN').fill('12 345 678 901');
    await invoice.getByRole('button', { name: 'Save tax invoice details' }).click();
    await poll(() => invoice.getByLabel('ABN').getAttribute('aria-invalid')).toBe('true');
    expect(await invoice.textContent()).toContain('Please enter a valid ABN (11 digits)');
    await screenshot(page, 'console-settings-errors');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Settings: / }).waitFor();
    expect(await details.getByLabel('Phone').inputValue()).toBe(saved);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is usable by keyboard: the handling fee changed and saved without a mouse', async () => {
    const base = shop.server.baseUrl;
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await signInAsStaff(page, base);
    await openSettings(page);
    const postage = page.getByRole('form', { name: 'Postage' });
    await tabTo(page, 'Handling fee (dollars)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1.25');
    // Enter in a field sends its section's form (the table's many bands lie between it and the button).
    await page.keyboard.press('Enter');
    await postage.getByRole('status').getByText('Saved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Settings: / }).waitFor();
    expect(await postage.getByLabel('Handling fee (dollars)').inputValue()).toBe('1.25');
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'has no axe violations and no sideways scroll on the settings page on a %s',
    async (size, viewport) => {
      const base = shop.server.baseUrl;
      const { page, problems } = await openPage(shop.browser, viewport, { bypassCSP: true });
      await signInAsStaff(page, base);
      await openSettings(page);
      await page.getByRole('form', { name: 'Postage' }).waitFor();
      await page.waitForTimeout(300);
      await expectNoSidewaysScroll(page, `settings on a ${size}`);
      expect(await axeViolations(page), `settings on a ${size}`).toEqual([]);
      await screenshot(page, `console-settings-${size}`);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
