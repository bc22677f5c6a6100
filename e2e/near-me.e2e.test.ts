import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { scrollsSideways } from './support/layout.js';
import { openPage, waitForHydrationOnNavigation } from './support/pages.js';
import { useShop } from './support/shop.js';

/**
 * "Near me", in each region: on a phone, a postcode typed in the search page's location control
 * with a radius, the items nearest first (the cards' distances ascending and within the radius),
 * the place in the header, the product page's collect-from line, and the store finder nearest
 * first from the remembered place; then at desktop width, "Use my location" with the browser's
 * location granted through Chromium's own emulation, on the store finder and the search page.
 */
const CASES = [
  {
    region: 'AU',
    field: 'Postcode or suburb',
    typed: '2150',
    radius: '25',
    // Parramatta's station: Chromium hands this to the page as the shopper's position.
    position: { latitude: -33.8173, longitude: 151.0048 },
  },
  {
    region: 'UK',
    field: 'Postcode or district',
    typed: 'M1',
    radius: '10',
    // Manchester Piccadilly.
    position: { latitude: 53.4774, longitude: -2.2309 },
  },
] as const;

/** A poll with room for a shared two-core machine. */
function poll<T>(fn: () => Promise<T> | T) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}

/** The distances the result cards say ("12.4 km · Parramatta, NSW"), top to bottom. */
async function cardDistances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('list', { name: 'Items' }).getByRole('article').allTextContents();
  return texts.map((text) => Number(/(\d+(?:\.\d)?) km · /.exec(text)?.[1] ?? Number.NaN));
}

/** The store finder's "12.4 km away", top to bottom. */
async function storeDistances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('list', { name: 'Stores, nearest first' }).getByRole('article').allTextContents();
  return texts.map((text) => Number(/(\d+(?:\.\d)?) km away/.exec(text)?.[1] ?? Number.NaN));
}

function ascending(values: number[]): boolean {
  return values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);
}

/** A page whose browser shares `position` when asked (granted, as a shopper who allowed it). */
async function pageWithLocation(browser: Browser, position: { latitude: number; longitude: number }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, geolocation: position });
  await context.grantPermissions(['geolocation']);
  await context.addCookies(
    ['localhost', '127.0.0.1'].map((domain) => ({ name: 'cookie-consent', value: 'accepted', domain, path: '/' })),
  );
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
  const page = await context.newPage();
  await waitForHydrationOnNavigation(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

describe.each(CASES)('near me ($region)', ({ region, field, typed, radius, position }) => {
  const shop = useShop({ REGION: region });

  it('a postcode and a radius sort the items nearest first; the product page and the store finder measure from it', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.phone);
    await page.goto(`${shop.server.baseUrl}/search-results`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Near me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Items near you' });
    await dialog.getByRole('textbox', { name: field }).fill(typed);
    await dialog.getByRole('combobox', { name: 'Distance' }).selectOption(radius);
    await dialog.getByRole('button', { name: 'Show items near here' }).click();

    await poll(() => new URL(page.url()).searchParams.get('near')).toBe(typed);
    const url = new URL(page.url());
    expect(url.searchParams.get('within')).toBe(radius);
    expect(url.searchParams.get('Sort')).toBe('distance+');
    await poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('distance+');
    await poll(async () => (await cardDistances(page)).length).toBeGreaterThan(1);
    const distances = await cardDistances(page);
    expect(distances.every(Number.isFinite), `every card says its distance: ${distances}`).toBe(true);
    expect(ascending(distances), `nearest first: ${distances}`).toBe(true);
    expect(Math.max(...distances)).toBeLessThanOrEqual(Number(radius));
    // The place is remembered and shown: beside the count (a 390 px header has no room for its
    // pin, which is there, named, from 400 px).
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Near ${typed}`, includeHidden: true })
      .waitFor({ state: 'attached' });
    await main.getByRole('button', { name: `Near ${typed}` }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `near-me-search-${region.toLowerCase()}-390`);

    // The nearest item's page: where to collect it, how far (whole km), its day.
    const first = page.getByRole('list', { name: 'Items' }).getByRole('article').first();
    await first.getByRole('link').first().click();
    const line = page.getByText(new RegExp(`^Collect from .+, \\d+ km from ${typed}$`));
    await line.waitFor();
    const km = Number(/, (\d+) km from/.exec((await line.textContent()) ?? '')?.[1]);
    expect(Math.abs(km - (distances[0] ?? 0))).toBeLessThanOrEqual(1);
    await page.getByText(/^(Open now|Closed now)/).waitFor();
    await line.scrollIntoViewIfNeeded();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `near-me-product-${region.toLowerCase()}-390`);

    // The store finder, from the footer, takes the remembered place and lists nearest first.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Find a store' }).click();
    await poll(() => new URL(page.url()).searchParams.get('near')).toBe(typed);
    await page.getByText(`Nearest first from ${typed}.`).waitFor();
    await poll(async () => (await storeDistances(page)).length).toBeGreaterThan(1);
    const stores = await storeDistances(page);
    expect(stores.every(Number.isFinite) && ascending(stores), `stores nearest first: ${stores}`).toBe(true);
    const nearest = page.getByRole('list', { name: 'Stores, nearest first' }).getByRole('article').first();
    expect(await nearest.getByRole('link', { name: /^Shop this store's items/ }).getAttribute('href')).toMatch(
      /^\/search-results\?location=[a-z0-9-]+$/,
    );
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `near-me-stores-${region.toLowerCase()}-390`);

    // From 1280 px the header shows the place's words, whole (not cut to their first letter).
    await page.setViewportSize({ width: 1280, height: 800 });
    const placeWords = page
      .getByRole('banner')
      .getByRole('button', { name: `Near ${typed}` })
      .locator('.place-button__text');
    await poll(() =>
      placeWords.evaluate((words) => ({ whole: words.scrollWidth <= words.clientWidth, shown: words.clientWidth > 0 })),
    ).toEqual({ whole: true, shown: true });
    expect(await scrollsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('at desktop width, "Use my location" takes the browser\'s granted position', async () => {
    const { page, problems } = await pageWithLocation(shop.browser, position);
    await page.goto(`${shop.server.baseUrl}/stores`);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await poll(() => new URL(page.url()).searchParams.get('near')).toMatch(/^-?\d+\.\d+,-?\d+\.\d+$/);
    await page.getByText('Nearest first from your location.').waitFor();
    await poll(async () => (await storeDistances(page)).length).toBeGreaterThan(1);
    const stores = await storeDistances(page);
    expect(ascending(stores), `stores nearest first: ${stores}`).toBe(true);
    // Each demo region has a store in the city the position is in.
    expect(stores[0]).toBeLessThan(10);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `near-me-stores-${region.toLowerCase()}-1280`);

    // The search page: the place is remembered; the control beside the sort uses the position too.
    await page.goto(`${shop.server.baseUrl}/search-results`);
    await page.getByRole('main').getByRole('button', { name: 'Near me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Items near you' });
    await dialog.getByRole('button', { name: 'Use my location' }).click();
    await poll(() => new URL(page.url()).searchParams.get('Sort')).toBe('distance+');
    await poll(async () => (await cardDistances(page)).length).toBeGreaterThan(1);
    expect(ascending(await cardDistances(page))).toBe(true);
    await page.getByRole('main').getByRole('button', { name: 'Near you' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Near your location' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, `near-me-search-${region.toLowerCase()}-1280`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
