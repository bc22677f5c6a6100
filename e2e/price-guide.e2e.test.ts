import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { expectNoSidewaysScroll, searchItems } from './support/checkout.js';
import { focusedName, signInAsStaff } from './support/console.js';
import { controlBoxes, overlaps } from './support/layout.js';
import { axeViolations, openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/**
 * The model the journey prices: the demo catalogue sells iPhone 13s in many stores of the region,
 * so its guide has a sold history to suggest from. The words after " - " are not model words, so a
 * tag there finds the new item in the shop without changing what it is compared with.
 */
const MODEL = { title: 'Apple iPhone 13 128GB', category: 'Phones › Smartphones', brand: 'Apple' };

/** '$478.00' or '£1,299.50' as the field holds it after "Use this price": '478', '1299.50'. */
function asTyped(shown: string): string {
  const minor = Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

async function describeItem(page: Page, form: Locator, tag: string) {
  await form.getByLabel('Title').fill(`${MODEL.title} - ${tag}`);
  await form.getByLabel('Category').selectOption({ label: MODEL.category });
  await form.getByLabel('Brand (optional)').fill(MODEL.brand);
  await form.getByLabel('Condition').selectOption({ label: 'Very good' });
  const guide = form.getByRole('region', { name: 'Price guide' });
  await guide.getByRole('button', { name: 'Use this price' }).waitFor();
  await expect
    .poll(() => page.getByTestId('price-guide-announcement').textContent())
    .toMatch(/^Price guide: suggested/);
  return guide;
}

/** The layout checks of the form with its guide open: nothing overlaps, nothing scrolls sideways. */
async function expectTidy(page: Page, form: Locator, name: string) {
  await expectNoSidewaysScroll(page, name);
  const price = form.locator('.price-guide-layout');
  expect(overlaps(await controlBoxes(price))).toEqual([]);
}

describe('the store console: the price guide while adding an item', () => {
  const shop = useShop({ REGION: 'AU' });

  it('suggests a price from the sold history, "Use this price" fills the price, and the item is listed at it', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop, { bypassCSP: true });
    await signInAsStaff(page, shop.server.baseUrl);
    await page.getByRole('link', { name: 'Add an item' }).click();
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.waitFor();
    const tag = `Numbat${Date.now().toString(36)}`;
    const guide = await describeItem(page, form, tag);

    const text = (await guide.textContent()) ?? '';
    expect(text).toMatch(/Sold median\$[\d,]+\.\d\d/);
    expect(text).toMatch(/\d+ sold in the last 180 days, \d+ listed now/);
    expect(text).toMatch(/Confidence(High|Medium|Low): /);
    const links = guide.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    expect(await links.first().getAttribute('href')).toMatch(/^\/product\//);
    const suggested =
      (await guide
        .getByText(/^Suggested price/)
        .locator('strong')
        .textContent()) ?? '';
    expect(suggested).toMatch(/^\$[\d,]+\.\d\d$/);

    // The form with its guide open passes axe (the labelled region, the links' names, contrast).
    expect(await axeViolations(page)).toEqual([]);
    await guide.locator('.price-guide__suggestion').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-price-guide-1280');
    await expectTidy(page, form, 'the add-item form with its price guide (1280 px)');
    await page.setViewportSize(VIEWPORTS.phone);
    await guide.locator('.price-guide__suggestion').scrollIntoViewIfNeeded();
    // Two frames after the resize, so the picture is the page at its new width (not half repainted).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await screenshot(page, 'console-price-guide-390');
    await expectTidy(page, form, 'the add-item form with its price guide (390 px)');
    await page.setViewportSize(VIEWPORTS.desktop);

    await guide.getByRole('button', { name: 'Use this price' }).click();
    const price = form.getByLabel('Price', { exact: true });
    expect(await price.inputValue()).toBe(asTyped(suggested));
    expect(await focusedName(page)).toBe('Price');
    expect(await page.getByTestId('price-guide-announcement').textContent()).toBe(`Price set to ${suggested}.`);

    // Pickup only: no weight or size needed.
    await form.getByLabel('Can be posted (otherwise pickup in store only)').uncheck();
    await form.getByRole('button', { name: 'Add the item' }).click();
    await page.getByText(/^Added .* It is on sale in the shop now\./).waitFor();
    expect(
      await page
        .locator('.stock-item__facts div', { has: page.locator('dt', { hasText: /^Price$/ }) })
        .locator('dd')
        .textContent(),
    ).toBe(suggested);
    const listed = await searchItems(shop.server.baseUrl, `query=${tag}`);
    expect(listed.map((item) => [item.Title, item.Sp])).toEqual([[`${MODEL.title} - ${tag}`, suggested]]);
    expect(problems).toEqual([]);
  });
});
