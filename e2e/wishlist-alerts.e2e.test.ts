import type { SearchResultsValue } from '@shop/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PASSWORD = 'a long and private phrase';
let people = 0;
const newEmail = () => `watcher${++people}.${Date.now()}@example.com`;

/**
 * Wishlist alerts as a shopper meets them (storefront.md 2 screen 9, 4): a visitor's hearts bring
 * the 'Wishlist alerts' reminder once, and 'Maybe later' hands focus back to the heart; the wishlist
 * introduces its Alerts switch once; a customer turns alerts on for another address with the code
 * from the dev mailbox, is welcomed, and turns them off again at once. At 390px and 1280px.
 */
describe('wishlist alerts', () => {
  const shop = useShop({ DEV_MAILBOX: 'true' }, { host: 'localhost' });

  async function amps(): Promise<string[]> {
    const response = await fetch(`${shop.server.baseUrl}/c3api/search/results?query=amp`);
    const body = (await response.json()) as { Value: SearchResultsValue };
    const titles = body.Value.ProductList.ProductListItems.filter((i) => i.IsAvailable).map((i) => i.Title);
    return [...new Set(titles)];
  }

  async function codeFor(to: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const outbox = (await (await fetch(`${shop.server.baseUrl}/c3api/dev/outbox`)).json()) as {
        Value: { Messages: { To: string; TextBody: string }[] };
      };
      const code = /\b(\d{6})\b/.exec(outbox.Value.Messages.filter((m) => m.To === to).at(-1)?.TextBody ?? '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no code e-mailed to ${to}`);
  }

  async function register(page: Page, email: string) {
    await page.goto(`${shop.server.baseUrl}/register`);
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Alan');
    await form.getByLabel('Last name').fill('Turing');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`reminds a visitor once, then a customer turns alerts on with a code and off (${size})`, async () => {
      const { page, problems } = await openPage(shop.browser, viewport);
      const [first, second] = await amps();
      if (!first || !second) throw new Error('the demo catalogue has too few amps');

      // A visitor: the reminder after the first heart only; Maybe later goes back to that heart.
      await page.goto(`${shop.server.baseUrl}/search-results?query=amp`);
      await page
        .getByRole('article', { name: first, exact: true })
        .first()
        .getByRole('button', { name: `Add ${first} to wishlist` })
        .click();
      const reminder = page.getByRole('dialog', { name: 'Wishlist alerts' });
      await reminder.getByRole('button', { name: 'Maybe later' }).click();
      await reminder.waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Remove ${first} from wishlist`);
      await page
        .getByRole('article', { name: second, exact: true })
        .first()
        .getByRole('button', { name: `Add ${second} to wishlist` })
        .click();
      await page
        .getByRole('article', { name: second, exact: true })
        .first()
        .getByRole('button', { name: `Remove ${second} from wishlist` })
        .waitFor();
      expect(await reminder.isVisible()).toBe(false);

      // The wishlist introduces its Alerts switch once; a visitor's switch asks them to sign in.
      await page.goto(`${shop.server.baseUrl}/wishlist`);
      const tooltip = page.getByText('You can manage your Wishlist Alerts here');
      await tooltip.waitFor();
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      await tooltip.waitFor({ state: 'hidden' });
      await page.getByRole('switch', { name: 'Alerts' }).click();
      const login = page.getByRole('dialog', { name: 'Wishlist Alerts' });
      await login.getByText('To enable wishlist alerts, please login or register').waitFor();
      await page.keyboard.press('Escape');

      // A customer (the same browser: no second introduction) turns alerts on for another address.
      const email = newEmail();
      const alertsTo = `alerts.${email}`;
      await register(page, email);
      await page.goto(`${shop.server.baseUrl}/wishlist`);
      await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
      const toggle = page.getByRole('switch', { name: 'Alerts' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      const form = page.getByRole('dialog', { name: 'Wishlist Alerts' });
      const emailField = form.getByRole('textbox', { name: 'Email' });
      await expect.poll(() => emailField.inputValue()).toBe(email);
      await emailField.fill(alertsTo);
      await form.getByRole('button', { name: 'Confirm' }).click();
      const code = form.getByRole('textbox', { name: 'Verification code' });
      await code.waitFor();
      await page.waitForTimeout(900);
      await screenshot(page, `wishlist-alerts-code-${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await code.fill(await codeFor(alertsTo));
      await form.getByRole('button', { name: 'Confirm' }).click();
      const welcome = page.getByRole('dialog', { name: 'Welcome to Wishlist Alerts!' });
      await welcome.getByText(alertsTo).waitFor();
      await page.waitForTimeout(900);
      await screenshot(page, `wishlist-alerts-welcome-${size}`);
      await welcome.getByRole('button', { name: 'Continue' }).click();
      await welcome.waitFor({ state: 'hidden' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      // The tooltip was shown once already, before.
      expect(await tooltip.count()).toBe(0);

      // On after a reload; off at once.
      await page.reload();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      expect(await tooltip.count()).toBe(0);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.reload();
      await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
      await page.waitForTimeout(500);
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
