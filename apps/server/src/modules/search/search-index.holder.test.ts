import { describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('search index upkeep on $name', (target) => {
  const { database, server } = useTestShop(target, { seed: { products: 300, seed: 5 } });

  const count = async () =>
    (await server.get<{ ProductList: { ProductListItemCount: number } }>('/c3api/search/results')).body.Value
      .ProductList.ProductListItemCount;

  it('makes the orderings of the sort options before the first search and before a rebuilt index answers', async () => {
    await count();
    const made = (index: Awaited<ReturnType<typeof server.services.searchIndex.current>>) =>
      Object.fromEntries(
        ['listed-', 'price+', 'price-', 'condition-', 'listed+'].map((k) => [
          k,
          index.sortOrders.isMade(k as 'listed-'),
        ]),
      );
    const expected = { 'listed-': true, 'price+': true, 'price-': true, 'condition-': true, 'listed+': false };
    expect(made(await server.services.searchIndex.current())).toEqual(expected);
    // A rebuilt index is swapped in with them made too.
    const first = await server.services.searchIndex.current();
    await seedCatalogue(database.handle, { products: 300, seed: 5 });
    await new Promise((r) => setTimeout(r, 300));
    await count();
    await server.services.searchIndex.settled();
    const rebuilt = await server.services.searchIndex.current();
    expect(rebuilt).not.toBe(first);
    expect(made(rebuilt)).toEqual(expected);
  });

  it('keeps answering from the old index while a reseed is rebuilt, then serves the new catalogue', async () => {
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // Another process (the seed command) replaces the catalogue: this server only sees the change feed.
    await seedCatalogue(database.handle, { products: 900, seed: 6 });
    await new Promise((r) => setTimeout(r, 300));
    const during = await count();
    await server.services.searchIndex.settled();
    await new Promise((r) => setTimeout(r, 300));
    const after = await count();
    expect([before, after]).toContain(during);
    expect(after).toBeGreaterThan(before);
  });

  it('still hears of item changes while a rebuild after a wholesale change is under way', async () => {
    await server.services.searchIndex.settled();
    const holder = server.services.searchIndex;
    const search = async (text: string) =>
      (await server.get<{ ProductList: { ProductListItemCount: number } }>(`/c3api/search/results?query=${text}`)).body
        .Value.ProductList.ProductListItemCount;
    const item = await database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.id')
      .where('s.region', '=', 'AU')
      .where('p.status', '=', 'available')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    // The index is built (the first search builds it), then rebuilds are held back, as reading a
    // million items would hold them.
    expect(await search('gryphonel')).toBe(0);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const build = holder.build.bind(holder);
    const slowBuild = vi.spyOn(holder, 'build').mockImplementation(async (seq, steps) => {
      await held;
      return build(seq, steps);
    });
    try {
      // A store changed (every index rebuilds), then an item changed, both by another process.
      await server.services.catalogue.storesChanged(server.ctx());
      await database.handle.db
        .updateTable('products')
        .set({ title: 'Gryphonel teapot' })
        .where('id', '=', item.id)
        .execute();
      await new Promise((r) => setTimeout(r, 300));
      expect(await search('gryphonel')).toBe(1);
      expect(slowBuild).toHaveBeenCalledTimes(1);
      await database.handle.db.updateTable('products').set({ status: 'sold' }).where('id', '=', item.id).execute();
      await new Promise((r) => setTimeout(r, 300));
      expect(await search('gryphonel')).toBe(0);
    } finally {
      release();
      await holder.settled();
      slowBuild.mockRestore();
    }
    await database.handle.db.updateTable('products').set({ status: 'available' }).where('id', '=', item.id).execute();
    await new Promise((r) => setTimeout(r, 300));
    expect(await search('gryphonel')).toBe(1);
  });

  it('does not lose a change whose transaction commits after a later one (positions handed out before commit)', async () => {
    await server.services.searchIndex.settled();
    const search = async (text: string) =>
      (await server.get<{ ProductList: { ProductListItemCount: number } }>(`/c3api/search/results?query=${text}`)).body
        .Value.ProductList.ProductListItemCount;
    const [slow, quick] = await database.handle.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.id')
      .where('s.region', '=', 'AU')
      .where('p.status', '=', 'available')
      .orderBy('p.id')
      .limit(2)
      .execute();
    if (!slow || !quick) throw new Error('no items');
    expect(await search('zebracorn')).toBe(0);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The slow transaction takes its change-feed position first and commits last.
    const slowWrite =
      target.name === 'postgres'
        ? database.handle.db.transaction().execute(async (trx) => {
            await trx.updateTable('products').set({ title: 'Zebracorn lamp' }).where('id', '=', slow.id).execute();
            await held;
          })
        : Promise.resolve();
    await new Promise((r) => setTimeout(r, 100));
    await database.handle.db
      .updateTable('products')
      .set({ title: 'Quick zebracorn vase' })
      .where('id', '=', quick.id)
      .execute();
    if (target.name === 'sqlite') {
      await database.handle.db
        .updateTable('products')
        .set({ title: 'Zebracorn lamp' })
        .where('id', '=', slow.id)
        .execute();
    }
    await new Promise((r) => setTimeout(r, 300));
    // The quick one is searchable; the slow one is not committed yet.
    expect(await search('zebracorn')).toBe(target.name === 'postgres' ? 1 : 2);
    release();
    await slowWrite;
    await new Promise((r) => setTimeout(r, 300));
    expect(await search('zebracorn')).toBe(2);
  });
});
