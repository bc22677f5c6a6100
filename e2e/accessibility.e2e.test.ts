import type { SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { axeViolations, openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

describe.each(Object.entries(VIEWPORTS))('accessibility (axe-core) on a %s', (_size, viewport) => {
  const shop = useShop();

  async function check(path: string, ready: (page: Page) => Promise<unknown>, consent: 'accepted' | null) {
    const { page } = await openPage(shop.browser, viewport, { consent, bypassCSP: true });
    await page.goto(`${shop.server.baseUrl}${path}`);
    await ready(page);
    // Let carousels and pictures settle before measuring.
    await page.waitForTimeout(500);
    const violations = await axeViolations(page);
    await page.close();
    return violations;
  }

  it('finds no violations on the home page, with and without the consent banner', async () => {
    const ready = (page: Page) =>
      page.getByRole('list', { name: 'Popular items' }).getByRole('article').first().waitFor();
    expect(await check('/', ready, null)).toEqual([]);
    expect(await check('/', ready, 'accepted')).toEqual([]);
  });

  it('finds no violations on the search results page', async () => {
    const ready = (page: Page) => page.getByRole('list', { name: 'Items' }).getByRole('article').first().waitFor();
    expect(await check('/search-results?query=phone', ready, 'accepted')).toEqual([]);
  });

  it('finds no violations on a product page', async () => {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?query=camera&haspictures=true`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const url = body.Value.ProductList.ProductListItems[0]?.Url;
    if (!url) throw new Error('no camera');
    const ready = async (page: Page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The captcha and the similar items load as they come near the screen, as a shopper scrolls.
      await page.getByRole('form', { name: 'Ask the store about this item' }).scrollIntoViewIfNeeded();
      await page.getByRole('img', { name: /^Security check/ }).waitFor();
      await page.locator('section.similar').scrollIntoViewIfNeeded();
      await page.getByRole('list', { name: 'Similar items' }).waitFor();
    };
    expect(await check(url, ready, 'accepted')).toEqual([]);
  });
});
