import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** A page at the given size that records uncaught errors; optionally with cookie consent already given. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { consent?: 'accepted' | 'declined' | null; bypassCSP?: boolean } = {},
): Promise<{ page: Page; problems: string[] }> {
  // bypassCSP lets axe-core's script in past the server's script-src 'self'.
  const page = await browser.newPage({ viewport, bypassCSP: options.bypassCSP ?? false });
  await waitForHydrationOnNavigation(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const consent = options.consent === undefined ? 'accepted' : options.consent;
  if (consent) {
    // The cookie too, which tells the server not to draw the banner (cookies ignore the port).
    await page
      .context()
      .addCookies(
        ['localhost', '127.0.0.1'].map((domain) => ({ name: 'cookie-consent', value: consent, domain, path: '/' })),
      );
    await page.addInitScript((choice) => {
      if (!window.localStorage.getItem('cookie-consent')) window.localStorage.setItem('cookie-consent', choice);
    }, consent);
  }
  return { page, problems };
}

const require = createRequire(import.meta.url);
const AXE_PATH = path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core in the page and returns its violations, shortened for a readable failure. */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations;
  });
  return violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
}

/**
 * Makes `page.goto` and `page.reload` resolve once a server-rendered page has hydrated, as a
 * shopper's first tap comes once the page works. Such a page starts its scripts only after its
 * largest picture has loaded (apps/web/src/boot.ts), which can be after the window's load event
 * that `goto` waits for; a journey clicking at once would otherwise click markup with no handlers
 * yet. Pages the browser draws (no `shop-entries` meta) and non-HTML answers do not wait.
 */
export async function waitForHydrationOnNavigation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener('shop:hydrated', () => {
      (window as unknown as { shopHydrated?: boolean }).shopHydrated = true;
    });
  });
  const hydrated = () =>
    page
      .waitForFunction(
        () =>
          !document.querySelector('meta[name="shop-entries"]') ||
          (window as unknown as { shopHydrated?: boolean }).shopHydrated === true,
        undefined,
        { timeout: 20_000 },
      )
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  page.goto = (async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  }) as Page['goto'];
  const reload = page.reload.bind(page);
  page.reload = (async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  }) as Page['reload'];
}
