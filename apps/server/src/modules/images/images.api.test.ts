import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { sqliteTestDatabaseTarget } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe('product images', () => {
  let code: string;
  const { server } = useTestShop(sqliteTestDatabaseTarget(), {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const store = await makeStore(database.handle.db);
      const category = await categoryIdBySlug(database.handle.db, 'guitars');
      code = (await makeProduct(database.handle.db, { store_id: store.id, category_id: category, image_count: 2 }))
        .code;
    },
  });

  it.each([
    [800, 600],
    [600, 450],
    [450, 338],
    [300, 225],
  ])('draws width %i as a %ix%i WebP with long-lived caching', async (width, height) => {
    const response = await fetch(`${server.baseUrl}/c3api/images/product/${code}/1?w=${width}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it('draws 300x200 thumbnails and answers a matching ETag with 304', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/images/product/${code}/2?thumb=true`);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.baseUrl}/c3api/images/product/${code}/2?thumb=true`, {
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('refuses other widths and missing pictures', async () => {
    const badWidth = await fetch(`${server.baseUrl}/c3api/images/product/${code}/1?w=1234`);
    expect(badWidth.status).toBe(400);
    expect((await badWidth.json()).Message).toContain('w');
    expect((await fetch(`${server.baseUrl}/c3api/images/product/${code}/3`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/c3api/images/product/NOPE123/1`)).status).toBe(404);
  });

  it('serves category icons', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/images/category-icon/guitar.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${server.baseUrl}/c3api/images/category-icon/unknown.svg`)).status).toBe(404);
  });
});
