import { NO_SUCH_STORE_MESSAGE, type PriceGuideValue, STAFF_ONLY_MESSAGE } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../../test/factories.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';
import { shelfPriceMinor } from './shelf-price.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/**
 * The guide on a hand-made set: ten iPhone 13 128GB sold in the last 180 days at known prices and
 * conditions, two on sale, and near-misses that must never count (Pro, mini, iPhone 12, 256GB,
 * another brand, sold too long ago, withdrawn, reserved, another region's).
 */
describe.each(testDatabaseTargets())('the console price guide on $name', (target) => {
  const shop = useTestShop(target, { seed: { products: 0, seed: 1 }, env: { TRUST_PROXY: 'true' } });
  const { database, server } = shop;
  const db = () => database.handle.db;

  let store: { id: number; name: string };
  let otherStore: { id: number };
  let smartphones: number;
  let accessories: number;
  let staff: TestClient;
  let otherStaff: TestClient;
  let admin: TestClient;
  let listedCode: string;
  let laterListedId: number;

  const url = (storeId: number, query: Record<string, string | number>) =>
    `/c3api/console/stores/${storeId}/price-guide?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString()}`;
  const guide = async (query: Record<string, string | number>, client = staff) => {
    const reply = await client.get<PriceGuideValue>(url(store.id, query));
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return reply.body.Value;
  };

  beforeAll(async () => {
    store = await makeStore(db(), { name: 'Guide Test Store' });
    otherStore = await makeStore(db());
    const ukStore = await makeStore(db(), { region: 'UK', state: 'LND', name: 'Camden' });
    smartphones = await categoryIdBySlug(db(), 'smartphones');
    accessories = await categoryIdBySlug(db(), 'phone-accessories');
    const sold = (title: string, price: number, condition: number, days: number, extra = {}) =>
      makeProduct(db(), {
        store_id: store.id,
        category_id: smartphones,
        brand: 'Apple',
        title,
        price_minor: price,
        condition,
        status: 'sold',
        listed_at: daysAgo(days + 30),
        updated_at: daysAgo(days),
        ...extra,
      });
    // The set: conditions 2, 3, 4 and 5 at rising prices.
    const set: [number, number][] = [
      [40_000, 2],
      [42_000, 2],
      [50_000, 3],
      [52_000, 3],
      [54_000, 3],
      [60_000, 4],
      [62_000, 4],
      [64_000, 4],
      [70_000, 5],
      [72_000, 5],
    ];
    for (const [i, [price, condition]] of set.entries()) {
      await sold(
        i % 2 ? 'Apple iPhone 13 128GB Blue' : 'iPhone 13 128GB Midnight - Boxed',
        price,
        condition,
        5 + i * 10,
      );
    }
    // Near-misses, each at a price that would show in the figures.
    await sold('Apple iPhone 13 Pro 128GB Graphite', 99_000, 4, 3);
    await sold('Apple iPhone 13 mini 128GB Pink', 11_000, 4, 3);
    await sold('Apple iPhone 12 128GB Blue', 12_000, 4, 3);
    await sold('Apple iPhone 13 256GB Blue', 98_000, 4, 3);
    await sold('Apple iPhone 13 128GB Blue', 97_000, 4, 200);
    await sold('Apple iPhone 13 128GB Red', 96_000, 4, 3, { withdrawn_at: daysAgo(3) });
    await sold('Case for iPhone 13 128GB', 1_000, 4, 3, { brand: 'Samsung' });
    await makeProduct(db(), {
      store_id: ukStore.id,
      category_id: smartphones,
      brand: 'Apple',
      title: 'Apple iPhone 13 128GB Blue',
      price_minor: 95_000,
      condition: 4,
      status: 'sold',
      updated_at: daysAgo(3),
    });
    await makeProduct(db(), {
      store_id: otherStore.id,
      category_id: smartphones,
      brand: 'Apple',
      title: 'Apple iPhone 13 128GB Starlight',
      price_minor: 94_000,
      condition: 4,
      status: 'reserved',
    });
    // On sale now: two of the model (one of them the item being edited in one test).
    const listed = await makeProduct(db(), {
      store_id: otherStore.id,
      category_id: smartphones,
      brand: 'Apple',
      title: 'Apple iPhone 13 128GB Green',
      price_minor: 58_000,
      condition: 4,
      listed_at: daysAgo(2),
    });
    listedCode = listed.code;
    laterListedId = (
      await makeProduct(db(), {
        store_id: store.id,
        category_id: smartphones,
        brand: 'Apple',
        title: 'Apple iPhone 13 128GB Purple',
        price_minor: 61_000,
        condition: 3,
        listed_at: daysAgo(1),
      })
    ).id;
    // Too few: two sales of an iPhone 15 Pro.
    await sold('Apple iPhone 15 Pro 256GB', 150_000, 4, 10);
    await sold('Apple iPhone 15 Pro 256GB', 155_000, 5, 20);

    staff = (await staffAccount(server, 'store_staff', [store.id])).client;
    otherStaff = (await staffAccount(server, 'store_staff', [otherStore.id])).client;
    admin = (await staffAccount(server, 'marketplace_admin', [])).client;
  });

  const IPHONE_13 = { title: 'iPhone 13 128GB', brand: 'Apple' };

  it('matches the model on category, brand and model words, leaving near-misses out', async () => {
    const value = await guide({ ...IPHONE_13, categoryId: smartphones, condition: 4 });
    expect(value.MatchedOn).toEqual({
      CategoryId: smartphones,
      CategoryName: 'Smartphones',
      UsedParentCategory: false,
      Brand: 'Apple',
      ModelWords: ['iphone', '13', '128gb'],
    });
    expect(value.SoldCount).toBe(10);
    expect(value.ListedCount).toBe(2);
    const titles = value.Comparables.map((c) => c.Title);
    expect(titles).toHaveLength(10);
    for (const title of titles) expect(title).toMatch(/^(Apple )?iPhone 13 128GB/);
    const prices = value.Comparables.map((c) => c.PriceMinor);
    for (const missed of [99_000, 11_000, 12_000, 98_000, 97_000, 96_000, 1_000, 95_000, 94_000]) {
      expect(prices).not.toContain(missed);
    }
  });

  it('answers the medians, the middle 80% and the counts of the hand-made set', async () => {
    const value = await guide({ ...IPHONE_13, categoryId: smartphones });
    // Sold: 40, 42, 50, 52, 54, 60, 62, 64, 70, 72 thousand: median (54 + 60) / 2; the 10th
    // percentile 40 + 0.9 x 2, the 90th 70 + 0.1 x 2 (interpolated between the nearest ranks).
    expect(value.SoldMedianMinor).toBe(57_000);
    expect(value.LowMinor).toBe(41_800);
    expect(value.HighMinor).toBe(70_200);
    expect(value.ListedMedianMinor).toBe(59_500);
    // No condition asked: the sold median as it is.
    expect(value.SuggestedMinor).toBe(57_000);
    expect(value.ConditionAdjustment).toBeNull();
    expect(value.Confidence).toBe('High');
  });

  it('lists the closest first: nearest condition, then the most recent; with dates, stores and links', async () => {
    const value = await guide({ ...IPHONE_13, categoryId: smartphones, condition: 5 });
    const first = value.Comparables[0];
    expect(first).toMatchObject({ Status: 'Sold', Condition: 5, PriceMinor: 70_000, StoreName: 'Guide Test Store' });
    expect(first?.Date).toBe(daysAgo(85).slice(0, 10));
    expect(first?.Url).toMatch(/^\/product\/[a-z0-9]+\/[a-z0-9-]+$/);
    expect(value.Comparables.map((c) => c.Condition).slice(0, 4)).toEqual([5, 5, 4, 4]);
    const listed = value.Comparables.find((c) => c.Code === listedCode);
    expect(listed).toMatchObject({ Status: 'Listed', PriceMinor: 58_000, Date: daysAgo(2).slice(0, 10) });
  });

  it('moves the suggestion with the condition asked, as the sales show prices move', async () => {
    const good = await guide({ ...IPHONE_13, categoryId: smartphones, condition: 3 });
    const veryGood = await guide({ ...IPHONE_13, categoryId: smartphones, condition: 4 });
    const likeNew = await guide({ ...IPHONE_13, categoryId: smartphones, condition: 5 });
    // The sold comparables' typical condition is 4 (median 3.5, rounded): nothing to move there.
    expect(veryGood.ConditionAdjustment).toEqual({ FromCondition: 4, Percent: 0 });
    expect(veryGood.SuggestedMinor).toBe(57_000);
    // Condition medians 41, 52, 62 and 71 thousand: 4 -> 5 is x 71/62, 4 -> 3 is x 52/62.
    // The suggestion is then written as a ticket price (shelf-price.ts): 652.74 -> 655, 478.06 -> 480.
    expect(likeNew.SuggestedMinor).toBe(shelfPriceMinor(Math.round((57_000 * 71_000) / 62_000)));
    expect(likeNew.SuggestedMinor).toBe(65_500);
    expect(likeNew.ConditionAdjustment).toEqual({ FromCondition: 4, Percent: 14.5 });
    expect(good.SuggestedMinor).toBe(48_000);
    expect(good.ConditionAdjustment?.Percent).toBeLessThan(0);
    expect(good.SuggestedMinor ?? 0).toBeLessThan(veryGood.SuggestedMinor ?? 0);
    expect(veryGood.SuggestedMinor ?? 0).toBeLessThan(likeNew.SuggestedMinor ?? 0);
  });

  it('says so rather than guess when too few sold', async () => {
    const value = await guide({ title: 'iPhone 15 Pro 256GB', brand: 'Apple', categoryId: smartphones, condition: 4 });
    expect(value.SoldCount).toBe(2);
    expect(value.Confidence).toBe('None');
    expect(value.SuggestedMinor).toBeNull();
    expect(value.ConfidenceReason).toMatch(/Too few comparable sales/);
    // The figures it has are still given.
    expect(value.SoldMedianMinor).toBe(152_500);
  });

  it("searches the parent's branch when the category itself has too few, and says so", async () => {
    const value = await guide({ ...IPHONE_13, categoryId: accessories });
    expect(value.MatchedOn).toMatchObject({ CategoryName: 'Phones', UsedParentCategory: true });
    expect(value.SoldCount).toBe(10);
  });

  it('leaves the brand out of a title without one, and another brand in', async () => {
    const value = await guide({ title: 'Apple iPhone 13 128GB', categoryId: smartphones });
    expect(value.MatchedOn.ModelWords).toEqual(['iphone', '13', '128gb']);
    expect(value.MatchedOn.Brand).toBeNull();
    // The Samsung-branded case carries every model word.
    expect(value.SoldCount).toBe(11);
  });

  it('leaves out the item being edited, and hears of a sale at once', async () => {
    const without = await guide({ ...IPHONE_13, categoryId: smartphones, code: listedCode });
    expect(without.ListedCount).toBe(1);
    await db()
      .updateTable('products')
      .set({ status: 'sold', updated_at: new Date().toISOString() })
      .where('id', '=', laterListedId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await guide({ ...IPHONE_13, categoryId: smartphones });
    expect(after.ListedCount).toBe(1);
    expect(after.SoldCount).toBe(11);
    await db()
      .updateTable('products')
      .set({ status: 'available', updated_at: daysAgo(1) })
      .where('id', '=', laterListedId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await guide({ ...IPHONE_13, categoryId: smartphones })).SoldCount).toBe(10);
  });

  it('is for staff of the store: a guest 401, a customer 403, another store 404, an admin 200', async () => {
    const query = { ...IPHONE_13, categoryId: smartphones };
    const guest = new TestClient(server.baseUrl);
    expect((await guest.get(url(store.id, query))).status).toBe(401);
    const customer = new TestClient(server.baseUrl);
    await customer.register(`guide.customer.${Date.now()}@example.com`);
    const refused = await customer.get(url(store.id, query));
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe(STAFF_ONLY_MESSAGE);
    const foreign = await otherStaff.get(url(store.id, query));
    expect(foreign.status).toBe(404);
    expect(foreign.body.Message).toBe(NO_SUCH_STORE_MESSAGE);
    expect((await otherStaff.get(url(otherStore.id, query))).status).toBe(200);
    expect((await admin.get(url(store.id, query))).status).toBe(200);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ categoryId: smartphones }, 'title'],
      [{ title: 'iPhone 13', categoryId: 999_999 }, 'categoryId'],
      [{ title: 'iPhone 13', categoryId: 'phones' }, 'categoryId'],
      [{ title: 'iPhone 13' }, 'categoryId'],
      [{ title: 'iPhone 13', categoryId: smartphones, condition: 6 }, 'condition'],
      [{ title: 'iPhone 13', categoryId: smartphones, condition: -1 }, 'condition'],
      [{ title: 'iPhone 13', categoryId: smartphones, condition: 'good' }, 'condition'],
    ];
    for (const [query, field] of cases) {
      const reply = await staff.get(url(store.id, query));
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.FieldErrors?.map((f) => f.Field)).toContain(field);
    }
  });
});
