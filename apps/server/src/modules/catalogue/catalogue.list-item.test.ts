import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import type { NewItem } from './new-item.js';

describe.each(testDatabaseTargets())('a store listing an item on $name', (target) => {
  let ctx: Ctx;
  let storeId: number;
  let britishStoreId: number;
  let categoryId: number;
  // The shop's clock, moved by the test: listed_at must come from it, not from the machine.
  let clock = Date.parse('2026-11-20T01:02:03.000Z');
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Ballarat', state: 'VIC' })).id;
      britishStoreId = (await makeStore(database.handle.db, { region: 'UK', state: 'LND', name: 'Camden' })).id;
      categoryId = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    server: { now: () => clock },
  });

  beforeAll(async () => {
    ctx = server.ctx();
  });

  const item = (overrides: Partial<NewItem> = {}): NewItem => ({
    storeId,
    categoryId,
    title: 'Hofner violin bass guitar 1964',
    brand: 'Hofner',
    condition: 4,
    description: 'Plays well.',
    priceMinor: 189_900,
    rrpMinor: 0,
    weightGrams: 3_200,
    lengthCm: 110,
    widthCm: 40,
    heightCm: 12,
    postable: false,
    ...overrides,
  });

  it('lists an available item with a code of its own, found by search and as new since a moment before', async () => {
    const listed = await server.services.catalogue.listItem(ctx, item());
    expect(listed.code).toMatch(/^SI\d{7}$/);
    expect(listed.slug).toBe('hofner-violin-bass-guitar-1964');
    const row = await database.handle.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', listed.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      code: listed.code,
      status: 'available',
      price_minor: 189_900,
      postable: 0,
      store_id: storeId,
      listed_at: '2026-11-20T01:02:03.000Z',
      image_count: 0,
    });
    expect(JSON.parse(row.attributes)).toEqual([
      { Name: 'Brand', Value: 'Hofner' },
      { Name: 'Condition', Value: expect.stringMatching(/^4 - /) },
    ]);

    // The search page finds it, and the product page shows it.
    const results = await server.get('/c3api/search/results?query=hofner%20violin');
    expect(results.status).toBe(200);
    expect(JSON.stringify(results.body)).toContain(listed.code);
    const page = await server.get(`/c3api/product/query?code=${listed.code.toLowerCase()}`);
    expect(page.status).toBe(200);

    // What a saved search's digest looks at: listed in (since, until].
    const news = await server.services.catalogue.listedOrReducedBetween(
      ctx,
      '2026-11-20T01:00:00.000Z',
      '2026-11-20T02:00:00.000Z',
    );
    expect(news).toContainEqual({ id: listed.id, changedAt: '2026-11-20T01:02:03.000Z' });
  });

  it('two items get two codes; bad input or another region lists nothing', async () => {
    clock += 60_000;
    const a = await server.services.catalogue.listItem(ctx, item({ title: 'Gibson Les Paul Junior' }));
    const b = await server.services.catalogue.listItem(ctx, item({ title: 'Gibson Les Paul Junior' }));
    expect(a.code).not.toBe(b.code);

    const count = async () =>
      Number(
        (
          await database.handle.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(server.services.catalogue.listItem(ctx, item({ title: 'x' }))).rejects.toThrow(ZodError);
    await expect(server.services.catalogue.listItem(ctx, item({ priceMinor: 12.5 }))).rejects.toThrow(ZodError);
    await expect(server.services.catalogue.listItem(ctx, item({ condition: 6 }))).rejects.toThrow(ZodError);
    await expect(server.services.catalogue.listItem(ctx, item({ storeId: britishStoreId }))).rejects.toThrow(
      /No store/,
    );
    await expect(server.services.catalogue.listItem(ctx, item({ categoryId: 987_654 }))).rejects.toThrow(/No category/);
    expect(await count()).toBe(before);
  });
});
