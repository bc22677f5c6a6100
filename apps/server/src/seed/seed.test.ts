import { AUSTRALIAN_STATES } from '@shop/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isValidAbn, isValidUkVatNumber } from '../lib/tax-numbers.js';
import { testDatabaseTargets } from '../test/test-database.js';
import { CATEGORY_TREE } from './catalogue-data.js';
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

  it('gives stores a legal entity, valid ABNs (AU) and VAT numbers (UK), and leaves about 1 in 20 unregistered', () => {
    const stores = generateStores(1);
    const au = stores.filter((s) => s.region === 'AU');
    const uk = stores.filter((s) => s.region === 'UK');
    for (const store of au) {
      expect(store.entity_name).toMatch(new RegExp(`^${store.name} .+ Pty Ltd$`));
      expect(store.business_number).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
      expect(isValidAbn(store.business_number), store.business_number).toBe(true);
      expect(store.vat_number).toBe('');
    }
    for (const store of uk) {
      expect(store.entity_name).toMatch(new RegExp(`^${store.name} .+ Ltd$`));
      expect(store.entity_name).not.toMatch(/Pty/);
      if (store.tax_registered === 1) expect(isValidUkVatNumber(store.vat_number ?? ''), store.vat_number).toBe(true);
      else expect(store.vat_number).toBe('');
    }
    const unregistered = stores.filter((s) => s.tax_registered === 0).length / stores.length;
    expect(unregistered).toBeGreaterThan(0.01);
    expect(unregistered).toBeLessThan(0.12);
  });

  it('taxes AU items at the standard rate but for a little gold (standing in for bullion), UK items mostly under the margin scheme', () => {
    const leaves = CATEGORY_TREE.flatMap((root) => root.children).map((leaf, i) => ({ id: i + 1, leaf }));
    const treatments = (region: 'AU' | 'UK') =>
      Array.from({ length: 4000 }, (_, i) => generateProduct(i, 1, { stores: [{ id: 1, region }], leaves }));
    const au = treatments('AU');
    const gstFree = au.filter((p) => p.tax_treatment === 'gst_free');
    expect(gstFree.length).toBeGreaterThan(0);
    expect(gstFree.length / au.length).toBeLessThan(0.03);
    expect(gstFree.every((p) => /gold/i.test(p.title))).toBe(true);
    expect(au.every((p) => p.tax_treatment !== 'margin')).toBe(true);
    const uk = treatments('UK');
    const margin = uk.filter((p) => p.tax_treatment === 'margin').length / uk.length;
    expect(margin).toBeGreaterThan(0.7);
    expect(margin).toBeLessThan(0.9);
    expect(uk.every((p) => p.tax_treatment !== 'gst_free')).toBe(true);
  });

  it('gives a model only the extras it can have: no kit lens on a fixed-lens camera, no Intel chip in a MacBook, no cellular Garmin', () => {
    const leaves = CATEGORY_TREE.flatMap((root) => root.children).map((leaf, i) => ({ id: i + 1, leaf }));
    const titles = Array.from(
      { length: 6000 },
      (_, i) => generateProduct(i, 1, { stores: [{ id: 1, region: 'AU' }], leaves }).title,
    );
    const fixedLens = titles.filter((t) => /G7 X|ZV-1|X100V|Instax|GoPro/.test(t));
    expect(fixedLens.length).toBeGreaterThan(20);
    expect(fixedLens.filter((t) => /Kit Lens|Body Only/.test(t))).toEqual([]);
    expect(fixedLens.some((t) => / - /.test(t))).toBe(true);
    expect(titles.filter((t) => /MacBook.*Intel/.test(t))).toEqual([]);
    expect(titles.filter((t) => /(Garmin|Fitbit).*(Cellular|mm)/.test(t))).toEqual([]);
    expect(titles.filter((t) => /Watch Ultra.*(41|45)mm/.test(t))).toEqual([]);
    // Other models keep the leaf's extras.
    expect(titles.some((t) => /Canon EOS R6.* - (Body Only|with Kit Lens)/.test(t))).toBe(true);
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

  it.each(testDatabaseTargets().filter((t) => t.name === 'postgres'))(
    'leaves PostgreSQL with statistics of the loaded catalogue (its planner would read the index build as a sort per page)',
    async (target) => {
      const database = await target.open();
      try {
        await seedCatalogue(database.handle, { products: 300, seed: 4 });
        const { rows } = await sql<{ reltuples: number }>`
          select reltuples from pg_class where oid = 'products'::regclass`.execute(database.handle.db);
        expect(rows[0]?.reltuples).toBeGreaterThan(0);
      } finally {
        await database.dispose();
      }
    },
  );

  it.each(testDatabaseTargets().filter((t) => t.name.toLowerCase().includes('postgres')))(
    'leaves the loaded tables vacuumed and analysed on $name, with the replaced change rows gone',
    async (target) => {
      const database = await target.open();
      try {
        await seedCatalogue(database.handle, { products: 300, seed: 4 });
        const stats = await sql<{ relname: string; vacuumed: boolean; analysed: boolean; dead: number }>`
          select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analysed,
                 n_dead_tup as dead
          from pg_stat_user_tables
          where schemaname = current_schema() and relname in ('products', 'product_changes')
          order by relname`.execute(database.handle.db);
        expect(stats.rows).toEqual([
          { relname: 'product_changes', vacuumed: true, analysed: true, dead: 0 },
          { relname: 'products', vacuumed: true, analysed: true, dead: 0 },
        ]);
      } finally {
        await database.dispose();
      }
    },
  );
});
