import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductListItem, SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlBoxes, offScreen, overlaps, scrollsSideways, searchPlaceholder, showing } from './support/layout.js';
import { openPage } from './support/pages.js';
import { type Shop, useShop } from './support/shop.js';

/**
 * The layout at the widths shoppers use, from the narrowest phone to a wide desktop: no page
 * scrolls sideways, the header's controls never overlap or run off the screen, the header stays
 * when scrolled (whole from 768 px, its search row on phones, where the search page's count stays
 * too), nothing moves as it sticks, and the cart and the product page's sticky toolbar keep their
 * parts apart on phones; in between, every 16 px, the header stays tidy. Screenshots of every page
 * and width go to a temporary folder (not kept in the repository) for a person to look at.
 */
const WIDTHS = [320, 390, 768, 1024, 1440] as const;
const HEIGHT = 800;
const SCREENSHOTS = path.join(os.tmpdir(), 'shop-layout-screenshots');

/** A buyable item with a was-price and the longest title found: the hardest case for a narrow cart row and toolbar. */
async function reducedItem(shop: Shop): Promise<ProductListItem> {
  const found: ProductListItem[] = [];
  for (const query of ['ring', 'phone', 'watch', 'guitar']) {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?query=${query}&NumberOfResults=48`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    found.push(
      ...body.Value.ProductList.ProductListItems.filter(
        (item) =>
          item.IsAvailable && !item.ItemUnavailableAsStoreDisabledPickup && item.RrpMinorUnits > item.SpMinorUnits,
      ),
    );
  }
  const item = found.sort((a, b) => b.Title.length - a.Title.length)[0];
  if (!item) throw new Error('no reduced, buyable item in the demo catalogue');
  return item;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** No sideways scroll, and the header's controls each whole on screen and clear of one another. */
async function expectTidy(page: Page, where: string): Promise<void> {
  expect(await scrollsSideways(page), `${where}: the page scrolls sideways`).toBe(false);
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await controlBoxes(page.getByRole('banner'));
  expect(boxes.length, `${where}: the header's controls`).toBeGreaterThanOrEqual(5);
  expect([...overlaps(boxes), ...offScreen(boxes, width)], where).toEqual([]);
  // The empty search field's hint reads whole from 360 px up (on narrower phones it ends in '...').
  const hint = await searchPlaceholder(page);
  if (hint && width >= 360) expect(hint.needed, `${where}: '${hint.text}' is cut off`).toBeLessThanOrEqual(hint.room);
}

async function waitForResults(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /^[\d,]+ results?$/ }).waitFor();
  await page.getByRole('list', { name: 'Items' }).waitFor();
}

/** Scrolls down in steps, as a shopper does, adding up the layout shifts seen meanwhile. */
async function scrollDown(page: Page, distance: number): Promise<number> {
  await page.evaluate(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift' });
  });
  for (let y = 100; y <= distance; y += 100) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(400);
  return page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);
}

