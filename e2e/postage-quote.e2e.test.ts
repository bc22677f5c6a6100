import { mkdirSync } from 'node:fs';
import type { PostageQuote, ProductListItem, SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/**
 * The product page's postcode box, in each region: the page says "From" the cheapest table rate,
 * a postcode of the wrong shape is refused beside the box, a good one is quoted Regular and
 * Express with delivery times (the figures the quote call gives, which the API tests hold equal
 * to checkout's), and the postcode is remembered for the next page, where the search results'
 * card of the item then says that figure ("Postage $X to <postcode>").
 */
const CASES = [
  {
    region: 'AU',
    bad: '12a',
    badMessage: 'Please enter a 4 digit postcode',
    good: '0870',
  },
  {
    region: 'UK',
    bad: 'M1',
    badMessage: 'Please ensure that you have entered your postcode in the correct format e.g. M1 1AE',
    good: 'IV2 3AA',
  },
] as const;

describe.each(CASES)('the postcode box on the product page ($region)', ({ region, bad, badMessage, good }) => {
  const shop = useShop({ REGION: region });
  const api = async <T>(path: string): Promise<T> =>
    ((await (await fetch(`${shop.server.baseUrl}${path}`)).json()) as { Value: T }).Value;

  /** An item the shopper can have posted: available, from a store open to pickup. */
  async function postableItem(): Promise<ProductListItem> {
    const results = await api<SearchResultsValue>('/c3api/search/results?delivery=postage&pageSize=24');
    const item = results.ProductList.ProductListItems.find(
      (i) => i.IsAvailable && !i.ItemUnavailableAsStoreDisabledPickup && i.ShippingCost !== null,
    );
    if (!item) throw new Error('Nothing postable in the demo catalogue');
    return item;
  }

  const box = (page: Page) => page.getByRole('region', { name: 'Postage to your door' });

  it('quotes Regular and Express for a postcode, refuses a bad one inline, and remembers it', async () => {
    const item = await postableItem();
    const expected = await api<PostageQuote>(
      `/c3api/product/postage?${new URLSearchParams({ code: item.Code, postcode: good })}`,
    );
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    const symbol = region === 'AU' ? '$' : '£';
    const from = `From ${symbol}${((item.ShippingCost ?? 0) / 100).toFixed(2)}, depending on your postcode`;
    // The delivery list (in the summary, and again in the page's accordions) says "From".
    await expect.poll(() => page.getByText(from).count()).toBeGreaterThan(0);
    expect(await page.getByText(/to anywhere in/).count()).toBe(0);

    const postcode = box(page).getByRole('textbox', { name: 'Postcode' });
    await postcode.fill(bad);
    await box(page).getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => box(page).getByRole('alert').textContent()).toBe(badMessage);
    expect(await postcode.getAttribute('aria-invalid')).toBe('true');

    await postcode.fill(good);
    await box(page).getByRole('button', { name: 'Check' }).click();
    const options = box(page).getByRole('list', { name: `Postage to ${good}` });
    await expect.poll(() => options.count()).toBe(1);
    expect(await box(page).getByRole('alert').count()).toBe(0);
    const regular = options.getByRole('listitem').filter({ hasText: 'Regular' });
    expect(await regular.textContent()).toBe(`Regular${expected.Regular?.Display}${expected.RegularTimeLine}`);
    const express = options.getByRole('listitem').filter({ hasText: 'Express' });
    expect(await express.textContent()).toBe(
      expected.Express
        ? `Express${expected.Express.Display}${expected.ExpressTimeLine}`
        : 'ExpressNot available to this postcode',
    );
    await snap(page, `${region}-phone`);

    // The next visit quotes the same postcode at once.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect
      .poll(() =>
        box(page)
          .getByRole('list', { name: `Postage to ${good}` })
          .count(),
      )
      .toBe(1);
    expect(await box(page).getByRole('textbox', { name: 'Postcode' }).inputValue()).toBe(good);
    await snap(page, `${region}-desktop`);

    // Cards shown later say what this postcode costs: the search results' card of the item, once
    // the page is idle, has the item page's Regular figure in place of "Postage from".
    await page.goto(`${shop.server.baseUrl}/search-results?${new URLSearchParams({ query: item.Title })}`);
    const card = page.locator('article.product-card').filter({ has: page.locator(`a[href="${item.Url}"]`) });
    const line = card.locator('.product-card__postage');
    await expect.poll(() => line.textContent()).toContain(item.ShippingLabel);
    await expect
      .poll(() => line.locator('.card-postage__exact').textContent(), { timeout: 10_000 })
      .toBe(`Postage ${expected.Regular?.Display} to ${good}`);
    // It sits over the hidden "from" line, in its box (nothing moves), and fits it at both widths.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await line.evaluate((p) => {
        const exact = p.querySelector<HTMLElement>('.card-postage__exact');
        const withExact = p.getBoundingClientRect().height;
        if (exact) exact.style.display = 'none';
        const without = p.getBoundingClientRect().height;
        if (exact) exact.style.display = '';
        return { withExact, without, fits: !!exact && exact.scrollHeight <= exact.clientHeight + 1 };
      });
      expect(box.withExact, `${width}`).toBe(box.without);
      expect(box.fits, `${width}`).toBe(true);
      if (process.env.POSTAGE_SHOTS)
        await card.screenshot({ path: `${process.env.POSTAGE_SHOTS}/${region}-card-${width}.png` });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** A look at the box at this size, and no sideways scrolling. */
async function snap(page: Page, name: string): Promise<void> {
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrolls, `${name} scrolls sideways`).toBe(false);
  const dir = process.env.POSTAGE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.getByRole('region', { name: 'Postage to your door' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/${name}.png` });
}
