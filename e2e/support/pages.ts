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
