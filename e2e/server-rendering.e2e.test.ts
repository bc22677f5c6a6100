import type { ProductDetail, SearchResultsValue } from '@shop/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { waitForHydrationOnNavigation } from './support/pages.js';
import { useShop } from './support/shop.js';

/**
 * The shop pages as the server sends them (decision 016): with scripts off the home page, search
 * results and a product page show their content; with scripts on they hydrate without a mismatch,
 * without asking the API again for what the HTML carries, and a product page loads no code of the
 * checkout, the account area, the cart page, the wishlist page, the invoice or sign-in.
 */
/** How far the fallback (decode and three frames) may run ahead of a busy machine's paint stamp. */
const PAINT_SLACK_MS = 100;

describe('server-rendered shop pages', () => {
  const shop = useShop();

  async function firstProduct(query: string): Promise<ProductDetail> {
    const search = await fetch(`${shop.server.baseUrl}/c3api/search/results?query=${query}&NumberOfResults=1`);
    const code = ((await search.json()) as { Value: SearchResultsValue }).Value.ProductList.ProductListItems[0]?.Code;
    if (!code) throw new Error(`no item for ${query}`);
    const product = await fetch(`${shop.server.baseUrl}/c3api/product/query?code=${code}`);
    return ((await product.json()) as { Value: ProductDetail }).Value;
  }

  async function withoutScripts(browser: Browser, run: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    try {
      await run(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** A page with scripts, recording hydration errors, the API calls made and the scripts loaded. */
  async function watched(browser: Browser) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: shop.server.baseUrl }]);
    // A mismatch makes the renderer throw away what the server drew and draw it again: record every
    // element removed from the page between the HTML's arrival and the end of hydration.
    // Not counted: the header's placeholder for the account links, which the page replaces as soon
    // as it knows who is signed in; below-the-fold parts hydrate in later tasks, so that answer can
    // arrive before the last of them, and replacing the placeholder is an update, not a mismatch.
    await context.addInitScript(() => {
      const removed: string[] = [];
      const record = (node: Node) => {
        if (node instanceof Element && !node.matches('.account-links--pending')) {
          removed.push(node.outerHTML.slice(0, 120));
        }
      };
      const observer = new MutationObserver((records) => {
        for (const change of records) change.removedNodes.forEach(record);
      });
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        if (root) observer.observe(root, { childList: true, subtree: true });
      });
      window.addEventListener('shop:hydrated', () => {
        for (const change of observer.takeRecords()) change.removedNodes.forEach(record);
        observer.disconnect();
        (window as unknown as { hydration: { removed: string[] } }).hydration = { removed };
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const calls: string[] = [];
    const scripts: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/c3api/')) calls.push(url.pathname);
      if (request.resourceType() === 'script') scripts.push(url.pathname);
    });
    return { page, errors, calls, scripts, close: () => context.close() };
  }

  it('shows the home page, search results and a product page with scripts off', async () => {
    const product = await firstProduct('guitar');
    await withoutScripts(shop.browser, async (page) => {
      const home = await page.goto(shop.server.baseUrl);
      expect(home?.status()).toBe(200);
      expect(await page.title()).toBe('Secondhand: pre-loved goods from local stores');
      expect(await page.getByRole('list', { name: 'Popular items' }).getByRole('article').count()).toBe(8);
      expect(await page.getByRole('region', { name: 'Featured offers' }).count()).toBe(1);
      // The first banner's picture is fetched ahead of the scripts, and it is the one the page shows.
      const preload = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
      expect(await page.locator(`img.banner__image[src="${preload}"]`).count()).toBe(1);

      await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
      const results = page.getByRole('list', { name: 'Items' }).getByRole('article');
      expect(await results.count()).toBe(16);
      expect(await page.getByRole('heading', { level: 1, name: /^\d[\d,]* results$/ }).count()).toBe(1);
      // The facets are there too: the category group lists Phones.
      expect(await page.getByRole('radio', { name: /Phones/ }).count()).toBeGreaterThan(0);
      expect(await page.title()).toBe('phone: search results | Secondhand');
      await screenshot(page, 'server-rendered-search-no-script');

      const response = await page.goto(`${shop.server.baseUrl}${product.Url}`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1, name: product.Title }).count()).toBe(1);
      expect(await page.locator('.product__summary .price__now').first().textContent()).toBe(product.Sp);
      expect(await page.locator('img[src*="/c3api/images/product/"]').count()).toBeGreaterThan(0);
      expect(await page.title()).toBe(`${product.Title} | Secondhand`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(product.Sp);
      // Absolute, at the shop's public address (PUBLIC_URL; http://localhost:PORT by default).
      const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '');
      expect(canonical.pathname).toBe(product.Url);
      expect(canonical.port).toBe(new URL(shop.server.baseUrl).port);
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(data['@type']).toBe('Product');
      expect(data.name).toBe(product.Title);
      expect(data.offers).toMatchObject({
        '@type': 'Offer',
        price: (product.SpMinorUnits / 100).toFixed(2),
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
      });
      await screenshot(page, 'server-rendered-product-no-script');
    });
  });

  it('draws the cookie banner into the page for a visitor who has not chosen, and not once they have', async () => {
    const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });
    // A first visit: the banner is in the server's HTML, so it paints with the page.
    await withoutScripts(shop.browser, async (page) => {
      await page.goto(shop.server.baseUrl);
      expect(await banner(page).count()).toBe(1);
      await page.context().addCookies([{ name: 'cookie-consent', value: 'declined', url: shop.server.baseUrl }]);
      await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
      expect(await banner(page).count()).toBe(0);
    });
    // Accepting in the browser writes the cookie, so the next page comes without the banner.
    const context = await shop.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(shop.server.baseUrl, { waitUntil: 'networkidle' });
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'cookie-consent')?.value).toBe('accepted');
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    expect(await banner(page).count()).toBe(0);
    const next = await fetch(shop.server.baseUrl, { headers: { cookie: 'cookie-consent=accepted' } });
    expect(await next.text()).not.toContain('Cookies on this site');
    await context.close();
  });

  it('hydrates each page without a mismatch and without asking again for its data', async () => {
    const product = await firstProduct('camera');
    for (const path of ['/', '/search-results?query=phone', product.Url]) {
      const { page, errors, calls, close } = await watched(shop.browser);
      await page.goto(`${shop.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      const hydration = await page.waitForFunction(() => (window as unknown as { hydration?: unknown }).hydration);
      expect(await hydration.jsonValue(), path).toEqual({ removed: [] });
      // Nothing on a page at rest animates for ever: a never-ending animation (a placeholder's
      // shimmer below the fold) is a new frame every frame, on a phone's busy main thread.
      const endless = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .filter((animation) => animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
          .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.className ?? '?'),
      );
      expect(endless, path).toEqual([]);
      // Something only the hydrated page does: the cart button opens its dialog.
      await page.getByRole('button', { name: /cart/i }).first().click();
      await page.getByRole('dialog').first().waitFor();
      expect(errors, path).toEqual([]);
      expect(calls.filter((call) => call === '/c3api/search/results' || call === '/c3api/product/query')).toEqual([]);
      expect(calls).not.toContain('/c3api/product/popular');
      expect(calls).not.toContain('/c3api/banners');
      await close();
    }
  });

  it("starts the scripts of the home and product pages only once the page's largest picture is on screen", async () => {
    // On a wide screen the home page's largest paint is a popular item's picture, painted after
    // the banner's (the one marked high priority); the product page's is the item's picture.
    const product = await firstProduct('camera');
    for (const path of ['/', product.Url]) {
      const { page, close } = await watched(shop.browser);
      await page.addInitScript(() => {
        const paints: { at: number; picture: boolean }[] = [];
        (window as unknown as { paints: typeof paints }).paints = paints;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
            paints.push({ at: entry.startTime, picture: entry.element instanceof HTMLImageElement });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${shop.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => (window as unknown as { hydration?: unknown }).hydration);
      const { paints, scriptsFrom } = await page.evaluate(() => ({
        paints: (window as unknown as { paints: { at: number; picture: boolean }[] }).paints,
        // The entry scripts and the page's chunks: everything but the boot script.
        scriptsFrom: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/.*\.js$/.test(entry.name) && !/\/boot-/.test(entry.name))
            .map((entry) => entry.startTime),
        ),
      }));
      // Loaded is not drawn: scripts started at the picture's load event held the main thread
      // while it waited for its paint, and Lighthouse counted them all before the LCP. The page's
      // largest paint is its last report, and a picture. Within 100 ms: where no report comes in
      // time the boot script goes by the picture's decode and three frames, and the frame's
      // presentation may be stamped a moment later; scripts started at the load event came
      // 150-350 ms before it.
      const largest = paints.at(-1);
      expect(largest?.picture, path).toBe(true);
      expect(scriptsFrom, path).toBeGreaterThan((largest?.at ?? 0) - PAINT_SLACK_MS);
      await close();
    }
  });

  it("says a page could not be loaded when its code cannot be fetched, and keeps the shop's header", async () => {
    // A dropped connection, or a release that replaced the chunk an open tab asks for.
    const context = await shop.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: shop.server.baseUrl }]);
    await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
    await context.route(/\/assets\/content-page-[^/]*\.js$/, (route) => route.abort('connectionreset'));
    const page = await context.newPage();
    await waitForHydrationOnNavigation(page);
    await page.goto(shop.server.baseUrl);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Warranty' }).click();
    await page.waitForURL(/\/help\/warranty$/);
    const notice = page.getByRole('alert').filter({ hasText: 'Sorry, this page could not be loaded.' });
    await notice.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sorry, this page could not be loaded.');
    expect(await page.getByRole('banner').getByRole('search').count()).toBe(1);
    await screenshot(page, 'page-could-not-load');
    // Trying again loads the address afresh, which the server draws.
    await context.unroute(/\/assets\/content-page-[^/]*\.js$/);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .not.toBe('Sorry, this page could not be loaded.');
    await context.close();
  });

  it("draws a phone's layout for a phone, so nothing shifts as the page hydrates", async () => {
    const context = await shop.browser.newContext({
      viewport: VIEWPORTS.phone,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: shop.server.baseUrl }]);
    await context.addInitScript(() => {
      window.localStorage.setItem('cookie-consent', 'accepted');
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const path of ['/', '/search-results?query=phone']) {
      await page.goto(`${shop.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const shift = await page.evaluate(() =>
        (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
      );
      expect(shift, path).toBeLessThan(0.05);
    }
    // The phone layout: the result count sits above the tabs and toolbar.
    expect(await page.locator('.search-toolbar__title--small').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no checkout, account, cart page, wishlist, invoice or sign-in code on a product page', async () => {
    const product = await firstProduct('phone');
    const { page, errors, scripts, close } = await watched(shop.browser);
    await page.goto(`${shop.server.baseUrl}${product.Url}`, { waitUntil: 'networkidle' });
    expect(scripts.some((script) => /product-page-/.test(script))).toBe(true);
    // The boot script preloaded the page's chunks (the server lists them), so the build's module
    // loader found each one's link and added none of its own (its links say as="script") during
    // the shell's evaluation, the page's longest task.
    await page.waitForFunction(() => (window as unknown as { hydration?: unknown }).hydration);
    const chunks = await page.locator('meta[name="shop-chunks"]').getAttribute('content');
    expect(chunks?.split(' ').some((chunk) => /product-page-/.test(chunk))).toBe(true);
    expect(await page.locator('link[rel="modulepreload"][as="script"]').count()).toBe(0);
    // Chunks are named after their page (or shared module): none of these pages' may load here.
    const otherPages =
      /\/(checkout-page|order-confirmation-page|account-frame|dashboard-page|profile-page|password-page|passkeys-page|order-history-page|order-detail-page|saved-searches-page|login-page|register-page|forgot-password-page|reset-password-page|cart-page|wishlist-page|gst-invoice-page)-[\w-]+\.js$/;
    expect(scripts.filter((script) => otherPages.test(script))).toEqual([]);
    // The similar items' carousel (Embla, the product card) loads when the shopper nears it.
    const carousel = /\/(similar-carousel|embla-carousel[\w.-]*)-[\w-]+\.js$/;
    expect(scripts.filter((script) => carousel.test(script))).toEqual([]);
    // Libraries in their production builds: React Router's package points at its development
    // build, whose warnings (this one among them) the build's alias leaves out.
    for (const script of scripts) {
      const text = await (await fetch(`${shop.server.baseUrl}${script}`)).text();
      expect(text.includes('You rendered descendant <Routes>'), script).toBe(false);
    }
    await page.getByRole('region', { name: 'Similar items' }).scrollIntoViewIfNeeded();
    await page.getByRole('list', { name: 'Similar items' }).waitFor();
    expect(scripts.filter((script) => carousel.test(script)).length).toBeGreaterThan(0);
    // Client navigation still reaches the other pages: their code arrives when asked for.
    await page.goto(`${shop.server.baseUrl}/cart`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('answers 404 for unknown pages and products, and HEAD alike', async () => {
    const unknown = await fetch(`${shop.server.baseUrl}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Page not found');
    const noProduct = await fetch(`${shop.server.baseUrl}/product/ZZ999999/nothing`);
    expect(noProduct.status).toBe(404);
    const head = await fetch(`${shop.server.baseUrl}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    expect(await head.text()).toBe('');
    expect((await fetch(`${shop.server.baseUrl}/no-such-page`, { method: 'HEAD' })).status).toBe(404);
    // The app's own pages (account, checkout) are still the app shell.
    const cart = await fetch(`${shop.server.baseUrl}/cart`);
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain('<div id="root"></div>');
  });
});
