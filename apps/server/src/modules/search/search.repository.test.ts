import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { type ProductIndexRow, SearchRepository } from './search.repository.js';

describe.each(testDatabaseTargets())('search repository on $name', (target) => {
  const { database } = useTestShop(target, { seed: { products: 1200, seed: 3 }, server: false });
  const repository = new SearchRepository();

  /** The plain reading of "the region's items in id order", all at once. */
  async function reference(region: 'AU' | 'UK'): Promise<ProductIndexRow[]> {
    const rows = await database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .selectAll('p')
      .where('s.region', '=', region)
      .orderBy('p.id')
      .execute();
    return rows.map((p) => ({
      id: p.id,
      title: p.title,
      brand: p.brand,
      category_id: p.category_id,
      condition: p.condition,
      price_minor: p.price_minor,
      rrp_minor: p.rrp_minor,
      promo_method: p.promo_method,
      store_id: p.store_id,
      image_count: p.image_count,
      colour: p.colour,
      storage: p.storage,
      weight_grams: p.weight_grams,
      length_cm: p.length_cm,
      width_cm: p.width_cm,
      height_cm: p.height_cm,
      postable: p.postable,
      disable_in_store_pickup: p.disable_in_store_pickup,
      status: p.status,
      listed_at: p.listed_at,
    }));
  }

  it.each(['AU', 'UK'] as const)('pages through exactly the %s items, in id order', async (region) => {
    const read: ProductIndexRow[] = [];
    for (let after = 0; ; ) {
      const page = await repository.productsAfter(database.handle, region, after, 97);
      read.push(...page);
      const last = page[page.length - 1];
      if (!last || page.length < 97) break;
      after = last.id;
    }
    const expected = await reference(region);
    expect(expected.length).toBeGreaterThan(97 * 3);
    expect(read).toEqual(expected);
    const from = expected[200]?.id ?? 0;
    expect(await repository.productsAfter(database.handle, region, from, 5)).toEqual(expected.slice(201, 206));
  });

  it.runIf(target.name === 'sqlite')('reads a page in id order without sorting the rest of the region', async () => {
    const captured: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node }) => {
        captured.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = database.handle.db.withPlugin(capture);
    await repository.productsAfter({ db, dialect: database.handle.dialect }, 'AU', 100, 50);
    const node = captured[0];
    if (!node) throw new Error('no query captured');
    const query = database.handle.db.getExecutor().compileQuery(node, { queryId: 'plan' });
    const plan = await database.handle.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    const steps = plan.rows.map((r) => r.detail);
    // Driven by the products' primary key: no temporary B-tree gathering the region to sort it.
    expect(steps[0]).toMatch(/^SEARCH p USING INTEGER PRIMARY KEY/);
    expect(steps.join(' | ')).not.toContain('TEMP B-TREE');
  });
});
