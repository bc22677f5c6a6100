import type { SimilarValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('similar items on $name', (target) => {
  const code: Record<string, string> = {};
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      // Categories and stores only: the fixtures below are the whole catalogue.
      await seedCatalogue(database.handle, { products: 0, seed: 2 });
      const sydney = await makeStore(db, { state: 'NSW', name: 'Sydney', latitude: -33.87, longitude: 151.21 });
      const parramatta = await makeStore(db, { state: 'NSW', name: 'Parramatta', latitude: -33.81, longitude: 151.0 });
      const brisbane = await makeStore(db, { state: 'QLD', name: 'Brisbane', latitude: -27.47, longitude: 153.03 });
      const perth = await makeStore(db, { state: 'WA', name: 'Perth', latitude: -31.95, longitude: 115.86 });
      const london = await makeStore(db, {
        region: 'UK',
        state: 'LND',
        name: 'Camden',
        latitude: 51.54,
        longitude: -0.14,
      });
      const cameras = await categoryIdBySlug(db, 'digital-cameras');
      const lenses = await categoryIdBySlug(db, 'lenses');
      const make = async (key: string, storeId: number, brand: string, extra: object = {}) => {
        code[key] = (
          await makeProduct(db, {
            store_id: storeId,
            category_id: cameras,
            brand,
            title: `${brand} camera ${key}`,
            listed_at: '2026-05-01T00:00:00.000Z',
            ...extra,
          })
        ).code;
      };
      await make('item', sydney.id, 'Canon');
      await make('soldItem', parramatta.id, 'Nikon', { status: 'sold' });
      await make('canonPerth', perth.id, 'Canon');
      await make('canonBrisbane', brisbane.id, 'Canon');
      await make('nikonSydneyOld', sydney.id, 'Nikon', { listed_at: '2026-01-01T00:00:00.000Z' });
      await make('nikonSydneyNew', sydney.id, 'Nikon', { listed_at: '2026-06-01T00:00:00.000Z' });
      await make('sonyParramatta', parramatta.id, 'Sony');
      await make('fujiPerth', perth.id, 'Fujifilm');
      await make('canonSold', sydney.id, 'Canon', { status: 'sold' });
      await make('canonReserved', sydney.id, 'Canon', { status: 'reserved' });
      await make('canonLondon', london.id, 'Canon');
      code.lens = (await makeProduct(db, { store_id: sydney.id, category_id: lenses, brand: 'Canon' })).code;
    },
  });

  async function similar(query: string): Promise<SimilarValue> {
    const { status, body } = await server.get<SimilarValue>(`/c3api/product/similar?${query}`);
    expect(status, body.Message ?? '').toBe(200);
    return body.Value;
  }

  const codesOf = (value: SimilarValue) => value.ProductListItems.map((p) => p.Code);

  it('puts the same brand first, then the rest of the category from the nearest stores', async () => {
    const value = await similar(`code=${code.item}`);
    expect(codesOf(value)).toEqual([
      // Same category and brand: nearest first.
      code.canonBrisbane,
      code.canonPerth,
      // Same category, other brands: the item's own store (newest first), then nearer to farther.
      code.nikonSydneyNew,
      code.nikonSydneyOld,
      code.sonyParramatta,
      code.fujiPerth,
    ]);
    expect(value.ProductListItemCount).toBe(6);
    expect(value.MaxResults).toBe(16);
    expect(value.SearchUrl).toBe('/search-results?category=digital-cameras&brand=canon');
    expect(value.ProductListItems.every((p) => p.IsAvailable && p.ProductList === 'Similar Items')).toBe(true);
  });

  it('caps the results at NumberOfResults (at most 48) while counting them all', async () => {
    const two = await similar(`code=${code.item?.toLowerCase()}&NumberOfResults=2`);
    expect(codesOf(two)).toEqual([code.canonBrisbane, code.canonPerth]);
    expect(two.ProductListItemCount).toBe(6);
    expect(two.MaxResults).toBe(2);
    expect((await similar(`code=${code.item}&NumberOfResults=500`)).MaxResults).toBe(48);
  });

  it('answers for a sold item too, without the item itself', async () => {
    const value = await similar(`code=${code.soldItem}`);
    // Nikon first (same brand), then by distance from Parramatta.
    expect(codesOf(value)).toEqual([
      code.nikonSydneyNew,
      code.nikonSydneyOld,
      code.sonyParramatta,
      code.item,
      code.canonBrisbane,
      // Same store and listing date: the earlier listing of the two first.
      code.canonPerth,
      code.fujiPerth,
    ]);
    expect(codesOf(value)).not.toContain(code.soldItem);
    expect(value.SearchUrl).toBe('/search-results?category=digital-cameras&brand=nikon');
  });

  it('follows sales: a sold similar item drops out', async () => {
    const db = database.handle.db;
    const row = await db
      .selectFrom('products')
      .select('id')
      .where('code', '=', code.fujiPerth ?? '')
      .executeTakeFirstOrThrow();
    await server.services.catalogue.setStatus(server.ctx(), row.id, 'sold');
    try {
      const value = await similar(`code=${code.item}`);
      expect(codesOf(value)).not.toContain(code.fujiPerth);
      expect(value.ProductListItemCount).toBe(5);
    } finally {
      await server.services.catalogue.setStatus(server.ctx(), row.id, 'available');
    }
  });

  it('is a 404 for an unknown code or another region’s item, and a 400 for bad input', async () => {
    for (const unknown of ['ZZ0000001', code.canonLondon]) {
      const { status, body } = await server.get(`/c3api/product/similar?code=${unknown}`);
      expect(status).toBe(404);
      expect(body.WasSuccessful).toBe(false);
    }
    const badCount = await server.get(`/c3api/product/similar?code=${code.item}&NumberOfResults=0`);
    expect(badCount.status).toBe(400);
    expect(badCount.body.Message).toContain('NumberOfResults');
    expect((await server.get('/c3api/product/similar')).status).toBe(400);
  });
});
