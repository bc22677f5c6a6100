import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductListItem, SearchResultsValue } from '@shop/contract';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

describe.each(Object.entries(VIEWPORTS))('the wishlist on a %s', (_size, viewport) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-wishlist-'));
  const shop = useShop({ DATA_DIR: dataDir });

  async function buyable(query: string): Promise<ProductListItem[]> {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?${query}`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const seen = new Set<string>();
    return body.Value.ProductList.ProductListItems.filter((i) => {
      const fresh = !seen.has(i.Title);
      seen.add(i.Title);
      return fresh && i.IsAvailable && !i.ItemUnavailableAsStoreDisabledPickup && !i.DisableInStorePickup;
    });
  }

  function markSold(item: ProductListItem): void {
    const db = new Database(path.join(dataDir, 'shop.sqlite'));
    try {
      db.prepare("UPDATE products SET status = 'sold' WHERE id = ?").run(item.Id);
      // The database's change-feed trigger tells the server's search index.
    } finally {
      db.close();
    }
  }

  async function dismissPrompt(page: Page) {
    const prompt = page.getByRole('dialog', { name: 'Wishlist alerts' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    await prompt.getByRole('button', { name: 'Maybe later' }).click();
    await prompt.waitFor({ state: 'hidden' });
  }

  it('adds from search results and the product page, cleans up a sold item and follows the cart', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=amp`);
    const [fromSearch] = await buyable('query=amp');
    if (!fromSearch) throw new Error('no amp');
    const card = page.getByRole('article', { name: fromSearch.Title, exact: true }).first();
    const heart = card.getByRole('button', { name: `Add ${fromSearch.Title} to wishlist` });
    await heart.click();
    await dismissPrompt(page);
    await expect
      .poll(() => card.getByRole('button', { name: `Remove ${fromSearch.Title} from wishlist` }).count())
      .toBe(1);

    // The product page's heart (optimistic).
    const others = (await buyable('query=camera')).filter((i) => i.Title !== fromSearch.Title);
    const [toSell, toKeep] = others;
    if (!toSell || !toKeep) throw new Error('not enough cameras');
    for (const item of [toSell, toKeep]) {
      await page.goto(`${shop.server.baseUrl}${item.Url}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(item.Title);
      // The item's own heart, not a similar item's that may share its title.
      const ownHeart = page.locator('.product__heart');
      await ownHeart.and(page.getByRole('button', { name: `Add ${item.Title} to wishlist` })).click();
      await ownHeart.and(page.getByRole('button', { name: `Remove ${item.Title} from wishlist` })).waitFor();
      // The reminder appears once, not after every heart (remembered with the shopper's consent).
      expect(await page.getByRole('dialog', { name: 'Wishlist alerts' }).isVisible()).toBe(false);
    }

    // The wishlist page lists all three.
    await page.goto(`${shop.server.baseUrl}/wishlist`);
    await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
    await page.getByText('3 items', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account');
    const grid = page.getByRole('list', { name: 'Wishlist items' });
    expect(await grid.getByRole('article').count()).toBe(3);

    // One sells: Clean Up removes it.
    markSold(toSell);
    await page.reload();
    await page.getByText('3 items', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clean Up' }).click();
    const cleanUp = page.getByRole('dialog', { name: 'Clean Up' });
    await cleanUp.getByRole('button', { name: 'Clean Up' }).click();
    await page.getByText('2 items', { exact: true }).waitFor();
    expect(await grid.getByRole('article', { name: toSell.Title, exact: true }).count()).toBe(0);

    // The in-cart flag follows the cart.
    const kept = grid.getByRole('article', { name: toKeep.Title, exact: true });
    await kept.getByRole('button', { name: `Add ${toKeep.Title} to cart` }).click();
    const inCart = kept.getByRole('button', { name: `${toKeep.Title}: Product in cart` });
    await inCart.waitFor();
    expect(await inCart.isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Cart, / }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart', exact: true });
    await cart.getByRole('button', { name: `Remove ${toKeep.Title}` }).click();
    await cart.getByText('Your cart is empty.').waitFor();
    await cart.getByRole('button', { name: 'Close' }).click();
    await kept.getByRole('button', { name: `Add ${toKeep.Title} to cart` }).waitFor();

    // Removing an available item asks first.
    await kept.getByRole('button', { name: `Remove ${toKeep.Title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove item' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('1 item', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the wishlist page with more than a page of items', () => {
  const shop = useShop();

  it('sorts and loads more', async () => {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?NumberOfResults=48`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const codes = [...new Set(body.Value.ProductList.ProductListItems.map((i) => i.Code))].slice(0, 21);
    expect(codes.length).toBe(21);
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    await page.goto(`${shop.server.baseUrl}/wishlist`);
    await page.getByText("There doesn't seem to be anything here.").waitFor();
    // Fill the wishlist through the API from the page, as the hearts would.
    await page.evaluate(async (all) => {
      const xsrf = document.cookie
        .split(';')
        .map((part) => part.trim().split('='))
        .find(([key]) => key === 'XSRF-TOKEN')?.[1];
      let token: string | null = window.localStorage.getItem('wishlist-token');
      for (const code of all) {
        const reply = await fetch('/c3api/wishlist/add', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? '') },
          body: JSON.stringify({ Token: token, ItemCode: code }),
        });
        const value = ((await reply.json()) as { Value: { Token: string; ExpiryDate: string } }).Value;
        token = value.Token;
        window.localStorage.setItem('wishlist-token', value.Token);
        window.localStorage.setItem('wishlist-token-expiry', value.ExpiryDate);
      }
    }, codes);
    await page.reload();
    await page.getByText('21 items', { exact: true }).waitFor();
    const grid = page.getByRole('list', { name: 'Wishlist items' });
    const pageSize = await grid.getByRole('article').count();
    expect(pageSize).toBeLessThan(21);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => grid.getByRole('article').count()).toBe(Math.min(21, pageSize * 2));

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect.poll(() => grid.getByRole('article').count()).toBe(pageSize);
    // A sold item says 'Sold' and one whose store turned pickup off 'Contact store for options':
    // the order is judged on the cards that show a price.
    const prices = (await grid.locator('.wishlist-card__price').allTextContents())
      .filter((text) => /\d/.test(text))
      .map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(problems).toEqual([]);
    await page.close();
  });
});
