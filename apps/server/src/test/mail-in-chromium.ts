import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { sanitizeMailHtml } from '../lib/rich-text.js';

/** What a message looks like once Chromium has laid it out at one width. */
export interface MailLayout {
  scrollWidth: number;
  clientWidth: number;
  /** Each table's rendered width, in document order (mail layouts are tables). */
  tableWidths: number[];
  images: { alt: string; width: number }[];
  /** Tags of elements that stick out of the page on either side. */
  overflowing: string[];
  links: string[];
  text: string;
}

/**
 * Chromium (Debian's, headless, no network) for one describe block's mail rendering tests, and a
 * function that shows a message's HTML as the outbox stores it (after the mail sanitiser) in a page
 * of the given width, as a mail client would, and reads its layout. Pictures on `imageHost`
 * answer with a grey 300x300 square; every other request is refused.
 */
export function useMailBrowser(
  imageHost = 'https://shop.example/',
): (html: string, width: number) => Promise<MailLayout> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });

  return async (html, width) => {
    if (!browser) throw new Error('Chromium is not started yet (use it inside a test)');
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const tab = await context.newPage();
      await tab.route('**/*', (route) =>
        route.request().url().startsWith(imageHost)
          ? route.fulfill({
              contentType: 'image/svg+xml',
              body: '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#ccc"/></svg>',
            })
          : route.abort(),
      );
      await tab.setContent(
        `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body style="margin:0">${sanitizeMailHtml(html)}</body></html>`,
      );
      return await tab.evaluate(() => {
        const overflowing = [...document.querySelectorAll('body *')].filter((el) => {
          const box = el.getBoundingClientRect();
          return box.right > document.documentElement.clientWidth + 0.5 || box.left < -0.5;
        });
        return {
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
          tableWidths: [...document.querySelectorAll('table')].map((t) => t.getBoundingClientRect().width),
          images: [...document.querySelectorAll('img')].map((img) => ({
            alt: img.alt,
            width: img.getBoundingClientRect().width,
          })),
          overflowing: overflowing.map((el) => el.tagName),
          links: [...document.querySelectorAll('a')].map((a) => a.textContent?.trim() ?? ''),
          text: document.body.innerText,
        };
      });
    } finally {
      await context.close();
    }
  };
}
