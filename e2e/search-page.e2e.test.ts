import type { SearchResultsValue } from '@shop/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/** A poll with room for a shared two-core machine. */
function poll<T>(fn: () => Promise<T> | T) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}

function toNumber(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

describe.each(Object.entries(VIEWPORTS))('the search page on a %s', (size, viewport) => {
  const phone = size === 'phone';

  const shop = useShop();

  async function api(query: string): Promise<SearchResultsValue> {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?${query}`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    return body.Value;
  }

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const items = (page: Page) => page.getByRole('list', { name: 'Items' }).getByRole('article');

  async function waitForCount(page: Page, count: number) {
    await poll(() => heading(page).textContent()).toBe(
      `${count.toLocaleString('en')} ${count === 1 ? 'result' : 'results'}`,
    );
  }

  async function shownCount(page: Page): Promise<number> {
    await poll(() => heading(page).textContent()).toMatch(/^\d[\d,]* results?$/);
    return toNumber(await heading(page).textContent());
  }

  /** The refine panel: on a phone it opens as a sheet from the Filter button. */
  async function refine(page: Page): Promise<Locator> {
    if (phone) {
      await page.getByRole('button', { name: /^Filter/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Refine' });
      await sheet.waitFor();
      return sheet;
    }
    return page.getByRole('complementary', { name: 'Refine' });
  }

  /** The active-filter count: on the Filter button on a phone, at the top of the panel on larger screens. */
  async function filterCountShown(page: Page): Promise<number> {
    if (phone) return toNumber(await page.getByRole('button', { name: /^Filter/ }).textContent());
    const text = await page
      .getByRole('complementary', { name: 'Refine' })
      .locator('.refine__filter-count')
      .textContent();
    return toNumber(text);
  }

  /** Opens an accordion in the panel if it is closed. */
  async function openSection(panel: Locator, name: string) {
    const button = panel.getByRole('button', { name, exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }

  /** The count shown beside a choice: its label reads 'Name 123'. */
  async function countOf(control: Locator): Promise<number> {
    const label = await control.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
    return toNumber(label.match(/[\d,]+$/)?.[0] ?? '');
  }

  it('picks a suggestion with the keyboard', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(shop.server.baseUrl);
    const input = page.getByRole('combobox', { name: 'Search for items' });
    await input.click();
    await input.pressSequentially('ip');
    await page.waitForTimeout(800);
    expect(await page.getByRole('option').count()).toBe(0);
    await input.pressSequentially('h');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await poll(() => listbox.getByRole('option').count()).toBeGreaterThan(2);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('group', { name: 'Products' }).getByRole('option').count()).toBeGreaterThan(0);
    const icon = listbox.getByRole('group', { name: 'Top categories' }).locator('img').first();
    await poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await page.keyboard.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await screenshot(page, `search-suggestions-${size}`);

    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    const label = await first.textContent();
    expect(label).toMatch(/^iphone in /);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search-results\?query=iphone&category=smartphones$/);
    const count = await shownCount(page);
    expect(count).toBe((await api('query=iphone&category=smartphones')).ProductList.ProductListItemCount);
    const categories = await items(page).locator('.product-card__category').allTextContents();
    expect(categories.every((c) => c === 'Smartphones')).toBe(true);

    await input.fill('qqqzzzxxx');
    await poll(() => page.getByText('No results found.').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refines by category and shows the count it promised', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    await shownCount(page);
    if (phone) {
      // The closed sheet holds no options until it is first opened (a lighter page).
      await poll(() => page.locator('.refine__form input').count()).toBe(0);
    }
    let panel = await refine(page);
    expect(await panel.getByRole('radio').count()).toBeGreaterThan(1);
    const apply = panel.getByRole('button', { name: 'Apply', exact: true });
    expect(await apply.isDisabled()).toBe(true);
    await panel.getByRole('radio', { name: /^Phones \d/ }).check();
    expect(await apply.isDisabled()).toBe(false);
    const smartphones = panel.getByRole('radio', { name: /^Smartphones \d/ });
    await smartphones.check();
    const promised = await countOf(smartphones);
    expect(promised).toBeGreaterThan(0);
    await screenshot(page, `search-refine-${size}`);
    await apply.click();
    await page.waitForURL(/\/search-results\?query=phone&category=smartphones$/);
    await waitForCount(page, promised);
    if (phone) await poll(() => page.getByRole('dialog', { name: 'Refine' }).count()).toBe(0);
    await poll(() => page.getByRole('link', { name: 'Smartphones' }).count()).toBeGreaterThan(0);

    // Back restores the earlier search; forward this one.
    await page.goBack();
    await page.waitForURL(/\/search-results\?query=phone$/);
    await waitForCount(page, (await api('query=phone')).ProductList.ProductListItemCount);
    await page.goForward();
    await waitForCount(page, promised);
    panel = await refine(page);
    expect(await panel.getByRole('radio', { name: /^Smartphones \d/ }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refines by state, then by store, one kind of location at a time', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=guitar`);
    await shownCount(page);
    let panel = await refine(page);
    await openSection(panel, 'Location');
    await panel.getByText('New South Wales', { exact: true }).click();
    const nsw = panel.getByRole('checkbox', { name: /^All stores in New South Wales \d/ });
    await nsw.check();
    const promised = await countOf(nsw);
    expect(await panel.getByRole('checkbox', { name: 'All locations' }).isChecked()).toBe(false);
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/\/search-results\?query=guitar&location=NSW$/);
    await waitForCount(page, promised);
    const stores = await items(page).locator('.product-card__store').allTextContents();
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((s) => s.endsWith(', NSW'))).toBe(true);
    expect(await filterCountShown(page)).toBe(1);

    panel = await refine(page);
    const store = panel.locator('.refine__state[open]').getByRole('checkbox').nth(1);
    const storeName = (await store.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''))
      .replace(/[\d,]+$/, '')
      .trim();
    await store.check();
    const storeCount = await countOf(store);
    expect(await panel.getByRole('checkbox', { name: /^All stores in New South Wales/ }).isChecked()).toBe(false);
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/location=[a-z0-9-]+-nsw$/);
    await waitForCount(page, storeCount);
    const cards = await items(page).locator('.product-card__store').allTextContents();
    expect(cards.every((s) => s === `${storeName}, NSW`)).toBe(true);

    panel = await refine(page);
    await panel.getByRole('checkbox', { name: 'All locations' }).check();
    expect(await panel.getByRole('checkbox', { name: new RegExp(`^${storeName} \\d`) }).isChecked()).toBe(false);
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/\/search-results\?query=guitar$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refines by price range and on sale, with matching counts and prices', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?category=computers`);
    await shownCount(page);
    let panel = await refine(page);
    await openSection(panel, 'Price');
    const band = panel.getByRole('checkbox', { name: /^\$100 – \$250 \d/ });
    await band.check();
    const promised = await countOf(band);
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/category=computers&price=100-250$/);
    await waitForCount(page, promised);
    const prices = (await items(page).locator('.product-card__price strong').allTextContents())
      .filter((p) => p.startsWith('$'))
      .map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 100 && p <= 250)).toBe(true);

    panel = await refine(page);
    const onSale = panel.getByRole('checkbox', { name: /^On sale \d/ });
    await onSale.check();
    const onSaleCount = await countOf(onSale);
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/price=100-250&onsale=true$/);
    await waitForCount(page, onSaleCount);
    const cards = items(page);
    const n = await cards.count();
    expect(n).toBe(Math.min(onSaleCount, 16));
    expect(await cards.locator('.product-card__badge').count()).toBe(n);
    expect(await filterCountShown(page)).toBe(2);
    await screenshot(page, `search-price-on-sale-${size}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sorts at once and goes back to the top', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=camera`);
    await shownCount(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price+');
    await page.waitForURL(/query=camera&Sort=price%2B$/);
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await poll(async () => {
      const first = await items(page).first().locator('.product-card__price strong').textContent();
      const expected = (await api('query=camera&Sort=price%2B')).ProductList.ProductListItems[0]?.Sp;
      return first === expected;
    }).toBe(true);
    // Still at the top once the sorted results are in: a smooth scroll ended 49-83 px short when
    // the results changed height under it (scroll anchoring moved its target).
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const prices = (await items(page).locator('.product-card__price strong').allTextContents())
      .filter((p) => p.startsWith('$'))
      .map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(problems).toEqual([]);
    await page.close();
  });

  it.skipIf(phone)('keeps the refine panel just below the sticky search header as the page scrolls', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=camera`);
    await shownCount(page);
    await page.evaluate(() => window.scrollTo(0, 900));
    const panel = page.getByRole('complementary', { name: 'Refine' });
    // The panel sticks 8 px below the stuck search header, whose height the page measures.
    await poll(async () => {
      const header = await page.locator('.search-sticky').evaluate((el) => el.getBoundingClientRect().bottom);
      const top = await panel.evaluate((el) => el.getBoundingClientRect().top);
      return Math.round(top - header);
    }).toBe(8);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows every card in full, with a picture or without', async () => {
    // A search whose first page has an item without a picture.
    let query: string | undefined;
    for (const word of ['phone', 'camera', 'guitar', 'laptop', 'watch', 'ring', 'bike', 'drill']) {
      const items = (await api(`query=${word}`)).ProductList.ProductListItems;
      if (items.some((item) => item.ImageUrl === null)) {
        query = word;
        break;
      }
    }
    if (!query) throw new Error('no search with an item without a picture in the demo catalogue');
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=${query}`);
    await shownCount(page);
    await poll(() => page.locator('.product-card__image--none').count()).toBeGreaterThan(0);
    // A card's details never run past its bottom edge (the card hides what overflows).
    const cut = await page.locator('.product-card').evaluateAll((cards) =>
      cards
        .filter((card) => {
          const body = card.querySelector<HTMLElement>('.product-card__body');
          return body !== null && body.scrollHeight > body.clientHeight + 1;
        })
        .map((card) => card.querySelector('.product-card__title')?.textContent),
    );
    expect(cut).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads more by itself as the button nears, recording the page in the URL', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    await shownCount(page);
    expect(await items(page).count()).toBe(16);
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 100);
    await poll(() => items(page).count()).toBe(32);
    await page.waitForURL(/query=phone&page=2$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 100);
    await poll(() => items(page).count()).toBe(48);
    await page.waitForURL(/query=phone&page=3$/);
    await screenshot(page, `search-load-more-${size}`);

    // Reload restores the three pages.
    await page.reload();
    await poll(() => items(page).count()).toBe(48);

    // Everything loaded: the end is said.
    const total = (await api('query=phone&category=phone-accessories')).ProductList.ProductListItemCount;
    await page.goto(
      `${shop.server.baseUrl}/search-results?query=phone&category=phone-accessories&page=${Math.ceil(total / 16)}`,
    );
    await poll(() => items(page).count()).toBe(total);
    expect(await page.getByText('No more results...').filter({ visible: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads more by button in the grid layout, and only by button', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results/grid?query=phone`);
    await shownCount(page);
    const columns = await page
      .getByRole('list', { name: 'Items' })
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(phone ? 2 : 4);
    await screenshot(page, `search-grid-${size}`);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(1500);
    expect(await items(page).count()).toBe(16);
    await page.getByRole('button', { name: 'Load more' }).click();
    await poll(() => items(page).count()).toBe(32);
    await page.waitForURL(/\/search-results\/grid\?query=phone&page=2$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('restores a deep page from the URL: at most ten pages back', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/c3api/search/results') requested.push(url.searchParams.get('page') ?? '');
    });
    await page.goto(`${shop.server.baseUrl}/search-results?Sort=price%2B&page=13`);
    await poll(() => items(page).count()).toBe(11 * 16);
    // The server loads pages 3 to 13 (the same plan) and hands them over: the browser asks for none.
    expect(requested).toEqual([]);
    const page3 = await api('Sort=price%2B&page=3');
    expect(await items(page).first().getAttribute('aria-label')).toBe(page3.ProductList.ProductListItems[0]?.Title);

    requested.length = 0;
    await page.goto(`${shop.server.baseUrl}/search-results?Sort=price%2B&page=3`);
    await poll(() => items(page).count()).toBe(48);
    expect(requested).toEqual([]);
    const page1 = await api('Sort=price%2B&page=1');
    expect(await items(page).first().getAttribute('aria-label')).toBe(page1.ProductList.ProductListItems[0]?.Title);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the empty state and its ways out', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    // Filters chosen: they are why, and Clear filters takes them off.
    await page.goto(`${shop.server.baseUrl}/search-results?query=qqqzzzxxx&onsale=true`);
    await poll(() => page.getByText('No items match these filters').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/search-results\?query=qqqzzzxxx$/);
    await poll(() =>
      page
        .getByText(
          'No results! Consider adjusting your filters, changing your search terms or browsing in a different product category.',
        )
        .count(),
    ).toBe(1);
    await screenshot(page, `search-empty-${size}`);
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.waitForURL(/\/search-results\?query=qqqzzzxxx$/);
    await page.getByRole('button', { name: 'Start a new search' }).click();
    await page.waitForURL(/\/search-results$/);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await shownCount(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the server's message when the search fails", async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?price=abc`);
    const alert = page.getByRole('alert');
    await poll(() => alert.textContent()).toMatch(/^Invalid input\. price/);
    await screenshot(page, `search-error-${size}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a Pages tab with page tiles when pages match', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    await shownCount(page);
    const pagesTab = page.getByRole('tab', { name: /^Pages \d/ });
    await pagesTab.waitFor();
    const expected = (await api('query=phone')).ContentListResults.ContentListItemCount;
    expect(toNumber(await pagesTab.textContent())).toBe(expected);
    expect(await page.getByRole('tab', { name: /^Products \d/ }).getAttribute('aria-selected')).toBe('true');
    await pagesTab.click();
    const tiles = page.getByRole('list', { name: 'Pages' }).getByRole('article');
    await poll(() => tiles.count()).toBe(expected);
    expect(await tiles.getByRole('link', { name: 'Read more' }).count()).toBeGreaterThan(0);
    await screenshot(page, `search-pages-tab-${size}`);

    await page.goto(`${shop.server.baseUrl}/search-results?query=store`);
    await poll(() => page.getByRole('tab', { name: /^Pages \d/ }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.getByRole('link', { name: 'Store information' }).count()).toBeGreaterThan(0);

    // No pages found: no tabs.
    await page.goto(`${shop.server.baseUrl}/search-results?query=guitar`);
    await shownCount(page);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('remembers the chosen state with consent, until /shop starts afresh', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=watch`);
    await shownCount(page);
    const panel = await refine(page);
    await openSection(panel, 'Location');
    await panel.getByText('Victoria', { exact: true }).click();
    await panel.getByRole('checkbox', { name: /^All stores in Victoria \d/ }).check();
    await panel.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/location=VIC$/);

    await page.goto(`${shop.server.baseUrl}/search-results?query=camera`);
    await page.waitForURL(/query=camera&location=VIC$/);
    const count = await shownCount(page);
    expect(count).toBe((await api('query=camera&location=VIC')).ProductList.ProductListItemCount);

    await page.goto(`${shop.server.baseUrl}/shop`);
    await page.waitForURL(/\/search-results\?nonsticky=true$/);
    await shownCount(page);
    await page.goto(`${shop.server.baseUrl}/search-results?query=camera`);
    await shownCount(page);
    expect(new URL(page.url()).searchParams.has('location')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('offers Save this search, asking a visitor to log in', async () => {
    const { page, problems } = await openPage(shop.browser, viewport);
    await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
    await shownCount(page);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await poll(() => dialog.getByText('To save this search, please login or register').count()).toBe(1);
    // Signing in comes back to this search.
    expect(await dialog.getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe(
      `/login?returnUrl=${encodeURIComponent('/search-results?query=phone')}`,
    );
    expect(await page.evaluate(() => sessionStorage.getItem('pending-saved-search'))).toBe(
      '/search-results?query=phone',
    );
    await page.keyboard.press('Escape');
    await page.goto(shop.server.baseUrl);
    expect(await page.getByRole('button', { name: 'Save this search' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Shop Categories' }).click();
    const nav = page.getByRole('navigation', { name: 'Shop categories' });
    await nav.getByRole('link', { name: 'Bikes', exact: true }).click();
    await page.waitForURL(/\/search-results\?category=bikes$/);
    await shownCount(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});
