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

describe.each(Object.entries(VIEWPORTS))('the cart on a %s', (_size, viewport) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-cart-'));
  const shop = useShop({ DATA_DIR: dataDir });

  /** Two buyable items from different stores. */
  async function twoStores(): Promise<[ProductListItem, ProductListItem]> {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?query=amp&NumberOfResults=48`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const buyable = body.Value.ProductList.ProductListItems.filter(
      (i) => i.IsAvailable && !i.ItemUnavailableAsStoreDisabledPickup,
    );
    const first = buyable[0];
    const second = buyable.find((i) => i.StoreNameWithState !== first?.StoreNameWithState && i.Title !== first?.Title);
    if (!first || !second) throw new Error('no two buyable items from two stores');
    return [first, second];
  }

  function raisePrice(item: ProductListItem): void {
    const db = new Database(path.join(dataDir, 'shop.sqlite'));
    try {
      db.prepare('UPDATE products SET price_minor = price_minor + 500 WHERE id = ?').run(item.Id);
      // The database's change-feed trigger tells the server's search index.
    } finally {
      db.close();
    }
  }

  async function addFromProductPage(page: Page, item: ProductListItem, priceChanged: () => void = () => {}) {
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(item.Title);
    priceChanged();
    await page.locator('.product__summary').getByRole('button', { name: 'Add to cart' }).click();
  }

  it('adds from the product page, through the changes dialog, across two stores, and removes in the modal and on the cart page', async () => {
    const [first, second] = await twoStores();
    const { page, problems } = await openPage(shop.browser, viewport);
    const cartButton = page.getByRole('button', { name: /^Cart, \d+ items?$/ });

    // An unchanged item goes straight in: the add-to-cart modal, then 'already in your cart'.
    await addFromProductPage(page, first);
    const added = page.getByRole('dialog', { name: 'Added to your cart' });
    await added.waitFor();
    await added.getByRole('button', { name: 'Continue shopping' }).click();
    await page.getByText('This item is already in your cart.').waitFor();
    expect(await page.getByRole('link', { name: 'View Cart' }).count()).toBeGreaterThan(0);
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart, 1 item');

    // The price rose on the server after the page was shown: the changes dialog warns first.
    await addFromProductPage(page, second, () => raisePrice(second));
    const changes = page.getByRole('dialog', { name: 'This item has changed' });
    await changes.waitFor();
    expect(await changes.getByText(`${second.Title}: price has increased.`).count()).toBe(1);
    expect(await changes.getByRole('alert').getAttribute('class')).toContain('notice--warning');
    expect(await changes.getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(true);
    await changes.getByRole('button', { name: 'Confirm' }).click();
    await added.waitFor();
    await added.getByRole('button', { name: 'View cart' }).click();

    // The cart modal reopens with one panel per store and the summary.
    const cart = page.getByRole('dialog', { name: 'Your cart', exact: true });
    await cart.waitFor();
    expect(
      await cart.getByRole('region', { name: 'Cart summary' }).getByText('+ postage (if applicable)').count(),
    ).toBe(1);
    expect(await cart.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(2);
    expect(await cart.getByRole('link', { name: first.Title, exact: true }).count()).toBe(1);
    expect(await cart.getByRole('link', { name: second.Title, exact: true }).count()).toBe(1);
    expect(await cart.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(await cart.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart, 2 items');

    // One removed in the modal, then the cart page: no 'View cart' there (it would lead to itself).
    await cart.getByRole('button', { name: `Remove ${first.Title}` }).click();
    await expect.poll(() => cart.getByRole('link', { name: first.Title, exact: true }).count()).toBe(0);
    await cart.getByRole('link', { name: 'View cart' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    expect(await cart.count()).toBe(0);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: second.Title, exact: true }).count()).toBe(1);
    expect(await main.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(await main.getByRole('link', { name: 'View cart' }).count()).toBe(0);

    // Removing the last leaves the empty text and a way back to the shop.
    await main.getByRole('button', { name: `Remove ${second.Title}` }).click();
    await main.getByText('Your cart is empty.').waitFor();
    expect(await main.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(problems).toEqual([]);
    await page.close();
  });
});