describe('the layout from 320 to 1440 px (Australia)', () => {
  const shop = useShop();

  it('keeps every page on screen with the header tidy, sticky and steady, the cart and toolbar legible', async () => {
    const item = await reducedItem(shop);
    const { page, problems } = await openPage(shop.browser, { width: WIDTHS[0], height: HEIGHT });
    const cartButton = page.getByRole('button', { name: /^Cart, \d+ items?$/ });

    // The item goes in the cart once; every width then shows it in the cart and in the toolbar.
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
    const added = page.getByRole('dialog', { name: 'Added to your cart' });
    await added.getByRole('button', { name: 'Continue shopping' }).click();
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart, 1 item');

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      const phone = width < 768;

      await page.goto(shop.server.baseUrl);
      await page.getByRole('list', { name: 'Popular items' }).waitFor();
      await expectTidy(page, `home at ${width}`);
      await shoot(page, `au-home-${width}`);

      await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
      await waitForResults(page);
      await expectTidy(page, `search at ${width}`);
      await shoot(page, `au-search-${width}`);
      const shifts = await scrollDown(page, 1500);
      // The CLS budget for the whole page; sticking alone must not spend it.
      expect(shifts, `layout shift while scrolling at ${width}`).toBeLessThan(0.05);
      const input = page.getByRole('combobox', { name: 'Search for items' });
      expect(await showing(input), `search input after scrolling at ${width}`).toBe(true);
      if (phone) {
        // The count and the sort stay under the header's search row.
        const count = page.getByRole('heading', { level: 1, name: /^[\d,]+ results?$/ });
        expect(await showing(count), `result count after scrolling at ${width}`).toBe(true);
        expect(await showing(page.getByRole('combobox', { name: 'Sort by' })), `sort after scrolling at ${width}`).toBe(
          true,
        );
      } else {
        // The whole header stays: logo, Shop Categories, search, cart.
        expect(await showing(page.getByRole('link', { name: 'Secondhand home' })), `logo at ${width}`).toBe(true);
        expect(await showing(page.getByRole('button', { name: 'Shop Categories' })), `categories at ${width}`).toBe(
          true,
        );
        expect(await showing(cartButton), `cart after scrolling at ${width}`).toBe(true);
        expect((await input.boundingBox())?.width ?? 0, `search input width at ${width}`).toBeGreaterThanOrEqual(160);
      }
      await expectTidy(page, `search scrolled at ${width}`);
      await shoot(page, `au-search-${width}-scrolled`);

      await page.goto(`${shop.server.baseUrl}${item.Url}`);
      await page.getByRole('heading', { level: 1, name: item.Title }).waitFor();
      await expectTidy(page, `product at ${width}`);
      await shoot(page, `au-product-${width}`);
      // The sticky toolbar comes after the warranty section: its price, was-price and note stay apart.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const toolbar = page.getByRole('region', { name: 'Item summary' });
      await toolbar.waitFor();
      await page.waitForTimeout(400); // its 300 ms slide in from below
      const parts = await Promise.all(
        [
          toolbar.locator('.price__now'),
          toolbar.locator('.price__was'),
          toolbar.getByText('This item is already in your cart.'),
        ].map(async (part, i) => {
          const box = await part.boundingBox();
          if (!box) throw new Error(`toolbar part ${i} is not shown at ${width}`);
          return { name: `part ${i}`, left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
        }),
      );
      expect([...overlaps(parts), ...offScreen(parts, width)], `toolbar at ${width}`).toEqual([]);
      expect(await scrollsSideways(page), `product scrolled at ${width}`).toBe(false);
      await shoot(page, `au-product-${width}-toolbar`);

      await cartButton.click();
      const cart = page.getByRole('dialog', { name: 'Your cart' });
      await cart.waitFor();
      await page.waitForTimeout(900); // the modal's 800 ms fade, so the screenshot shows it
      const title = cart.getByRole('link', { name: item.Title });
      const remove = cart.getByRole('button', { name: `Remove ${item.Title}` });
      // A title wraps at word boundaries across its column: at least two words a line on average.
      const lines = await title.evaluate((link) => link.getClientRects().length);
      expect(lines, `cart title lines at ${width}`).toBeLessThanOrEqual(Math.ceil(item.Title.split(/\s+/).length / 2));
      const titleBox = await title.boundingBox();
      const removeBox = await remove.boundingBox();
      if (!titleBox || !removeBox) throw new Error('cart row not shown');
      const row = [titleBox, removeBox].map((box, i) => ({
        name: i === 0 ? 'title' : 'Remove',
        left: box.x,
        right: box.x + box.width,
        top: box.y,
        bottom: box.y + box.height,
      }));
      expect([...overlaps(row), ...offScreen(row, width)], `cart row at ${width}`).toEqual([]);
      expect(await scrollsSideways(page), `cart at ${width}`).toBe(false);
      await shoot(page, `au-cart-${width}`);
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'hidden' });

      await page.goto(`${shop.server.baseUrl}/wishlist`);
      await page.getByRole('heading', { level: 1, name: 'My Wishlist' }).waitFor();
      await expectTidy(page, `wishlist at ${width}`);
      await shoot(page, `au-wishlist-${width}`);
    }
    expect(problems).toEqual([]);
    console.info(`layout screenshots: ${SCREENSHOTS}`);
  }, 150_000); // Five widths, five pages each, with a cart and scrolling: near a minute on its own.

  it('keeps the header tidy at every width in between, 16 px apart, on home and search', async () => {
    const { page, problems } = await openPage(shop.browser, { width: 320, height: HEIGHT });
    for (const [where, url] of [
      ['home', '/'],
      ['search', '/search-results?query=phone'],
    ] as const) {
      await page.goto(`${shop.server.baseUrl}${url}`);
      await page.getByRole('combobox', { name: 'Search for items' }).waitFor();
      if (where === 'search') await waitForResults(page);
      for (let width = 320; width <= 1440; width += 16) {
        await page.setViewportSize({ width, height: HEIGHT });
        await expectTidy(page, `${where} at ${width}`);
        if (width >= 768) {
          const input = await page.getByRole('combobox', { name: 'Search for items' }).boundingBox();
          expect(input?.width ?? 0, `search input width at ${width}`).toBeGreaterThanOrEqual(160);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the layout from 320 to 1440 px (United Kingdom)', () => {
  const shop = useShop({ REGION: 'UK' });

  it('keeps home and search on screen with the header tidy', async () => {
    const { page, problems } = await openPage(shop.browser, { width: WIDTHS[0], height: HEIGHT });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(shop.server.baseUrl);
      await page.getByRole('list', { name: 'Popular items' }).waitFor();
      await expectTidy(page, `UK home at ${width}`);
      await shoot(page, `uk-home-${width}`);
      await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
      await waitForResults(page);
      await expectTidy(page, `UK search at ${width}`);
      await shoot(page, `uk-search-${width}`);
    }
    expect(problems).toEqual([]);
  });
});
