import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { searchItems } from './support/checkout.js';
import { openPage } from './support/pages.js';
import { useShop } from './support/shop.js';

/**
 * The shop's Content-Security-Policy holds without complaint: no page's own code needs anything
 * it forbids (eval, inline scripts, other hosts), so Chromium reports no violation while a shopper
 * goes from the home page through a search to an item and its cart.
 */
describe('content security policy', () => {
  const shop = useShop();

  it('home, search, an item and the cart run without a single CSP violation', async () => {
    const { page, problems } = await openPage(shop.browser, VIEWPORTS.desktop);
    // Each page reports its violations as it loads (the securitypolicyviolation event).
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
        report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    const [item] = await searchItems(shop.server.baseUrl, 'query=phone');
    if (!item) throw new Error('no phone in the demo');
    for (const path of ['/', '/search-results?query=phone', item.Url, '/cart']) {
      await page.goto(`${shop.server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
