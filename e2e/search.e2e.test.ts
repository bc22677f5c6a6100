import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { waitForHydrationOnNavigation } from './support/pages.js';
import { useShop } from './support/shop.js';

describe.each(Object.entries(VIEWPORTS))('searching on a %s', (size, viewport) => {
  const shop = useShop();

  async function newPage() {
    const page = await shop.browser.newPage({ viewport });
    await waitForHydrationOnNavigation(page);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    return { page, problems };
  }

  it('lists phones at /search-results?query=phone', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/^\d[\d,]* results?$/);
    const items = page.getByRole('list', { name: 'Items' }).getByRole('article');
    expect(await items.count()).toBe(16);
    const firstTitles = await items.getByRole('heading').allTextContents();
    expect(firstTitles.length).toBe(16);
    // Items whose own title says 'phone' first (a car phone mount), then the smartphones their
    // category finds.
    const categories = await items.locator('.product-card__category').allTextContents();
    const says = firstTitles.map((title) => /\bphones?\b/i.test(title));
    expect(says.indexOf(false)).toBeGreaterThan(says.lastIndexOf(true));
    const byCategory = categories.filter((_, i) => !says[i]);
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.slice(0, 8).every((c) => c.startsWith('Smartphones'))).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Search results for "phone"' }).count()).toBe(1);
    await screenshot(page, `search-results-${size}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searches from the home page and shows the results page', async () => {
    const { page, problems } = await newPage();
    await page.goto(shop.server.baseUrl);
    await screenshot(page, `home-${size}`);
    await page.getByRole('combobox', { name: 'Search for items' }).fill('samsnug');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search-results\?query=samsnug$/);
    const items = page.getByRole('list', { name: 'Items' }).getByRole('article');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    const titles = await items.getByRole('heading').allTextContents();
    expect(titles.every((t) => t.includes('Samsung'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so when nothing matches, and drops a page that is not a number', async () => {
    const { page } = await newPage();
    await page.goto(`${shop.server.baseUrl}/search-results?query=qqqzzzxxx`);
    await expect.poll(() => page.getByText('No results! Consider adjusting your filters').count()).toBe(1);
    await page.goto(`${shop.server.baseUrl}/search-results?query=guitar&page=abc`);
    const items = page.getByRole('list', { name: 'Items' }).getByRole('article');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows product pictures drawn by the server', async () => {
    const { page } = await newPage();
    await page.goto(`${shop.server.baseUrl}/search-results?query=camera&haspictures=true`);
    const image = page.getByRole('list', { name: 'Items' }).locator('img').first();
    // One of the card's two widths (its srcset: 300 or 450 wide, whichever the card's size needs), loaded.
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);
    const source = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(source).toMatch(/\/c3api\/images\/product\/[A-Z0-9]+\/1\?w=(300|450)&v=[0-9a-f]{8}$/);
    const picture = await fetch(source);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    await page.close();
  });
});
