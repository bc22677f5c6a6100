import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductDetail } from '@shop/contract';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../apps/server/src/test/run-script.js';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/src/test/smtp-server.js';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';
import { searchItems } from './support/checkout.js';
import { openPage } from './support/pages.js';
import { REPO_ROOT, type RunningServer, startServer } from './support/server.js';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'secondhand-demo';
/** Nothing in the demo catalogue is called this: the alert can only be about the item listed here. */
const TITLE = 'Wurlitzer 1015 bubbler jukebox';

/**
 * The saved-search alert end to end (account.md 5): a customer saves a search for
 * something the shop does not have, proving their address with the code that arrives over SMTP;
 * a store lists a matching item (`npm run item -- list`, the catalogue's one write path); the shop
 * comes back an hour later (CLOCK_OFFSET_MINUTES, on the same database) and its hourly digest
 * arrives over real SMTP with the item, its price and store, a link to all results and a one-click
 * unsubscribe. The mail is opened in Chromium and its links followed.
 */
describe('a saved-search alert over SMTP', () => {
  let smtp: TestSmtpServer;
  let browser: Browser;
  let server: RunningServer | undefined;
  let dataDir = '';

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** The first message to `to` that `match` accepts, parsed as a mail client would; waits up to 90 s. */
  async function mailTo(to: string, match: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      for (const received of smtp.received.filter((m) => m.to.includes(to))) {
        const mail = await simpleParser(received.data);
        if (match(mail)) return mail;
      }
      if (Date.now() > deadline) {
        const subjects = await Promise.all(smtp.received.map(async (m) => (await simpleParser(m.data)).subject));
        throw new Error(`no such mail to ${to}; received: ${JSON.stringify(subjects)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** `npm run item -- list` on the shop's database, as a store would list an item. */
  async function listItem(args: string[]): Promise<string> {
    const { code, output } = await runScript('apps/server/src/items.cli.ts', ['list', ...args], {
      cwd: REPO_ROOT,
      env: { DATA_DIR: dataDir, DATABASE_URL: '', REGION: 'AU' },
    });
    if (code !== 0) throw new Error(`item list failed: ${output}`);
    return output;
  }

  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('a customer saves a search, a store lists a match, and the hourly alert arrives with its links working', async () => {
    // A fresh shop and mailbox each try (a retried journey starts over).
    await server?.stop();
    smtp.received.length = 0;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-alert-'));
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, DEMO_PRODUCTS: '600' };
    server = await startServer(env, { host: 'localhost' });
    const port = new URL(server.baseUrl).port;
    const { page, problems } = await openPage(browser, VIEWPORTS.desktop);

    // Signed in, on a search that finds nothing yet.
    await page.goto(`${server.baseUrl}/login`);
    const login = page.getByRole('form', { name: 'Sign in with your email address' });
    await login.getByLabel('Email').fill(DEMO_EMAIL);
    await login.getByLabel('Password').fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Shopping' }).waitFor();
    await page.goto(`${server.baseUrl}/search-results?query=jukebox`);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const form = page.getByRole('dialog', { name: 'Save this search' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Jukeboxes');
    await form.getByRole('radio', { name: 'Hourly' }).check();
    await form.getByRole('button', { name: 'Save' }).click();

    // The account's address is proved once, with the code that came over SMTP.
    await page.waitForTimeout(500);
    await screenshot(page, 'saved-search-alert-code');
    const codeMail = await mailTo(DEMO_EMAIL, (mail) => mail.subject === 'Your Secondhand verification code');
    const code = /\b(\d{6})\b/.exec(codeMail.text ?? '')?.[1] ?? '';
    expect(codeMail.html).toContain(code);
    await form.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await form.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('dialog', { name: 'Search saved' });
    await saved.getByText('Your search has been saved.').waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();

    // A store lists a jukebox; the search page finds it at once.
    const [someItem] = await searchItems(server.baseUrl, 'query=guitar');
    const detail = (await (await fetch(`${server.baseUrl}/c3api/product/query?code=${someItem?.Code}`)).json()) as {
      Value: ProductDetail;
    };
    const store = detail.Value.Store;
    const listed = await listItem([
      '--store',
      String(store.Id),
      '--category',
      'guitars',
      '--title',
      TITLE,
      '--price',
      '4500.00',
      '--brand',
      'Wurlitzer',
      '--weight',
      '30000',
      '--pickup-only',
    ]);
    const itemCode = listed.slice(0, 9);
    expect(itemCode).toMatch(/^SI\d{7}$/);
    await page.reload();
    await page.getByRole('link', { name: TITLE }).first().waitFor();
    // Nothing is sent before the hour is up.
    expect(smtp.received.filter((m) => m.data.includes('new match'))).toHaveLength(0);

    // An hour later (the shop's clock moved, same database and address): the hourly digest.
    await server.stop({ keepData: true });
    server = await startServer({ ...env, PORT: port, CLOCK_OFFSET_MINUTES: '61' }, { host: 'localhost' });
    const alert = await mailTo(DEMO_EMAIL, (mail) => mail.subject?.includes('Jukeboxes') ?? false);
    expect(alert.subject).toBe('1 new match for your saved search \u2018Jukeboxes\u2019');
    // The headers exactly as they arrived (RFC 8058 one-click unsubscribe).
    // (unfolded: a long header line may continue on the next, RFC 5322 2.2.3).
    const header = (name: string) =>
      (alert.headerLines.find((h) => h.key === name)?.line ?? '').replace(/\r\n(?=[ \t])/g, '').replace(/:\s+/, ': ');
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:\d+\/c3api\/savedsearch\/unsubscribe\?token=[^>]+>$/,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(alert.text).toContain(TITLE);
    expect(alert.text).toContain('$4,500.00');
    expect(alert.text).toContain(store.Name);
    // Exactly one alert for the period, however long the shop keeps running.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const alerts = await Promise.all(
      smtp.received.filter((m) => m.to.includes(DEMO_EMAIL)).map((m) => simpleParser(m.data)),
    );
    expect(alerts.filter((mail) => mail.subject?.includes('Jukeboxes'))).toHaveLength(1);

    // The mail as a reader sees it, in Chromium: the item's link opens its page.
    const mailPage = await browser.newPage({ viewport: VIEWPORTS.phone });
    await mailPage.setContent(alert.html || '');
    expect(await noSidewaysScroll(mailPage)).toBe(true);
    await screenshot(mailPage, 'saved-search-alert-mail-phone');
    await mailPage.getByRole('link', { name: TITLE }).click();
    await mailPage.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(mailPage.url()).toContain(`/product/${itemCode.toLowerCase()}/`);
    await mailPage.setContent(alert.html || '');
    await mailPage.getByRole('link', { name: 'See all results' }).click();
    await mailPage.waitForURL(/\/search-results\?query=jukebox$/);
    await mailPage.getByRole('link', { name: TITLE }).first().waitFor();

    // One click on the unsubscribe link's page stops the alerts; the search stays saved.
    await mailPage.setContent(alert.html || '');
    await mailPage.getByRole('link', { name: 'Unsubscribe from these alerts' }).click();
    await mailPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await mailPage
      .getByText('You will no longer receive alerts for your saved search \u2018Jukeboxes\u2019.')
      .waitFor();
    await page.goto(`${server.baseUrl}/my-account/saved-searches`);
    await page.getByRole('link', { name: 'Jukeboxes', exact: true }).waitFor();
    await page.getByText('Never', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  }, 300_000);
});
