import type { ProductListItem, Region } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { addToCartByApi, detailsForm, expectNoSidewaysScroll, openCheckout, searchItems } from './support/checkout.js';
import { ADMIN } from './support/console.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/** Words of each region's own law that its pages use. */
const LAW: Record<Region, { terms: string; returns: string; privacy: string }> = {
  AU: {
    terms: 'Australian Consumer Law',
    returns: 'Change-of-mind returns within 30 days',
    privacy: 'Privacy Act 1988',
  },
  UK: { terms: 'Consumer Rights Act 2015', returns: 'Cancel within 14 days', privacy: 'UK GDPR' },
};

function heading(page: Page) {
  return expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 });
}

/** An item a guest can put in the cart and collect. */
async function anItem(baseUrl: string): Promise<ProductListItem> {
  const [item] = (await searchItems(baseUrl, 'NumberOfResults=24')).filter((i) => !i.DisableInStorePickup);
  if (!item) throw new Error('no item to buy');
  return item;
}

/** The page's main text, once its body has arrived. */
async function mainText(page: Page): Promise<string> {
  await page.locator('.content-page__body').waitFor();
  return (await page.getByRole('main').textContent()) ?? '';
}

/**
 * The pages a shop must have, in each region: the cookie banner's About cookies, the footer's
 * Terms, Privacy, Returns and Contact, checkout's Terms (and in Australia its Privacy Policy), and
 * returns and warranty on the item page; each page in the region's own law. The AU journey runs on
 * a phone, the UK one on a wide screen; each looks at the pages at both widths.
 */
describe.each([
  ['AU', PHONE],
  ['UK', WIDE],
] as const)('policy pages (%s)', (region, viewport) => {
  const shop = useShop({ REGION: region });
  const base = () => shop.server.baseUrl;

  it('the banner, the footer, the item page and checkout lead to them', async () => {
    // A first visit: the cookie banner asks, and its About cookies opens the page.
    const { page, problems } = await openPage(shop.browser, viewport, { consent: null });
    await page.goto(base());
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await banner.getByRole('link', { name: 'About cookies' }).click();
    await page.waitForURL(/\/help\/cookies$/);
    await heading(page).toBe('About cookies');
    expect(await mainText(page)).toContain('cookie-consent');
    await banner.getByRole('button', { name: 'Accept' }).click();

    // The footer's links: Terms, Privacy, Returns and Contact.
    const footer = page.getByRole('contentinfo');
    for (const [nav, name, path, title, words] of [
      ['Legal', 'Terms and Conditions', '/help/terms-and-conditions', 'Terms and Conditions', LAW[region].terms],
      ['Legal', 'Privacy Policy', '/help/privacy-policy', 'Privacy Policy', LAW[region].privacy],
      ['Help', 'Returns and refunds', '/help/returns', 'Returns and refunds', LAW[region].returns],
      ['Help', 'Contact us', '/help/contact-us', 'Contact us', 'Ask the store about this item'],
    ] as const) {
      await footer.getByRole('navigation', { name: nav }).getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === path);
      await heading(page).toBe(title);
      expect(await mainText(page), path).toContain(words);
      await expectNoSidewaysScroll(page, path);
    }
    await page.setViewportSize(PHONE);
    await screenshot(page, `policy-contact-${region}-390`);
    await page.setViewportSize(WIDE);
    await screenshot(page, `policy-contact-${region}-1440`);
    await page.setViewportSize(viewport);

    // The item page: returns and warranty in brief, from the returns page.
    const item = await anItem(base());
    await page.goto(`${base()}${item.Url}`);
    const returns = page.getByRole('region', { name: 'Returns and warranty' });
    await expect.poll(() => returns.textContent(), { timeout: 15_000 }).toContain(LAW[region].returns);
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      await returns.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page, `item page at ${size.width}`);
      await screenshot(page, `policy-item-${region}-${size.width}`);
    }
    await page.setViewportSize(viewport);
    await returns.getByRole('link', { name: 'Warranty' }).click();
    await heading(page).toBe('Warranty');

    // Checkout's terms (and in Australia its privacy policy) open the pages.
    await addToCartByApi(page, base(), item.Id);
    const links = region === 'AU' ? ['Terms and Conditions', 'Privacy Policy'] : ['Terms and Conditions'];
    for (const name of links) {
      await openCheckout(page, base());
      await detailsForm(page).getByRole('link', { name }).click();
      await heading(page).toBe(name);
      expect(new URL(page.url()).pathname).toBe(
        name === 'Privacy Policy' ? '/help/privacy-policy' : '/help/terms-and-conditions',
      );
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it.runIf(region === 'AU')("the admin's change to the returns page is what the item page says", async () => {
    const { page, problems } = await openPage(shop.browser, WIDE);
    await page.goto(`${base()}/store-console/admin/pages`);
    await page.waitForURL((url) => url.pathname === '/login');
    const login = page.getByRole('form', { name: 'Sign in with your email address' });
    await login.getByLabel('Email').fill(ADMIN.email);
    await login.getByLabel('Password').fill(ADMIN.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 2, name: 'Help and policy pages' }).waitFor();
    await page.getByRole('button', { name: 'Edit Returns and refunds' }).click();
    const form = page.getByRole('form', { name: 'Edit “Returns and refunds”' });
    const summary = `Change-of-mind returns within 60 days (${Date.now().toString(36)}).`;
    await form.getByLabel('Summary').fill(summary);
    await screenshot(page, 'policy-admin-edit-1440');
    await form.getByRole('button', { name: 'Save the page' }).click();
    await page.getByText('“Returns and refunds” is saved.').waitFor();

    const item = await anItem(base());
    await page.goto(`${base()}${item.Url}`);
    const returns = page.getByRole('region', { name: 'Returns and warranty' });
    await expect.poll(() => returns.textContent(), { timeout: 15_000 }).toContain(summary);
    await returns.getByRole('link', { name: 'Returns and refunds' }).click();
    await page.getByText(summary).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
