import type { ProductListItem, SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/** A poll with room for a shared two-core machine. */
function poll<T>(fn: () => Promise<T> | T) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}

/** What has keyboard focus: its accessible name as a screen reader would start to read it. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '(page)';
    return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
  });
}

/**
 * Keyboard, focus, scroll and cookie-choice polish, in a real browser on the desktop size: focus
 * after the add-to-cart dialog, the results' scroll position after Back from a product page, the
 * footer's Cookie settings, and hearts after declining cookies.
 */
describe('shop polish in the browser', () => {
  const shop = useShop();
  const viewport = VIEWPORTS.desktop;

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

  it('hands focus to View Cart after the add-to-cart dialog closes', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    const [item] = await buyable('query=amp');
    if (!item) throw new Error('no amp to buy');
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Added to your cart' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue shopping' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The button pressed is gone (the item is in the cart): focus is on the link that replaced it.
    await poll(() => focused(page)).toBe('View Cart');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /cart/i }).first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('steps through the sort options with the arrow keys and sorts on Enter, once', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    let searches = 0;
    page.on('request', (request) => {
      if (request.url().includes('/c3api/search/results')) searches++;
    });
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.waitFor();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/results?$/);
    const before = searches;
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(500);
    // The selection moved, but nothing was reloaded.
    const chosen = await sort.inputValue();
    expect(new URL(page.url()).searchParams.get('Sort')).toBeNull();
    expect(searches).toBe(before);
    await page.keyboard.press('Enter');
    await poll(() => new URL(page.url()).searchParams.get('Sort')).toBe(chosen);
    await poll(() => searches).toBe(before + 1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('moves between pictures with the arrow keys in the zoom view', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?query=phone&haspictures=true`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const item = body.Value.ProductList.ProductListItems[0];
    if (!item) throw new Error('no item with pictures');
    await page.goto(`${shop.server.baseUrl}${item.Url}`);
    await page.getByRole('button', { name: /^Zoom in on picture 1 of/ }).click();
    const zoom = page.getByRole('dialog', { name: item.Title });
    await zoom.waitFor();
    const count = zoom.getByText(/^Picture \d+ of \d+/);
    const total = Number(((await count.textContent()) ?? '').match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(1);
    // Focus is on the dialog's Close button, outside the picture: the keys still work.
    await page.keyboard.press('ArrowRight');
    await poll(() => count.textContent()).toMatch(/^Picture 2 of/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await poll(() => count.textContent()).toMatch(new RegExp(`^Picture ${total} of`));
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('comes back from a product page to the same place in the results', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=`);
    const cards = page.getByRole('list', { name: 'Items' }).getByRole('article');
    await poll(() => cards.count()).toBeGreaterThan(12);
    // Down the list to the twelfth item, as a shopper reading the results would.
    const card = cards.nth(11);
    await card.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.waitForTimeout(400);
    const left = await page.evaluate(() => window.scrollY);
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name: title }).click();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    await page.goBack();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/results?$/);
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(5);
    // The item left is on screen again.
    const box = await page.getByRole('article', { name: title, exact: true }).first().boundingBox();
    expect(box && box.y >= -box.height && box.y < viewport.height).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("brings the cookie choice back from the footer's Cookie settings", async () => {
    const { page, problems } = await openPage(shop.browser, viewport, { consent: 'declined' });
    await page.goto(`${shop.server.baseUrl}/`);
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await banner.count()).toBe(0);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' });
    await link.focus();
    await page.keyboard.press('Enter');
    await banner.waitFor();
    await poll(() => focused(page)).toBe('Cookies on this site');
    expect(await banner.getByText('You have declined these cookies').count()).toBe(1);
    await screenshot(page, 'polish-cookie-settings-desktop');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
    await poll(() => focused(page)).toBe('Cookie settings');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('does not let a heart look saved without cookies, and keeps it once they are allowed', async () => {
    const { page, problems } = await openPage(shop.browser, viewport, { consent: 'declined' });
    const [item] = await buyable('query=camera');
    if (!item) throw new Error('no camera');
    await page.goto(`${shop.server.baseUrl}/search-results?query=camera`);
    const card = page.getByRole('article', { name: item.Title, exact: true }).first();
    const add = card.getByRole('button', { name: `Add ${item.Title} to wishlist` });
    const remove = card.getByRole('button', { name: `Remove ${item.Title} from wishlist` });
    await add.click();
    const ask = page.getByRole('dialog', { name: 'Your wishlist needs cookies' });
    await ask.waitFor();
    await screenshot(page, 'polish-wishlist-cookies-desktop');
    await ask.getByRole('button', { name: 'Not now' }).click();
    await ask.waitFor({ state: 'hidden' });
    // Nothing saved, nothing pretended, and focus is back on the heart.
    expect(await add.getAttribute('aria-pressed')).toBe('false');
    await poll(() => focused(page)).toBe(`Add ${item.Title} to wishlist`);

    await add.click();
    await ask.getByRole('button', { name: 'Allow cookies and save' }).click();
    await remove.waitFor();
    const reminder = page.getByRole('dialog', { name: 'Wishlist alerts' });
    if (await reminder.isVisible()) await reminder.getByRole('button', { name: 'Maybe later' }).click();
    // Saved for real: still there after a reload.
    await page.reload();
    await remove.waitFor();

    // Declining again lets the visitor's wishlist go at once, and a reload agrees.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Decline' }).click();
    await add.waitFor();
    await page.reload();
    await add.waitFor();
    expect(await remove.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
