import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

const PASSWORD = 'a long and private phrase';
let people = 0;
const newEmail = () => `saver${++people}.${Date.now()}@example.com`;

/**
 * Saved searches as a shopper uses them (account.md 2.4, 2.5): a visitor presses the star, signs
 * in and lands back on the same search with the form open; an address that is not the account's
 * gets a code by e-mail (read from the dev mailbox); then the search is edited and deleted from
 * /my-account/saved-searches. At 390px and 1280px, with no sideways scroll.
 */
describe('saved searches', () => {
  const shop = useShop({ DEV_MAILBOX: 'true' }, { host: 'localhost' });

  async function register(page: Page, email: string) {
    await page.goto(`${shop.server.baseUrl}/register`);
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
    await page.getByRole('button', { name: 'Account menu for Grace' }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
  }

  /** The newest 6-digit code e-mailed to `to`. */
  async function codeFor(to: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const outbox = (await (await fetch(`${shop.server.baseUrl}/c3api/dev/outbox`)).json()) as {
        Value: { Messages: { To: string; TextBody: string }[] };
      };
      const mails = outbox.Value.Messages.filter((m) => m.To === to);
      const code = /\b(\d{6})\b/.exec(mails.at(-1)?.TextBody ?? '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no code e-mailed to ${to}`);
  }

  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`a visitor saves a search through sign-in and a code, then edits and deletes it (${size})`, async () => {
      const { page, problems } = await openPage(shop.browser, viewport);
      const email = newEmail();
      const alertsTo = `alerts.${email}`;
      await register(page, email);

      await page.goto(`${shop.server.baseUrl}/search-results?query=phone`);
      await page.getByRole('button', { name: 'Save this search' }).click();
      const prompt = page.getByRole('dialog', { name: 'Save this search' });
      await prompt.getByText('To save this search, please login or register').waitFor();
      await prompt.getByRole('link', { name: 'Login / Register' }).click();
      const login = page.getByRole('form', { name: 'Sign in with your email address' });
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Sign in' }).click();

      // Back on the same search, with the form open and the account's address in it.
      await page.waitForURL(/\/search-results\?query=phone$/);
      const form = page.getByRole('dialog', { name: 'Save this search' });
      const emailField = form.getByRole('textbox', { name: 'Email' });
      await expect.poll(() => emailField.inputValue()).toBe(email);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('This field is required').first().waitFor();
      await form.getByRole('textbox', { name: 'Title' }).fill('Phones');
      await emailField.fill(alertsTo);
      await form.getByRole('radio', { name: 'Daily' }).check();
      await form.getByRole('button', { name: 'Save' }).click();

      // Not the account's address: a code first.
      const code = form.getByRole('textbox', { name: 'Verification code' });
      await code.waitFor();
      await code.fill('000000');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText(/Sorry, that code does not match/).waitFor();
      await page.waitForTimeout(900);
      await screenshot(page, `saved-search-form-code-${size}`);
      expect(await noSidewaysScroll(page)).toBe(true);
      await code.fill(await codeFor(alertsTo));
      await form.getByRole('button', { name: 'Save' }).click();
      const saved = page.getByRole('dialog', { name: 'Search saved' });
      await saved.getByText('Your search has been saved.').waitFor();
      await saved.getByRole('button', { name: 'OK' }).click();

      // The list.
      await page.goto(`${shop.server.baseUrl}/my-account/saved-searches`);
      await page.getByRole('heading', { level: 2, name: 'Current searches' }).waitFor();
      const link = page.getByRole('link', { name: 'Phones', exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe('/search-results?query=phone');
      await page.getByText('Results for \u2018phone\u2019 with 0 filters').waitFor();
      await page.getByText('Daily', { exact: true }).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, `saved-searches-list-${size}`);

      // Edit: the address is verified now, so no code.
      await page.getByRole('button', { name: 'Edit Phones' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit saved search' });
      await expect.poll(() => edit.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Phones');
      await edit.getByRole('textbox', { name: 'Name' }).fill('Cheap phones');
      await edit.getByRole('radio', { name: 'Weekly' }).check();
      await edit.getByRole('button', { name: 'Update' }).click();
      const updated = page.getByRole('dialog', { name: 'Search updated' });
      await updated.getByText('Your search has been updated.').waitFor();
      await updated.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('link', { name: 'Cheap phones', exact: true }).waitFor();
      await page.getByText('Weekly', { exact: true }).waitFor();

      // Delete, after its question; the server forgot it too.
      await page.getByRole('button', { name: 'Delete Cheap phones' }).click();
      const question = page.getByRole('dialog', { name: 'Delete this search?' });
      await question.getByText('Do you wish to delete \u2018Cheap phones\u2019 from your saved searches?').waitFor();
      await question.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('You have no saved searches yet.').waitFor();
      await page.reload();
      await page.getByText('You have no saved searches yet.').waitFor();
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
