import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { seedCatalogue } from '../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../test/factories.js';
import { sqliteTestDatabaseTarget } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';

/**
 * The server-rendered pages over HTTP (decision 016), with the real web build: built here into a
 * folder of its own (under the repository, so the rendering bundle finds React in node_modules),
 * never over apps/web/dist, which journeys running meanwhile are using.
 */
describe('server-rendered pages', () => {
  let build: string;
  const code: Record<string, string> = {};

  beforeAll(async () => {
    mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
    build = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'ssr-build-'));
    const web = path.join(REPO_ROOT, 'apps/web');
    const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--outDir', path.join(build, 'dist'), '--logLevel', 'error'], {
      cwd: web,
    });
    execFileSync(
      process.execPath,
      [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(build, 'dist-ssr'), '--logLevel', 'error'],
      { cwd: web },
    );
  }, 180_000);

  afterAll(() => {
    if (build) rmSync(build, { recursive: true, force: true });
  });

  const { server } = useTestShop(sqliteTestDatabaseTarget(), {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 3 });
      const store = await makeStore(db, { state: 'NSW', name: 'Sydney', latitude: -33.87, longitude: 151.21 });
      const guitars = await categoryIdBySlug(db, 'guitars');
      const make = async (key: string, title: string, extra: object = {}) => {
        code[key] = (
          await makeProduct(db, {
            store_id: store.id,
            category_id: guitars,
            title,
            price_minor: 123_456,
            rrp_minor: 150_000,
            promo_method: null,
            promo_amount: null,
            promo_code: null,
            ...extra,
          })
        ).code;
      };
      await make('available', 'Fender </script><script>alert(1)</script> Stratocaster');
      await make('sold', 'Gibson Les Paul Standard', { status: 'sold' });
    },
    env: () => ({ WEB_DIST: path.join(build, 'dist') }),
  });

  async function productUrl(key: string): Promise<string> {
    const reply = await fetch(`${server.baseUrl}/c3api/product/query?code=${code[key]}`);
    return ((await reply.json()) as { Value: { Url: string } }).Value.Url;
  }

  /** The HTML before the first script tag: what paints before any script runs. */
  function beforeScripts(html: string): string {
    const root = html.indexOf('<div id="root">');
    return html.slice(root, html.indexOf('<script', root));
  }

  it("sends a product's title and price in its HTML, with its head and escaped data", async () => {
    const response = await fetch(`${server.baseUrl}${await productUrl('available')}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Compressed as the browser accepts (fetch reads it back).
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const html = await response.text();
    const body = beforeScripts(html);
    // Text is escaped where it must be: every '<' (Preact's renderer leaves '>', harmless in text).
    expect(body).toContain('Fender &lt;/script>&lt;script>alert(1)&lt;/script> Stratocaster');
    expect(body).toContain('$1,234.56');
    // The title never ends a script element early: not in the JSON-LD, not in the query cache.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      '<title>Fender &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Stratocaster | Secondhand</title>',
    );
    const ld = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1] ?? '';
    const data = JSON.parse(ld);
    expect(data.name).toBe('Fender </script><script>alert(1)</script> Stratocaster');
    expect(data.offers).toMatchObject({
      price: '1234.56',
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
    });
    const state = html.match(/<script type="application\/json" id="shop-state">([^<]*)<\/script>/)?.[1] ?? '';
    expect(JSON.stringify(JSON.parse(state))).toContain('Fender </script>');
    // The page loads one script, the boot script, which starts the app's entry scripts (listed
    // beside it) once the picture has loaded; nothing is modulepreloaded to share the line with the
    // picture, and the shell's and the page's stylesheets are in the page rather than linked, so
    // nothing blocks the first paint (each with a disabled link, never fetched, for the module loader).
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js">$/),
    ]);
    expect(html).toMatch(/<meta name="shop-entries" content="\/assets\/[\w-]+\.js( \/assets\/[\w-]+\.js)*">/);
    expect(html).not.toContain('modulepreload');
    const stylesheetLinks = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheetLinks.length).toBeGreaterThan(1);
    for (const link of stylesheetLinks)
      expect(link).toMatch(/^<link rel="stylesheet" href="\/assets\/[\w-]+\.css" disabled>$/);
    // The base stylesheet inline (its registered properties, then its variables).
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1]).toContain(':root{--ink:');
    // The product page's own rules come with it; the console's do not.
    expect(stylesheetLinks.some((link) => link.includes('/assets/product-page-'))).toBe(true);
    expect(stylesheetLinks.some((link) => link.includes('console'))).toBe(false);
    // The item's first picture is preloaded ahead of every script.
    const preload = html.indexOf('<link rel="preload" as="image" href="/c3api/images/product/');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('keeps a sold item at 200 and says it is sold', async () => {
    const response = await fetch(`${server.baseUrl}${await productUrl('sold')}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Sold: Gibson Les Paul Standard | Secondhand</title>');
    expect(beforeScripts(html)).toContain('this item has found a new home');
    expect(html).toContain('"availability":"https://schema.org/SoldOut"');
  });

  it('sends a wrong slug to the item address, and an unknown code or page to a 404', async () => {
    const url = await productUrl('available');
    const wrong = await fetch(`${server.baseUrl}/product/${code.available}/wrong-slug`, { redirect: 'manual' });
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe(url);
    const unknown = await fetch(`${server.baseUrl}/product/ZZ0000000/nothing`);
    expect(unknown.status).toBe(404);
    expect(beforeScripts(await unknown.text())).toContain('Item not found');
    const page = await fetch(`${server.baseUrl}/no/such/page`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<title>Page not found | Secondhand</title>');
  });

  it('answers HEAD as GET without a body', async () => {
    const home = await fetch(`${server.baseUrl}/`, { method: 'HEAD' });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toBe('');
    expect((await fetch(`${server.baseUrl}/nothing-here`, { method: 'HEAD' })).status).toBe(404);
  });

  it('renders search results with their facets, and /shop starts a new search', async () => {
    const response = await fetch(`${server.baseUrl}/search-results?query=stratocaster`);
    expect(response.status).toBe(200);
    const body = beforeScripts(await response.text());
    expect(body).toContain('>1 result<');
    expect(body).toContain('Stratocaster');
    expect(body).toContain('Refine');
    const shop = await fetch(`${server.baseUrl}/shop?query=fender`, { redirect: 'manual' });
    expect(shop.status).toBe(302);
    expect(shop.headers.get('location')).toBe('/search-results?query=fender&nonsticky=true');
  });

  it('leaves the account area and checkout to the app shell', async () => {
    for (const page of ['/checkout', '/my-account/profile', '/cart']) {
      const response = await fetch(`${server.baseUrl}${page}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });
});
