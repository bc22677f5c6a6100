import { AUSTRALIAN_STATES } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test/test-database.js';
import { generateProduct, generateStores } from './generator.js';
import { seedCatalogue } from './seed.js';

describe('demo catalogue', () => {
  it('is the same for the same seed and different for another', () => {
    const context = { stores: [{ id: 1, region: 'AU' as const }], leaves: [] as never[] };
    const leaves = [
      {
        id: 1,
        leaf: {
          slug: 'x',
          name: 'X',
          keywords: '',
          brands: { Acme: ['Widget'] },
          price: [10, 100] as [number, number],
          weightGrams: [1, 2] as [number, number],
        },
      },
    ];
    const a = generateProduct(5, 1, { ...context, leaves });
    expect(generateProduct(5, 1, { ...context, leaves })).toEqual(a);
    expect(generateProduct(5, 2, { ...context, leaves })).not.toEqual(a);
  });

  it('has stores in all eight Australian states and across the UK', () => {
    const stores = generateStores(1);
    const auStates = new Set(stores.filter((s) => s.region === 'AU').map((s) => s.state));
    expect([...auStates].sort()).toEqual(AUSTRALIAN_STATES.map((s) => s.code).sort());
    expect(new Set(stores.filter((s) => s.region === 'UK').map((s) => s.state)).size).toBeGreaterThan(10);
  });

  it('seeds products with promotions, markdowns and some sold items, and replaces the catalogue when run again', async () => {
    const target = testDatabaseTargets()[0];
    if (!target) throw new Error('no database target');
    const database = await target.open();
    try {
      const db = database.handle.db;
      const progress: number[] = [];
      await seedCatalogue(database.handle, { products: 2000, seed: 3, onProgress: (done) => progress.push(done) });
      expect(progress.at(-1)).toBe(2000);
      const rows = await db
        .selectFrom('products')
        .select(['status', 'promo_method', 'rrp_minor', 'price_minor', 'image_count'])
        .execute();
      expect(rows).toHaveLength(2000);
      expect(rows.some((r) => r.status === 'sold')).toBe(true);
      expect(rows.some((r) => r.status === 'reserved')).toBe(true);
      expect(rows.some((r) => r.promo_method === 'Percentage')).toBe(true);
      expect(rows.some((r) => r.promo_method === 'Value')).toBe(true);
      expect(rows.some((r) => r.price_minor < r.rrp_minor)).toBe(true);
      expect(rows.some((r) => r.image_count === 0)).toBe(true);
      expect(rows.every((r) => Number.isInteger(r.price_minor) && r.price_minor > 0)).toBe(true);
      const categories = await db.selectFrom('categories').select(['slug', 'parent_id']).execute();
      expect(categories.filter((c) => c.parent_id === null).map((c) => c.slug)).toEqual(
        expect.arrayContaining([
          'phones',
          'computers',
          'gaming',
          'jewellery',
          'watches',
          'tools',
          'musical-instruments',
          'cameras',
          'tv-audio',
          'bikes',
        ]),
      );
      const views = await db.selectFrom('products').select(['code', 'popularity']).orderBy('code').execute();
      expect(views.some((r) => r.popularity > 100)).toBe(true);
      expect(views.every((r) => Number.isInteger(r.popularity) && r.popularity >= 0)).toBe(true);
      const banners = await db.selectFrom('banners').select(['region', 'placement']).execute();
      expect(banners.filter((b) => b.region === 'AU' && b.placement === 'home')).toHaveLength(3);
      expect(banners.filter((b) => b.region === 'UK' && b.placement === 'home')).toHaveLength(3);
      expect(await db.selectFrom('site_notices').select('region').orderBy('region').execute()).toEqual([
        { region: 'AU' },
        { region: 'UK' },
      ]);
      await seedCatalogue(database.handle, { products: 100, seed: 3 });
      // The same seed gives the same popularity.
      const again = await db.selectFrom('products').select(['code', 'popularity']).orderBy('code').execute();
      expect(again).toEqual(views.slice(0, 100));
      expect(await db.selectFrom('banners').select('id').execute()).toHaveLength(6);
      expect(await db.selectFrom('products').select('id').execute()).toHaveLength(100);
    } finally {
      await database.dispose();
    }
  });
});
