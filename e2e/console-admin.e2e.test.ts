import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { ApiShopper, expectNoSidewaysScroll, outbox, searchItems } from './support/checkout.js';
import { ADMIN, tabTo } from './support/console.js';
import { axeViolations, openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const TABS = [
  ['stores', 'Stores'],
  ['staff', 'Staff'],
  ['banners', 'Home page banners'],
  ['discount-codes', 'Discount codes'],
  ['flags', 'Feature flags'],
] as const;

/**
 * The marketplace admin: the demo admin adds a banner and sees it on the
 * home page (and removes it after a confirmation), creates a discount code that checkout then takes,
 * and invites a staff member (the invitation e-mail reaches the outbox); every admin page passes axe,
 * has no sideways scroll at 390 px, and its forms work by keyboard.
 */
describe('marketplace admin', () => {
  const shop = useShop({ REGION: 'AU', DEV_MAILBOX: 'true' });
  const base = () => shop.server.baseUrl;
  let admin: Page;
  /** Uncaught errors on the admin's page. */
  let problems: string[] = [];
  /** New for each attempt: a retried journey must not meet the banner, code or invitation its first attempt made. */
  let stamp = '';
  beforeEach(() => {
    stamp = Date.now().toString(36).slice(-6).toUpperCase();
  });

  async function signedIn(): Promise<Page> {
    if (admin) return admin;
    const opened = await openPage(shop.browser, VIEWPORTS.desktop, { bypassCSP: true });
    const page = opened.page;
    problems = opened.problems;
    await page.goto(`${base()}/store-console/admin`);
    await page.waitForURL((url) => url.pathname === '/login');
    const form = page.getByRole('form', { name: 'Sign in with your email address' });
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password').fill(ADMIN.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Marketplace admin' }).waitFor();
    admin = page;
    return page;
  }

  async function openTab(page: Page, path: string, heading: string): Promise<void> {
    await page.goto(`${base()}/store-console/admin/${path}`);
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  }

  it('finds a store among every store by words and region, a page at a time; the filter is in the URL and Back returns to it', async () => {
    const page = await signedIn();
    await openTab(page, 'stores', 'Stores');
    const count = page.locator('.admin-count');
    await count.waitFor();
    const all = Number.parseInt((await count.textContent()) ?? '', 10);
    // The demo has stores in both regions, far more than one page of cards.
    expect(all).toBeGreaterThan(100);
    expect(await page.locator('.admin-card').count()).toBe(24);
    await page.getByRole('searchbox', { name: 'Name, town, state or county, or slug' }).fill('nsw');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.search === '?query=nsw');
    const nsw = Number.parseInt((await count.textContent()) ?? '', 10);
    expect(nsw).toBeGreaterThan(0);
    expect(nsw).toBeLessThan(all);
    await page.getByRole('combobox', { name: 'Region' }).selectOption('UK');
    await page.waitForURL((url) => url.search === '?query=nsw&region=UK');
    await page.getByText('No store matches.').waitFor();
    await page.goBack();
    await expect.poll(() => count.textContent()).toBe(`${nsw} stores`);
    await page.goBack();
    await expect.poll(() => count.textContent()).toBe(`${all} stores`);
    await page.getByRole('navigation', { name: 'Pages of stores' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await page.getByText(`Page 2 of ${Math.ceil(all / 24)}`).waitFor();
  });

  it('adds a banner that the home page shows, its description sanitised; removing it asks first', async () => {
    const page = await signedIn();
    await openTab(page, 'banners', 'Home page banners');
    const title = `Guitar week ${stamp}`;
    await page.getByRole('button', { name: 'Add a banner' }).click();
    const form = page.getByRole('form', { name: 'Add a banner' });
    // A link that is not a path or an http(s) address is refused beside its field.
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Banner links to (optional)').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add the banner' }).click();
    await expect.poll(() => form.getByLabel('Banner links to (optional)').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Banner links to (optional)').fill('/search?query=guitar');
    await form
      .getByLabel('Description', { exact: true })
      .fill('<p>Every <strong>guitar</strong> reduced<script>document.title="hacked"</script></p>');
    await form.getByLabel('Position (lowest first)').fill('0');
    await form.getByRole('button', { name: 'Add the banner' }).click();
    await page.getByText(`“${title}” is saved and shown on the home page.`).waitFor();
    const card = page.locator('.admin-card', { hasText: title });
    expect(await card.locator('.admin-preview').innerHTML()).toBe('<p>Every <strong>guitar</strong> reduced</p>');
    await screenshot(page, 'console-admin-banners-desktop');

    const { page: home, problems: homeProblems } = await openPage(shop.browser, VIEWPORTS.phone);
    await home.goto(`${base()}/`);
    const slide = home.locator('.banner', { hasText: title });
    await expect.poll(() => slide.count()).toBe(1);
    expect(await slide.locator('.banner__description strong').textContent()).toBe('guitar');
    expect(await slide.locator('script').count()).toBe(0);
    expect(await home.title()).not.toBe('hacked');
    expect(homeProblems).toEqual([]);

    // Removing asks first; Cancel keeps it, confirming removes it from the home page.
    await card.getByRole('button', { name: `Remove ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this banner?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await card.getByRole('button', { name: `Remove ${title}` }).click();
    await dialog.getByRole('button', { name: 'Remove the banner' }).click();
    await page.getByText(`“${title}” is removed from the home page.`).waitFor();
    await home.reload();
    await home.locator('.banner').first().waitFor();
    expect(await home.locator('.banner', { hasText: title }).count()).toBe(0);
    await home.close();
  });

  it('creates a discount code by keyboard alone, and checkout takes it', async () => {
    const page = await signedIn();
    await openTab(page, 'discount-codes', 'Discount codes');
    const code = `E2E${stamp}`;
    await page.locator('body').focus();
    await tabTo(page, 'Add a discount code');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a discount code' });
    await form.waitFor();
    await tabTo(page, 'Code (letters and digits)');
    await page.keyboard.type(code.toLowerCase());
    await tabTo(page, 'Percent off');
    await page.keyboard.type('15');
    await tabTo(page, 'Description (for staff)');
    await page.keyboard.type('Journey code');
    await tabTo(page, 'Add the code');
    await page.keyboard.press('Enter');
    await page.getByText(`${code} is saved: checkout takes it.`).waitFor();
    expect(await page.locator('.admin-card', { hasText: code }).getByText('15%').count()).toBe(1);

    // A shopper's cart takes it.
    const [item] = await searchItems(base(), 'query=guitar');
    if (!item) throw new Error('no guitar in the demo catalogue');
    const shopper = await ApiShopper.start(base());
    expect((await shopper.call('POST', `/c3api/cart/add?productId=${item.Id}`)).status).toBe(200);
    const applied = await shopper.call<{ DiscountCodes: string[] }>('POST', '/c3api/promotion/discountcoupon', {
      code,
    });
    expect(applied.status, applied.body.Message ?? '').toBe(200);
    expect(applied.body.Value.DiscountCodes).toEqual([code]);
  });

  it('invites a staff member to a store; they open the e-mailed link, register and land in that store’s console; moved and removed on the Staff tab', async () => {
    const page = await signedIn();
    await openTab(page, 'staff', 'Staff');
    const email = `new.staff.${stamp.toLowerCase()}@example.com`;
    const form = page.getByRole('form', { name: 'Invite staff' });
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => form.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('E-mail address').fill(email);
    const stores = form.getByRole('group', { name: 'Stores they run' });
    const first = stores.getByRole('checkbox').first();
    const storeName = ((await stores.locator('label').first().textContent()) ?? '').trim();
    await first.check();
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText(`An invitation is on its way to ${email}.`).waitFor();
    const invitation = page.locator('.admin-card', { hasText: email });
    await invitation.waitFor();
    expect(await invitation.textContent()).toContain(storeName);

    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const mail = (await outbox(base())).find((m) => m.To === email);
          // The token rides in the fragment, which no server, log or Referer sees.
          link = /https?:\/\/\S+\/store-console\/invitation#token=[A-Za-z0-9_-]{43}/.exec(mail?.TextBody ?? '')?.[0];
          return link;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();

    // The invitee, in a browser of their own, opens the link, makes the account and is in the console.
    const invitee = await openPage(shop.browser, VIEWPORTS.phone, { bypassCSP: true });
    try {
      const asked: string[] = [];
      invitee.page.on('request', (request) => asked.push(request.url()));
      await invitee.page.goto(link ?? '');
      await invitee.page.getByRole('heading', { level: 2, name: 'Create your account' }).waitFor();
      // Read, then taken out of the address bar (and so out of history and screenshots).
      const opened = new URL(invitee.page.url());
      expect(`${opened.pathname}${opened.search}${opened.hash}`).toBe('/store-console/invitation');
      await expectNoSidewaysScroll(invitee.page, 'invitation at phone width');
      expect(await axeViolations(invitee.page), 'invitation page').toEqual([]);
      await screenshot(invitee.page, 'console-invitation-phone');
      await invitee.page.getByLabel('First name').fill('Nell');
      await invitee.page.getByLabel('Last name').fill('Newstaff');
      await invitee.page.getByLabel('Password').fill('a long pass phrase');
      await invitee.page.getByRole('button', { name: 'Create account and accept' }).click();
      await invitee.page.waitForURL(/\/store-console\/stores\/\d+\/stock/);
      await invitee.page.getByText(email).waitFor();
      expect(await invitee.page.locator('.console-header').textContent()).toContain(storeName);
      const token = /#token=(.+)$/.exec(link ?? '')?.[1] ?? 'missing';
      expect(asked.filter((url) => url.includes(token))).toEqual([]);

      // The admin moves them to another store on the Staff tab: their console follows at once.
      await openTab(page, 'staff', 'Staff');
      const card = page.locator('.admin-card', { hasText: 'Nell Newstaff' });
      await card.getByRole('button', { name: 'Change role and stores of Nell Newstaff' }).click();
      const edit = card.getByRole('form', { name: 'Change Nell Newstaff' });
      const choices = edit.getByRole('group', { name: 'Stores they run' });
      await choices.getByRole('checkbox', { name: storeName }).uncheck();
      const second = choices.getByRole('checkbox').nth(1);
      const secondName = ((await choices.locator('label').nth(1).textContent()) ?? '').trim();
      await second.check();
      expect(await axeViolations(page), 'staff member form').toEqual([]);
      await screenshot(page, 'console-admin-staff-edit-desktop');
      await edit.getByRole('button', { name: 'Save the changes' }).click();
      await page.getByText('Nell Newstaff is now store staff.').waitFor();
      await invitee.page.goto(`${new URL(link ?? '').origin}/store-console`);
      await invitee.page.waitForURL(/\/store-console\/stores\/\d+\/stock/);
      await expect.poll(() => invitee.page.locator('.console-header').textContent()).toContain(secondName);
      expect(await invitee.page.locator('.console-header').textContent()).not.toContain(storeName);

      // Removed from the staff (asked first): the console is closed to them.
      await card.getByRole('button', { name: 'Remove from staff Nell Newstaff' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove from the staff?' });
      await dialog.getByRole('button', { name: 'Remove from staff' }).click();
      await page.getByText('Nell Newstaff is no longer on the staff.').waitFor();
      await invitee.page.reload();
      await invitee.page.getByText('This is for store staff only.').waitFor();
      expect(invitee.problems).toEqual([]);
    } finally {
      await invitee.page.close();
    }
  });

  it.each(Object.entries(VIEWPORTS))(
    'every admin page passes axe with no sideways scroll on a %s',
    async (size, viewport) => {
      const page = await signedIn();
      await page.setViewportSize(viewport);
      for (const [path, heading] of TABS) {
        await openTab(page, path, heading);
        await page.locator('.admin-card').first().waitFor();
        if (path === 'stores') await page.getByRole('button', { name: 'Add a store' }).click();
        if (path === 'discount-codes') await page.getByRole('button', { name: 'Add a discount code' }).click();
        await expectNoSidewaysScroll(page, `${path} at ${size}`);
        expect(await axeViolations(page), `${path} at ${size}`).toEqual([]);
        await screenshot(page, `console-admin-${path}-${size}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
