import type { HelpPageValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('help pages on $name', (target) => {
  const shop = useTestShop(target, { seed: { products: 0, seed: 1 } });
  const { database, server: au } = shop;
  const uk = shop.alsoServe({ REGION: 'UK' });

  const page = (server: TestServer, slug: string) =>
    server.get<HelpPageValue>(`/c3api/content/helppage?slug=${encodeURIComponent(slug)}`);

  it("answers a region's help page with its title, description and body, in the region's words", async () => {
    const australian = await page(au, 'click-and-collect');
    expect(australian.status).toBe(200);
    expect(australian.body.Value).toMatchObject({ Slug: 'click-and-collect', Title: 'Click & Collect' });
    expect(australian.body.Value.BodyHtml).toMatch(/^<p>.+<\/p>$/);
    expect((await page(uk, 'click-and-collect')).body.Value.Title).toBe('Click and collect');
    expect((await page(au, 'warranty')).body.Value.Description).toContain('warranty');
  });

  it('sanitises the body on the way out', async () => {
    await database.handle.db
      .updateTable('content_pages')
      .set({ body_html: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x()">y</a></p>' })
      .where('slug', '=', 'returns')
      .where('region', '=', 'UK')
      .execute();
    // (a fresh server: the content is cached for a while)
    const fresh = await startTestServer(database, { REGION: 'UK' });
    try {
      const body = (await page(fresh, 'returns')).body.Value.BodyHtml;
      expect(body).not.toMatch(/script|onclick|javascript/);
      expect(body).toContain('Hi');
    } finally {
      await fresh.close();
    }
  });

  it('is a 404 for a missing page or a store page, and a 400 for a slug that cannot be one', async () => {
    expect((await page(au, 'no-such-page')).status).toBe(404);
    const store = await database.handle.db
      .selectFrom('content_pages')
      .select('slug')
      .where('content_type', '=', 'StorePage')
      .where('region', '=', 'AU')
      .executeTakeFirstOrThrow();
    expect((await page(au, store.slug)).status).toBe(404);
    const bad = await page(au, '../etc/passwd');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('slug');
  });
});
