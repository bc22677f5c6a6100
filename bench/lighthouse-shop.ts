/** The shop both Lighthouse scripts measure: the compiled production build on a seeded SQLite file. */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { findFreePort, ServerProcess, seedDatabase } from './server-process.js';

export interface MeasuredPage {
  page: string;
  url: string;
}

export interface LighthouseShop {
  /** The server's address, e.g. http://127.0.0.1:41234. */
  base: string;
  /** The home page, a search and a product page with a picture, as far as `wanted` names them. */
  pages: MeasuredPage[];
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

/**
 * Seeds `products` demo items into a throw-away database (the seed CLI: catalogue, banners and
 * notices; a production start seeds nothing itself), starts the compiled server on it with
 * NODE_ENV=production (as a shop runs), and finds the pages to measure.
 */
export async function startLighthouseShop(
  repoRoot: string,
  products: number,
  wanted: string[],
): Promise<LighthouseShop> {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const file = path.join(tempDir, 'shop.sqlite');
  // The web build the server sends, copied: the tree's apps/web/dist is shared, and another
  // engineer's `npm run build` during a measurement replaced the page's chunks under the running
  // server (its pages named scripts that were gone, and never hydrated). The rendering bundle
  // (dist-ssr) is read from beside WEB_DIST.
  const webDist = path.join(tempDir, 'web', 'dist');
  cpSync(path.join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  if (existsSync(path.join(repoRoot, 'apps/web/dist-ssr')))
    cpSync(path.join(repoRoot, 'apps/web/dist-ssr'), path.join(tempDir, 'web', 'dist-ssr'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // Production requires one; a throw-away shop can have a throw-away key.
    SECRET_KEY: randomBytes(32).toString('base64url'),
    DATABASE_URL: `sqlite:${file}`,
    DATA_DIR: tempDir,
    WEB_DIST: webDist,
    DEMO_PRODUCTS: String(products),
    PAYMENT_PROVIDERS: 'none',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  let server: ServerProcess | undefined;
  const stop = async () => {
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await seedDatabase({ repoRoot, file, products, seed: 1, env });
    const port = await findFreePort();
    server = ServerProcess.start(repoRoot, { ...env, PORT: String(port) }, port, ['apps/server/dist/main.js']);
    await server.waitUntilReady(5 * 60 * 1000);
    const base = server.baseUrl;
    const search = (await (await fetch(`${base}/c3api/search/results?query=phone`)).json()) as {
      Value: { ProductList: { ProductListItems: { Url: string; ImageUrl: string | null }[] } };
    };
    const product = search.Value.ProductList.ProductListItems.find((item) => item.ImageUrl !== null);
    if (!product) throw new Error('no phone with a picture in the demo catalogue');
    const pages = [
      { page: 'home', url: `${base}/` },
      { page: 'search', url: `${base}/search-results?query=phone` },
      { page: 'product', url: `${base}${product.Url}` },
    ].filter(({ page }) => wanted.includes(page));
    for (const { url } of pages) await warmUp(base, url);
    return { base, pages, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Asks once for a page and the pictures (at every width of their srcset) and scripts its HTML
 * names, as a running shop has been asked before. The demo's pictures are drawn on their first
 * request (a second or so of sharp's work on both cores); drawn during a measured load, that work
 * competed with the page for the CPU and counted as the page's own.
 */
async function warmUp(base: string, url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const named = new Set<string>();
  for (const [, value] of html.matchAll(/(?:src|href|srcset|content)="([^"]+)"/g)) {
    for (const part of (value ?? '').replaceAll('&amp;', '&').split(/[ ,]+/)) {
      if (/^\/(c3api\/images|assets)\//.test(part)) named.add(part);
    }
  }
  await Promise.all([...named].map(async (path) => (await fetch(`${base}${path}`)).arrayBuffer()));
}

/**
 * Debian's Chromium for the profiling scripts, headless, with nothing fetched in the background
 * (the machine has no internet): never a downloaded browser.
 */
export function launchShopChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/**
 * Browser features of Debian's Chromium that run beside the measured page without being part of it.
 * Chromium 156 draws its omnibox's popups as WebUI pages even when headless: two hidden renderers
 * that handle a message on every navigation. Traced, one of them ran for 30-45 ms during the
 * measured page's commit task, which ran 136 ms for 33 ms of its own CPU time on a two-core
 * machine; Lighthouse's simulation multiplies the page's wall time by four, so a window nobody
 * sees was counted as the page's blocking time.
 */
const UNSEEN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The same Chromium for Lighthouse itself (which connects to it by port), with chrome-launcher's
 * own flags. Its `--disable-features` list is extended, not repeated: Chromium keeps only the last
 * of a repeated switch.
 */
export function launchLighthouseChromium(): Promise<chromeLauncher.LaunchedChrome> {
  const defaults = chromeLauncher.Launcher.defaultFlags().map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},${UNSEEN_FEATURES.join(',')}` : flag,
  );
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultFlags: true,
    chromeFlags: [
      ...defaults,
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}
