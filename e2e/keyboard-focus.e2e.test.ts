import type { Region } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import {
  addToCartByApi,
  DEMO_STREET,
  detailFields,
  detailsForm,
  openCheckout,
  twoStoreItems,
} from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/** Where the focus is: inside the cookie banner, the skip link, or something else (its text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    if (element.closest('#cookie-settings')) return `banner: ${element.textContent?.trim()}`;
    return element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName;
  });
}

/**
 * Keyboard paths in each region: a visitor who has not answered the cookie question meets it at the
 * first Tab stops (before the skip link, which follows at once), and choosing an address from the
 * lookup leaves the focus in the address's group rather than dropping it to the page.
 */
describe.each([['AU'], ['UK']] as [Region][])('keyboard focus (%s)', (region) => {
  const shop = useShop({ REGION: region }, { host: 'localhost' });

  it('reaches the cookie banner with the first Tab, then the skip link; once answered the skip link is first', async () => {
    for (const viewport of [WIDE, PHONE]) {
      const { page, problems } = await openPage(shop.browser, viewport, { consent: null });
      await page.goto(`${shop.server.baseUrl}/`);
      await page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
      // The banner's own stops (its link, Accept, Decline) come first, then the skip link.
      const stops: string[] = [];
      do {
        await page.keyboard.press('Tab');
        stops.push(await focused(page));
      } while (stops.at(-1)?.startsWith('banner: ') && stops.length < 6);
      expect(stops[0]).toMatch(/^banner: /);
      expect(stops).toContain('banner: Accept');
      expect(stops.at(-2)).toBe('banner: Decline');
      expect(stops.at(-1)).toBe('Skip to content');
      // The skip link still works: Enter moves on to the page's main content.
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await screenshot(page, `keyboard-banner-${region}-${viewport.width}`);

      // Answered by keyboard (Accept), the banner goes, and so do its Tab stops.
      await page.reload();
      await page.keyboard.press('Tab');
      while ((await focused(page)) !== 'banner: Accept') await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: 'Cookies on this site' }).waitFor({ state: 'detached' });
      await page.reload();
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Skip to content');
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('keeps the focus in the address group after an address is picked from the lookup by keyboard', async () => {
    const [item] = await twoStoreItems(shop.server.baseUrl, 'query=chair');
    for (const viewport of [WIDE, PHONE]) {
      const { page, problems } = await openPage(shop.browser, viewport);
      await addToCartByApi(page, shop.server.baseUrl, item.Id);
      await openCheckout(page, shop.server.baseUrl);
      const search = detailFields(page).addressSearch;
      await search.focus();
      await page.keyboard.type(DEMO_STREET[region].typed, { delay: 10 });
      await page.getByRole('option', { name: DEMO_STREET[region].suggestion, exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await detailsForm(page).locator('.address-lookup__text').waitFor();

      const where = await page.evaluate(() => {
        const element = document.activeElement;
        return {
          inGroup: Boolean(element?.closest('.address-lookup')),
          label: element?.getAttribute('aria-label') ?? null,
        };
      });
      expect(where).toEqual({ inGroup: true, label: 'Edit billing address' });
      await screenshot(page, `keyboard-address-${region}-${viewport.width}`);
      // Tab goes on from the group to what follows it, not from the top of the page.
      await page.keyboard.press('Tab');
      expect(await focused(page)).not.toBe('Skip to content');
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
