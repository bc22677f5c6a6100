import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('reserving and releasing items on $name', (target) => {
  let ctx: Ctx;
  let storeId: number;
  let britishStoreId: number;
  let categoryId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(db, { name: 'Geelong', state: 'VIC' })).id;
      britishStoreId = (await makeStore(db, { region: 'UK', state: 'LND', name: 'Camden' })).id;
      categoryId = await categoryIdBySlug(db, 'guitars');
    },
  });

  beforeAll(async () => {
    ctx = server.ctx();
  });

  const items = async (n: number, store = storeId) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push((await makeProduct(database.handle.db, { store_id: store, category_id: categoryId })).id);
    return ids;
  };
  const statuses = async (ids: number[]) =>
    (
      await database.handle.db
        .selectFrom('products')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r) => r.status);
  const feedAfter = async (seq: number) =>
    (
      await database.handle.db
        .selectFrom('product_changes')
        .select(['product_id'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .execute()
    ).map((r) => r.product_id);
  const latestSeq = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('product_changes')
          .select((eb) => eb.fn.max('seq').as('s'))
          .executeTakeFirst()
      )?.s ?? 0,
    );

  it('gives each of 20 items to exactly one of 200 concurrent callers', async () => {
    const ids = await items(20);
    const callers = Array.from({ length: 200 }, (_, i) => {
      // Each caller wants a different handful, overlapping the others'.
      const wanted = ids.filter((_, j) => (i + j) % 3 !== 0);
      return server.services.catalogue.reserve(ctx, wanted);
    });
    const results = await Promise.all(callers);
    const won = results.flat();
    expect(won.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(won).size).toBe(20);
    expect(await statuses(ids)).toEqual(Array(20).fill('reserved'));
  });

  it('reserves only available items of its region, and says which it got', async () => {
    const [free, sold] = await items(2);
    const [foreign] = await items(1, britishStoreId);
    await server.services.catalogue.setStatus(ctx, sold as number, 'sold');
    const got = await server.services.catalogue.reserve(ctx, [
      free as number,
      sold as number,
      foreign as number,
      999_999,
    ]);
    expect(got).toEqual([free]);
    expect(await server.services.catalogue.reserve(ctx, [free as number])).toEqual([]);
    expect(await statuses([free as number, sold as number, foreign as number])).toEqual([
      'reserved',
      'sold',
      'available',
    ]);
  });

  it('releases reserved items only', async () => {
    const [a, b] = await items(2);
    await server.services.catalogue.reserve(ctx, [a as number]);
    expect(await server.services.catalogue.release(ctx, [a as number, b as number])).toEqual([a]);
    expect(await statuses([a as number, b as number])).toEqual(['available', 'available']);
  });

  it('writes the change feed in the same transaction: a rolled-back reservation leaves no trace', async () => {
    const [item] = await items(1);
    const before = await latestSeq();
    await expect(
      inTransaction(ctx, async (tx) => {
        expect(await server.services.catalogue.reserve(tx, [item as number])).toEqual([item]);
        throw new Error('checkout failed later');
      }),
    ).rejects.toThrow('checkout failed later');
    expect(await statuses([item as number])).toEqual(['available']);
    expect(await feedAfter(before)).toEqual([]);
    await server.services.catalogue.reserve(ctx, [item as number]);
    expect(await feedAfter(before)).toEqual([item]);
  });

  it('takes a reserved item out of search at once, after commit', async () => {
    const [item] = await items(1);
    const code = (
      await database.handle.db
        .selectFrom('products')
        .select('code')
        .where('id', '=', item as number)
        .executeTakeFirstOrThrow()
    ).code;
    const search = async () =>
      (
        await server.get<{ ProductList: { ProductListItems: { Code: string }[] } }>(
          `/c3api/search/results?category=guitars&NumberOfResults=48&Sort=listed-`,
        )
      ).body.Value.ProductList.ProductListItems.map((i) => i.Code);
    expect(await search()).toContain(code);
    await server.services.catalogue.reserve(ctx, [item as number]);
    expect(await search()).not.toContain(code);
    await server.services.catalogue.release(ctx, [item as number]);
    expect(await search()).toContain(code);
  });

  it('records every item change in the feed by trigger, whoever writes it; views do not count', async () => {
    const before = await latestSeq();
    const [item] = await items(1);
    const db = database.handle.db;
    await db
      .updateTable('products')
      .set({ title: 'Renamed by hand' })
      .where('id', '=', item as number)
      .execute();
    await db
      .updateTable('products')
      .set({ popularity: 99 })
      .where('id', '=', item as number)
      .execute();
    await db
      .deleteFrom('products')
      .where('id', '=', item as number)
      .execute();
    expect(await feedAfter(before)).toEqual([item, item, item]);
  });
});
