import type { BannersValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { controlBoxes, tooClose } from './support/layout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

describe.each(Object.entries(VIEWPORTS))('the home page on a %s', (size, viewport) => {
  const shop = useShop();

  /**
   * Opens the home page with the real banners at a shorter autoplay delay, so the test need not
   * wait 10 s. The server renders the home page with its banners, so the page is reached from
   * another one (the cart, which the browser draws) by the logo: then the browser asks for them.
   */
  async function openHomeWithDelay(page: Page, delay: number) {
    await page.route('**/c3api/banners*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.Value.Delay = delay;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${shop.server.baseUrl}/cart`);
    await page.getByRole('link', { name: 'Secondhand home' }).click();
  }

  function currentDot(page: Page) {
    return page
      .getByRole('region', { name: 'Featured offers' })
      .getByRole('button', { name: /^Show slide/ })
      .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));
  }

  it('shows the banners with one dot each, the first title as a heading, and working dots', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    const response = await fetch(`${shop.server.baseUrl}/c3api/banners?placement=home`);
    const banners = (await response.json()) as { Value: BannersValue };
    expect(banners.Value.Banners.length).toBeGreaterThan(1);
    await page.goto(shop.server.baseUrl);
    const carousel = page.getByRole('region', { name: 'Featured offers' });
    const dots = carousel.getByRole('button', { name: /^Show slide/ });
    await expect.poll(() => dots.count()).toBe(banners.Value.Banners.length);
    expect(await currentDot(page)).toBe(0);
    const first = banners.Value.Banners[0];
    if (first?.TitleSize === 'Large') {
      expect(await carousel.getByRole('heading', { level: 1, name: first.Title }).count()).toBe(1);
    }
    // Hidden slides are inert: their links cannot be tabbed to.
    const slides = carousel.getByRole('group');
    expect(await slides.nth(1).getAttribute('inert')).not.toBeNull();
    await page.getByRole('list', { name: 'Popular items' }).getByRole('article').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `home-page-${size}`);
    // Nothing on the page (the header's search row included) makes it scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await dots.nth(1).click();
    await expect.poll(() => currentDot(page)).toBe(1);
    expect(await slides.nth(1).getAttribute('inert')).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays by itself, and the Pause button stops it', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await openHomeWithDelay(page, 1200);
    const carousel = page.getByRole('region', { name: 'Featured offers' });
    await carousel.waitFor();
    await page.mouse.move(2, viewport.height - 2);
    await expect.poll(() => currentDot(page), { timeout: 6000 }).toBe(1);
    await carousel.getByRole('button', { name: 'Pause the slideshow' }).click();
    const play = carousel.getByRole('button', { name: 'Play the slideshow' });
    expect(await play.count()).toBe(1);
    // Move focus and pointer away: hover and focus also pause, so this checks the button alone.
    await page.mouse.move(2, viewport.height - 2);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const paused = await currentDot(page);
    await page.waitForTimeout(3000);
    expect(await currentDot(page)).toBe(paused);
    await play.click();
    await page.mouse.move(2, viewport.height - 2);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(() => currentDot(page), { timeout: 6000 }).not.toBe(paused);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists eight popular items and appends eight more with Load More', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(shop.server.baseUrl);
    const items = page.getByRole('list', { name: 'Popular items' }).getByRole('article');
    await expect.poll(() => items.count()).toBe(8);
    const firstPage = await items.getByRole('heading').allTextContents();
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await loadMore.click();
    await expect.poll(() => items.count()).toBe(16);
    const both = await items.getByRole('heading').allTextContents();
    expect(both.slice(0, 8)).toEqual(firstPage);
    expect(await loadMore.isVisible()).toBe(true);
    await screenshot(page, `home-popular-${size}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('asks for cookie consent once, from the keyboard, and remembers the answer', async () => {
    const { page, problems } = await openPage(shop.browser, viewport, { consent: null });
    await page.goto(shop.server.baseUrl);
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    await screenshot(page, `home-consent-${size}`);
    const accept = banner.getByRole('button', { name: 'Accept' });
    expect(await banner.getByRole('button', { name: 'Decline' }).count()).toBe(1);
    // The page is padded by the banner's height, so the end of the page can scroll clear of it,
    // and a control scrolled into view stops above it (the scroll padding).
    const insets = () =>
      page.evaluate(() => ({
        padding: Number.parseFloat(getComputedStyle(document.body).paddingBottom),
        scrollPadding: Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom),
      }));
    const height = await banner.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(40);
    await expect.poll(async () => Math.round((await insets()).padding)).toBe(Math.ceil(height));
    expect((await insets()).scrollPadding).toBe(Math.ceil(height) + 16);
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => banner.count()).toBe(0);
    await expect.poll(async () => (await insets()).padding).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
    await page.reload();
    await page.getByRole('list', { name: 'Popular items' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has a footer with help links and the sanitised borrowing notice', async () => {
    const { page } = await openPage(shop.browser, viewport);
    await page.goto(shop.server.baseUrl);
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.getByText('Warning about borrowing').count()).toBe(1);
    const help = footer.getByRole('navigation', { name: 'Help' });
    const hrefs = await help.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The help pages, then the cookie choice (it brings the banner back: e2e/polish).
    expect(hrefs).toEqual([
      '/help/warranty',
      '/help/returns',
      '/help/click-and-collect',
      '/help/contact-us',
      '#cookie-settings',
    ]);
    expect(await footer.locator('script').count()).toBe(0);
    await help.getByRole('link', { name: 'Warranty' }).click();
    await page.waitForURL(/\/help\/warranty$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Warranty');
    await page.goto(`${shop.server.baseUrl}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    // Its two ways on stand apart, side by side or, on a phone, one above the other.
    const ways = await controlBoxes(page.getByRole('main'));
    expect(ways.map((box) => box.name)).toEqual(['Go to the home page', 'Browse all items']);
    expect(tooClose(ways, 8)).toEqual([]);
    await page.close();
  });
});
