import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestDatabaseTarget, testDatabaseTargets } from './test/test-database.js';
import { startTestServer } from './test/test-server.js';
import { useTestShop } from './test/test-shop.js';

/** Regression tests for the problems found in review of the storefront. */
describe.each(testDatabaseTargets())('hardening found in review, on $name', (target) => {
  let codes: string[];
  const { database, server } = useTestShop(target, {
    seed: { products: 1500, seed: 21 },
  });

  beforeAll(async () => {
    const rows = await database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select(['p.code'])
      .where('s.region', '=', 'AU')
      .orderBy('p.id')
      .limit(600)
      .execute();
    codes = rows.map((r) => r.code);
  });

  const count = async (table: 'wishlists' | 'wishlist_items' | 'enquiries' | 'carts') =>
    Number(
      (
        await database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(['2147483648', '99999999999999999999', '-2147483649'])(
    'answers cart calls with productId=%s with a 400 naming the field, never a 500',
    async (id) => {
      for (const call of ['add', 'remove']) {
        const reply = await server.post(`/c3api/cart/${call}?productId=${id}`, {});
        expect(reply.status, call).toBe(400);
        expect(reply.body.Message).toContain('productId');
      }
    },
  );

  it('refuses a NUL byte in any text field with a 400 before the captcha is spent', async () => {
    const { Token } = await server.services.captcha.issue(server.ctx(), 'ACDEF');
    const body = {
      productCode: codes[0],
      name: 'Sam',
      email: 'sam@example.com',
      message: 'Is it still available?',
      date: '1/2/2026',
      recaptchaToken: `${Token}:ACDEF`,
    };
    const before = await count('enquiries');
    for (const field of ['name', 'message', 'email', 'productCode'] as const) {
      const reply = await server.post('/c3api/product/enquiry', { ...body, [field]: `${body[field]}\u0000x` });
      expect(reply.status, field).toBe(400);
      expect(reply.body.Message).toContain(field);
    }
    const inQuery = await server.get(`/c3api/search/results?query=phone%00`);
    expect(inQuery.status).toBe(400);
    expect(await count('enquiries')).toBe(before);
    // The captcha was never looked at: it still works.
    expect((await server.post('/c3api/product/enquiry', body)).status).toBe(200);
  });

  it('rejects line breaks in single-line fields, so a name cannot forge lines in the store e-mail', async () => {
    const { Token } = await server.services.captcha.issue(server.ctx(), 'ACDEF');
    const reply = await server.post('/c3api/product/enquiry', {
      productCode: codes[0],
      name: 'Sam\r\nItem: forged line',
      email: 'sam@example.com',
      message: 'Two\nlines are fine here',
      date: '1/2/2026',
      recaptchaToken: `${Token}:ACDEF`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.Message).toContain('name');
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'answers the category icon named %s with a 404, not a 500',
    async (name) => {
      const response = await fetch(`${server.baseUrl}/c3api/images/category-icon/${name}`);
      expect(response.status).toBe(404);
    },
  );

  it('reads empty query parameters as not given', async () => {
    const page = await server.get('/c3api/wishlist/query/page?sortBy=&token=&page=1&sortDescending=');
    expect(page.status).toBe(200);
    const search = await server.get('/c3api/search/results?query=&Sort=&page=');
    expect(search.status).toBe(200);
  });

  it('creates nothing on a wishlist write that changes nothing', async () => {
    const before = await count('wishlists');
    for (const body of [{}, { Token: null }, { Token: 'x'.repeat(43) }]) {
      const clear = await server.post<{ Token: string | null }>('/c3api/wishlist/clear', body);
      expect(clear.status).toBe(200);
      expect(clear.body.Value.Token).toBeNull();
      const remove = await server.post<{ Token: string | null }>('/c3api/wishlist/remove', {
        ...body,
        ItemCode: codes[0],
      });
      expect(remove.status).toBe(200);
      expect(remove.body.Value.Token).toBeNull();
    }
    expect(await count('wishlists')).toBe(before);
  });

  it('holds the 500-item wishlist cap under 60 concurrent adds', async () => {
    const first = await server.post<{ Token: string }>('/c3api/wishlist/add', { ItemCode: codes[0] });
    const token = first.body.Value.Token;
    const wishlistId = (
      await database.handle.db
        .selectFrom('wishlist_items')
        .select('wishlist_id')
        .orderBy('added_at', 'desc')
        .executeTakeFirstOrThrow()
    ).wishlist_id;
    // Fill it to 490 directly, then race 60 adds of new items.
    const ids = await database.handle.db
      .selectFrom('products')
      .select('id')
      .where('code', 'in', codes.slice(1, 490))
      .execute();
    await database.handle.db
      .insertInto('wishlist_items')
      .values(ids.map((r) => ({ wishlist_id: wishlistId, product_id: r.id, added_at: new Date().toISOString() })))
      .execute();
    const replies = await Promise.all(
      codes.slice(490, 550).map((code) => server.post('/c3api/wishlist/add', { Token: token, ItemCode: code })),
    );
    const items = Number(
      (
        await database.handle.db
          .selectFrom('wishlist_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('wishlist_id', '=', wishlistId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(items).toBe(500);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.status === 400)).toHaveLength(50);
    expect(replies.every((r) => r.status === 200 || r.body.Message === 'A wishlist holds at most 500 items.')).toBe(
      true,
    );
  });
});

describe('serving the web app and logging requests', () => {
  let dist: string;
  const { database } = useTestShop(sqliteTestDatabaseTarget(), {
    server: false,
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{"version":3}');
  });

  it('serves hashed assets compressed, immutable for a year and without cookies; never source maps', async () => {
    const server = await startTestServer(database, { WEB_DIST: dist });
    try {
      for (const [encoding, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await fetch(`${server.baseUrl}/assets/app-abc123.js`, {
          headers: { 'Accept-Encoding': encoding },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(expected);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('set-cookie')).toBeNull();
        expect(await response.text()).toContain('console.log');
      }
      expect((await fetch(`${server.baseUrl}/assets/app-abc123.js.map`)).status).toBe(404);
      const page = await fetch(`${server.baseUrl}/product/sh1/anything`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      await server.close();
    }
  });

  it('never writes a token, code or cookie from a request to the log', async () => {
    const lines: string[] = [];
    const server = await startTestServer(
      database,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const token = 'wishlistTokenThatMustNotBeLogged0123456789';
      await fetch(`${server.baseUrl}/c3api/wishlist/query/summary?token=${token}`, {
        headers: { Cookie: 'cart=cartTokenThatMustNotBeLogged; visitor=visitorIdThatMustNotBeLogged' },
      });
    } finally {
      await server.close();
    }
    const log = lines.join('\n');
    expect(log).toContain('/c3api/wishlist/query/summary');
    expect(log).not.toContain('wishlistTokenThatMustNotBeLogged');
    expect(log).not.toContain('cartTokenThatMustNotBeLogged');
    expect(log).not.toContain('visitorIdThatMustNotBeLogged');
  });
});
