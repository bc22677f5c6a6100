import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../lib/context.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('changing an item price on $name', (target) => {
  let ctx: Ctx;
  let storeId: number;
  let britishStoreId: number;
  let categoryId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Geelong', state: 'VIC' })).id;
      britishStoreId = (await makeStore(database.handle.db, { region: 'UK', state: 'LND', name: 'Camden' })).id;
      categoryId = await categoryIdBySlug(database.handle.db, 'guitars');
    },
  });

  beforeAll(async () => {
    ctx = server.ctx();
  });

  const row = (id: number) =>
    database.handle.db
      .selectFrom('products')
      .select(['price_minor', 'price_reduced_at', 'price_before_reduction_minor'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const latestSeq = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('product_changes')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .executeTakeFirstOrThrow()
      ).seq ?? 0,
    );

  it('a cut records when and the price before, writes the change feed, and the search index sees the new price', async () => {
    const item = await makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: categoryId,
      price_minor: 50000,
    });
    const index = await server.services.searchIndex.current();
    const doc = index.docByProduct.get(item.id) as number;
    expect(index.price[doc]).toBe(50000);
    const seq = await latestSeq();
    const before = Date.now();
    expect(await server.services.catalogue.changePrice(ctx, item.id, 45000)).toBe(true);
    const cut = await row(item.id);
    expect(cut.price_minor).toBe(45000);
    expect(cut.price_before_reduction_minor).toBe(50000);
    expect(Date.parse(cut.price_reduced_at ?? '')).toBeGreaterThanOrEqual(before - 5);
    const changes = await database.handle.db
      .selectFrom('product_changes')
      .select('product_id')
      .where('seq', '>', seq)
      .execute();
    expect(changes.map((c) => c.product_id)).toContain(item.id);
    const after = await server.services.searchIndex.current();
    expect(after.price[after.docByProduct.get(item.id) as number]).toBe(45000);

    // A second cut keeps the price before the run of cuts as "was".
    expect(await server.services.catalogue.changePrice(ctx, item.id, 40000)).toBe(true);
    expect(await row(item.id)).toMatchObject({ price_minor: 40000, price_before_reduction_minor: 50000 });
  });

  it('a rise clears the reduction; the same price changes nothing; a missing or foreign item is false', async () => {
    const item = await makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: categoryId,
      price_minor: 30000,
    });
    await server.services.catalogue.changePrice(ctx, item.id, 25000);
    const cut = await row(item.id);
    expect(await server.services.catalogue.changePrice(ctx, item.id, 25000)).toBe(true);
    expect(await row(item.id)).toEqual(cut);
    expect(await server.services.catalogue.changePrice(ctx, item.id, 32000)).toBe(true);
    expect(await row(item.id)).toEqual({
      price_minor: 32000,
      price_reduced_at: null,
      price_before_reduction_minor: null,
    });

    expect(await server.services.catalogue.changePrice(ctx, 99_999_999, 100)).toBe(false);
    const british = await makeProduct(database.handle.db, {
      store_id: britishStoreId,
      category_id: categoryId,
      price_minor: 9000,
    });
    expect(await server.services.catalogue.changePrice(ctx, british.id, 100)).toBe(false);
    expect((await row(british.id)).price_minor).toBe(9000);
    await expect(server.services.catalogue.changePrice(ctx, item.id, -1)).rejects.toThrow(RangeError);
    await expect(server.services.catalogue.changePrice(ctx, item.id, 1.5)).rejects.toThrow(RangeError);
  });
});
