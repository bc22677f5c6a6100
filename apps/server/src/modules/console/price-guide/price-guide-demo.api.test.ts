import type { PriceGuideValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../../seed/seed.js';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug } from '../../../test/factories.js';
import type { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

/**
 * The demo catalogue's sales history (seed/sold-history.ts) gives the guide something useful to
 * say about the models a demo user would list: the README's example among them.
 */
describe.each(testDatabaseTargets())('the price guide on the demo catalogue on $name', (target) => {
  const shop = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 600, seed: 1, soldHistory: { now: Date.now() } });
    },
  });
  const { database, server } = shop;
  let staff: TestClient;
  let storeId: number;

  beforeAll(async () => {
    const store = await database.handle.db
      .selectFrom('stores')
      .select('id')
      .where('region', '=', 'AU')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    storeId = store.id;
    staff = (await staffAccount(server, 'store_staff', [storeId])).client;
  });

  const guide = async (slug: string, title: string, brand: string, condition: number) => {
    const categoryId = await categoryIdBySlug(database.handle.db, slug);
    const query = new URLSearchParams({ title, brand, categoryId: String(categoryId), condition: String(condition) });
    const reply = await staff.get<PriceGuideValue>(`/c3api/console/stores/${storeId}/price-guide?${query}`);
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return reply.body.Value;
  };

  it.each([
    ['smartphones', 'iPhone 13 128GB', 'Apple'],
    ['consoles', 'PlayStation 5 Console', 'Sony'],
    ['guitars', 'Stratocaster', 'Fender'],
    ['laptops', 'MacBook Air M1', 'Apple'],
    ['digital-cameras', 'EOS R6', 'Canon'],
  ])('suggests a price for a %s item (%s)', async (slug, title, brand) => {
    const value = await guide(slug, title, brand, 4);
    expect(value.SoldCount).toBeGreaterThanOrEqual(3);
    expect(value.Confidence).not.toBe('None');
    expect(value.SuggestedMinor).toBeGreaterThan(0);
    expect(value.LowMinor ?? 0).toBeLessThanOrEqual(value.SoldMedianMinor ?? 0);
    expect(value.HighMinor ?? 0).toBeGreaterThanOrEqual(value.SoldMedianMinor ?? 0);
    for (const comparable of value.Comparables.filter((c) => c.Status === 'Sold')) {
      expect(Date.now() - Date.parse(comparable.Date)).toBeLessThan(181 * 86_400_000);
    }
    // A better condition is worth more.
    const likeNew = await guide(slug, title, brand, 5);
    const fair = await guide(slug, title, brand, 2);
    expect(likeNew.SuggestedMinor ?? 0).toBeGreaterThanOrEqual(value.SuggestedMinor ?? 0);
    expect(fair.SuggestedMinor ?? 0).toBeLessThan(likeNew.SuggestedMinor ?? 0);
  });
});
