import type { PopularValue, ProductDetail } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL, TEST_RATE_CARD } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { ShippingService } from '../shipping/shipping.service.js';

describe.each(testDatabaseTargets())('product page and popular items on $name', (target) => {
  let store: { id: number; slug: string; name: string };
  let phone: { id: number; code: string };
  let sold: { id: number; code: string };
  let reserved: { id: number; code: string };
  let british: { id: number; code: string };
  let smartphones: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      store = await makeStore(db, { state: 'VIC', name: 'Ringwood', email: 'ringwood@example.com' });
      // The store posts on the test table, with the surcharge above $500 (the phone is dearer).
      const shipping = new ShippingService();
      const ctx = systemContext(database.handle, 'AU');
      const card = await shipping.createRateCard(ctx, TEST_RATE_CARD);
      await shipping.setStoreSettings(ctx, {
        storeId: store.id,
        rateCardId: card,
        surchargeThresholdMinor: 50_000,
        surchargeMinor: 1295,
      });
      smartphones = await categoryIdBySlug(db, 'smartphones');
      phone = await makeProduct(db, {
        store_id: store.id,
        category_id: smartphones,
        title: 'Apple iPhone 13 128GB Midnight',
        brand: 'Apple',
        description: 'A well kept phone.',
        // 10% off, as the promotion says (a badge the prices contradict is not shown).
        price_minor: 72000,
        rrp_minor: 80000,
        image_count: 3,
        condition: 4,
        ...SMALL_PARCEL,
        promo_method: 'Percentage',
        promo_amount: 10,
        promo_code: null,
        popularity: 5,
      });
      sold = await makeProduct(db, {
        store_id: store.id,
        category_id: smartphones,
        title: 'Samsung Galaxy S21',
        brand: 'Samsung',
        status: 'sold',
      });
      reserved = await makeProduct(db, {
        store_id: store.id,
        category_id: smartphones,
        title: 'Google Pixel 7',
        brand: 'Google',
        status: 'reserved',
      });
      const london = await makeStore(db, { region: 'UK', state: 'LND', name: 'Camden' });
      british = await makeProduct(db, { store_id: london.id, category_id: smartphones, title: 'Nokia 3310' });
    },
  });

  async function detail(code: string): Promise<ProductDetail> {
    const { status, body } = await server.get<ProductDetail>(`/c3api/product/query?code=${code}`);
    expect(status, body.Message ?? '').toBe(200);
    return body.Value;
  }

  it('answers with the whole product page, whatever the case of the code', async () => {
    const value = await detail(phone.code.toLowerCase());
    expect(value).toMatchObject({
      Id: phone.id,
      Code: phone.code,
      Title: 'Apple iPhone 13 128GB Midnight',
      Description: 'A well kept phone.',
      Brand: 'Apple',
      Category: 'Smartphones',
      CategorySlug: 'smartphones',
      Condition: 4,
      ConditionLabel: 'Very good',
      Rrp: '$800.00',
      Sp: '$720.00',
      RrpMinorUnits: 80000,
      SpMinorUnits: 72000,
      Promotion: { DiscountMethod: 'Percentage', DiscountAmount: 10, DiscountCode: null },
      Status: 'available',
      IsAvailable: true,
      // The cheapest table rate (metro Regular, $9.95) plus the compulsory surcharge ($12.95).
      ShippingLabel: 'Postage from $22.90 or free pickup',
      ShippingCost: 995 + 1295,
      CanPost: true,
      CanPickup: true,
      Url: `/product/${phone.code.toLowerCase()}/apple-iphone-13-128gb-midnight`,
      SimilarSearchUrl: '/search-results?category=smartphones&brand=apple',
    });
    expect(value.Breadcrumbs).toEqual([
      { Label: 'Home', Url: '/' },
      { Label: 'Phones', Url: '/search-results?category=phones' },
      { Label: 'Smartphones', Url: '/search-results?category=smartphones' },
      { Label: 'Apple iPhone 13 128GB Midnight', Url: value.Url },
    ]);
    expect(value.Images).toHaveLength(3);
    // Every picture URL carries the item's picture version (pictures are served immutable).
    const version = /&v=([0-9a-f]{8})$/.exec(value.Images[1]?.Url ?? '')?.[1];
    expect(version).toMatch(/^[0-9a-f]{8}$/);
    expect(value.Images[1]).toEqual({
      Position: 2,
      Alt: 'Apple iPhone 13 128GB Midnight, picture 2 of 3',
      Url: `/c3api/images/product/${phone.code}/2?w=800&v=${version}`,
      Srcset: [800, 600, 450, 300]
        .map((w) => `/c3api/images/product/${phone.code}/2?w=${w}&v=${version} ${w}w`)
        .join(', '),
      Thumbnail: `/c3api/images/product/${phone.code}/2?thumb=true&v=${version}`,
    });
    expect(value.Store).toMatchObject({ Id: store.id, Name: 'Ringwood', State: 'VIC', Email: 'ringwood@example.com' });
    expect(value.Store.OpeningHours).toHaveLength(7);
    expect(value.Specifications).toEqual(expect.arrayContaining([{ Name: 'Brand', Value: expect.any(String) }]));
    expect(value.StateHash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(Number.isNaN(Date.parse(value.ListedDate))).toBe(false);
    expect((await detail(phone.code)).Id).toBe(phone.id);
  });

  it('changes the state hash when the price changes, not on a mere view', async () => {
    const before = (await detail(phone.code)).StateHash;
    expect((await detail(phone.code)).StateHash).toBe(before);
    await server.services.catalogue.setPrice(server.ctx(), phone.id, 59900);
    const after = await detail(phone.code);
    expect(after.SpMinorUnits).toBe(59900);
    expect(after.StateHash).not.toBe(before);
  });

  it('keeps the pages of sold and reserved items live, marked unavailable', async () => {
    expect(await detail(sold.code)).toMatchObject({ Status: 'sold', IsAvailable: false });
    expect(await detail(reserved.code)).toMatchObject({ Status: 'reserved', IsAvailable: false });
  });

  it('counts views towards popularity, written in batches', async () => {
    const popularity = async () =>
      (
        await database.handle.db
          .selectFrom('products')
          .select('popularity')
          .where('id', '=', sold.id)
          .executeTakeFirstOrThrow()
      ).popularity;
    await server.drainJobs();
    const before = await popularity();
    await detail(sold.code);
    await detail(sold.code.toLowerCase());
    // Views are counted in memory and handed to the jobs queue in batches, at most a second later.
    await expect.poll(popularity, { timeout: 3000 }).toBe(before + 2);
    await detail(sold.code);
    await server.drainJobs();
    expect(await popularity()).toBe(before + 3);
    // One job per batch, not one per view.
    const batches = await database.handle.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'catalogue.add-views')
      .execute();
    expect(batches.length).toBeLessThan(10);
  });

  it('is a JSON 404 for an unknown code or another region’s item, and 400 for a malformed code', async () => {
    for (const code of ['SH9999999', british.code]) {
      const { status, body } = await server.get(`/c3api/product/query?code=${code}`);
      expect(status).toBe(404);
      expect(body).toEqual({ WasSuccessful: false, Value: null, Message: `No item with code ${code}` });
    }
    const bad = await server.get('/c3api/product/query?code=not-a-code');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('code');
    expect((await server.get('/c3api/product/query')).status).toBe(400);
  });

  describe('popular items', () => {
    let expected: string[];

    beforeAll(async () => {
      const db = database.handle.db;
      const make = (title: string, popularity: number, listedAt: string, extra: object = {}) =>
        makeProduct(db, {
          store_id: store.id,
          category_id: smartphones,
          title,
          popularity,
          listed_at: listedAt,
          image_count: 2,
          ...extra,
        });
      const top = await make('Most viewed', 90_000, '2026-01-01T00:00:00.000Z');
      const newer = await make('Tied newer', 80_000, '2026-03-01T00:00:00.000Z');
      const older = await make('Tied older', 80_000, '2026-02-01T00:00:00.000Z');
      const fourth = await make('Fourth', 70_000, '2026-01-01T00:00:00.000Z');
      await make('Sold but popular', 95_000, '2026-01-01T00:00:00.000Z', { status: 'sold' });
      await make('No pictures', 95_000, '2026-01-01T00:00:00.000Z', { image_count: 0 });
      const london = await makeStore(db, { region: 'UK', state: 'LND', name: 'Islington' });
      await makeProduct(db, { store_id: london.id, category_id: smartphones, popularity: 99_000, image_count: 2 });
      expected = [top.code, newer.code, older.code, fourth.code];
    });

    async function popular(query: string): Promise<PopularValue> {
      const { status, body } = await server.get<PopularValue>(`/c3api/product/popular?${query}`);
      expect(status, body.Message ?? '').toBe(200);
      return body.Value;
    }

    it('lists available items with pictures of the region, most viewed first, ties by newest listing', async () => {
      const value = await popular('page=1&NumberOfResults=3');
      expect(value.ProductListItems.map((p) => p.Code)).toEqual(expected.slice(0, 3));
      expect(value.MaxResults).toBe(3);
      expect(value.Page).toBe(1);
      expect(value.ProductListItems[0]).toMatchObject({
        Title: 'Most viewed',
        IsAvailable: true,
        ProductList: 'Popular Items',
      });
      // This file's region AU items with pictures: the phone and the four above (sold, reserved, bare and UK left out).
      expect(value.ProductListItemCount).toBe(5);
    });

    it('appends pages without repeating items', async () => {
      const first = await popular('page=1&NumberOfResults=2');
      const second = await popular('page=2&NumberOfResults=2');
      const third = await popular('page=3&NumberOfResults=2');
      const codes = [...first.ProductListItems, ...second.ProductListItems, ...third.ProductListItems].map(
        (p) => p.Code,
      );
      expect(codes.slice(0, 4)).toEqual(expected);
      expect(codes).toContain(phone.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect((await popular('page=9&NumberOfResults=2')).ProductListItems).toEqual([]);
    });

    it('defaults to 8 a page, caps the page size at 48 and refuses a bad page', async () => {
      expect((await popular('')).MaxResults).toBe(8);
      expect((await popular('NumberOfResults=500')).MaxResults).toBe(48);
      const bad = await server.get('/c3api/product/popular?page=0');
      expect(bad.status).toBe(400);
      expect(bad.body.Message).toContain('page');
    });
  });
});
