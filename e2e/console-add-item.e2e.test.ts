import type { Region } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { expectNoSidewaysScroll, searchItems } from './support/checkout.js';
import { focusedName, signInAsStaff, tabTo } from './support/console.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/**
 * Adding an item in the console, in each region: a pickup-only item without weight or size, its
 * condition chosen by the name shoppers see, the title's count, and a colour and storage size that
 * put it under the shop's Colour and Storage filters. Keyboard only, at 390 and 1440 px.
 */
describe.each([['AU'], ['UK']] as [Region][])('the store console: adding an item (%s)', (region) => {
  const shop = useShop({ REGION: region });

  async function openForm(page: Page) {
    await signInAsStaff(page, shop.server.baseUrl);
    await page.getByRole('link', { name: 'Add an item' }).click();
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.waitFor();
    return form;
  }

  it('lists a pickup-only item with a colour and storage by keyboard alone, and the shop finds it under those filters', async () => {
    const { page, problems } = await openPage(shop.browser, WIDE);
    const form = await openForm(page);
    const word = `Numbatphone${region}${Date.now().toString(36)}`;

    // The condition reads as shoppers see it, 'Good' to start with.
    const condition = form.getByLabel('Condition');
    expect(await condition.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.text)).toBe('Good');
    expect(await condition.locator('option').allTextContents()).toEqual([
      'Like new',
      'Very good',
      'Good',
      'Fair',
      'Poor',
      'Not graded',
    ]);

    await tabTo(page, 'Title');
    await page.keyboard.type(`${word} 128GB`);
    const count = await form.getByLabel('Title').evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(count).toBe(`${word.length + 6}/150 characters`);
    await screenshot(page, `console-add-item-${region}-title-1440`);
    await tabTo(page, 'Category');
    await form.getByLabel('Category').selectOption({ label: 'Phones › Smartphones' });
    await tabTo(page, 'Condition');
    await condition.selectOption({ label: 'Very good' });
    await tabTo(page, 'Colour (optional)');
    await form.getByLabel('Colour (optional)').selectOption({ label: 'Graphite' });
    await tabTo(page, 'Storage (optional)');
    await form.getByLabel('Storage (optional)').selectOption({ label: '128GB' });
    await tabTo(page, 'Price');
    await page.keyboard.type('320');
    // Pickup only: the sizes are then optional and left empty.
    await tabTo(page, 'Can be posted (otherwise pickup in store only)');
    await page.keyboard.press('Space');
    expect(await form.getByLabel('Weight (grams)').getAttribute('required')).toBeNull();
    await screenshot(page, `console-add-item-${region}-1440`);
    await tabTo(page, 'Add the item');
    await page.keyboard.press('Enter');

    const notice = page.getByText(/^Added .* It is on sale in the shop now\./);
    await notice.waitFor();
    expect(await focusedName(page)).toMatch(/^Added /);
    const facts = page.locator('.stock-item__facts');
    for (const [term, detail] of [
      ['Condition', 'Very good'],
      ['Colour', 'Graphite'],
      ['Storage', '128GB'],
      ['Weight', 'Not given'],
      ['Postage', 'Pickup in store only'],
    ])
      expect(
        await facts
          .locator('div', { has: page.locator('dt', { hasText: term }) })
          .locator('dd')
          .textContent(),
      ).toBe(detail);

    const filtered = await searchItems(shop.server.baseUrl, `query=${word}&colour=graphite&storage=128gb`);
    expect(filtered.map((item) => item.Title)).toEqual([`${word} 128GB`]);
    expect(await searchItems(shop.server.baseUrl, `query=${word}&colour=black`)).toEqual([]);
    await page.goto(`${shop.server.baseUrl}/search-results?query=${word}&colour=graphite&storage=128gb`);
    await page
      .getByRole('link', { name: new RegExp(word) })
      .first()
      .waitFor();
    expect(problems).toEqual([]);
  });

  it('asks for weight and size when the item can be posted, and fits a phone', async () => {
    const { page, problems } = await openPage(shop.browser, PHONE);
    const form = await openForm(page);
    await form.getByLabel('Title').fill('A parcel without a size');
    await screenshot(page, `console-add-item-${region}-title-390`);
    await form.getByLabel('Category').selectOption({ label: 'Phones › Smartphones' });
    await form.getByLabel('Price', { exact: true }).fill('12');
    await form.getByRole('button', { name: 'Add the item' }).click();
    const weight = form.getByLabel('Weight (grams)');
    await expect.poll(() => focusedName(page)).toBe('Weight (grams)');
    expect(await weight.getAttribute('aria-invalid')).toBe('true');
    expect(await form.textContent()).toContain('Weight is needed for an item that can be posted');
    await expectNoSidewaysScroll(page, `the add-item form (${region}, 390 px)`);
    await screenshot(page, `console-add-item-${region}-390`);
    expect(problems).toEqual([]);
  });
});
