import type { CheckoutSubmission, CheckoutViewValue, DiscountCouponValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

const INVALID = 'The discount code is invalid, please try again';
const DAY = 24 * 60 * 60 * 1000;

const submission: CheckoutSubmission = {
  PaymentOption: 'Generic',
  DeliveryOption: 'StorePickup',
  CustomerDetails: {
    EmailAddress: 'dee@example.com',
    FirstName: 'Dee',
    LastName: 'Count',
    PhoneNumber: '0412 345 678',
    Consent: false,
  },
  BillingAddress: { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
  IsStorePickup: true,
};

describe.each(testDatabaseTargets())('discount codes in checkout on $name', (target) => {
  let clock = Date.now();
  let guitars: number;
  let stores: number[];

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      // The demo seed brings the demo codes (SAVE10: 10 % over $50; WELCOME5: once per customer).
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      stores = [
        (await makeStore(db, { name: 'Ayr', state: 'QLD', pickup_disabled: 0 })).id,
        (await makeStore(db, { name: 'Bunbury', state: 'WA', pickup_disabled: 0 })).id,
        (await makeStore(db, { name: 'Cairns', state: 'QLD', pickup_disabled: 0 })).id,
      ];
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const item = (store: number, price: number) =>
    makeProduct(database.handle.db, {
      store_id: store,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
    });
  async function shopperWith(prices: [number, number][]) {
    const client = new TestClient(server.baseUrl);
    for (const [store, price] of prices) {
      const { id } = await item(stores[store] ?? 0, price);
      expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    }
    return client;
  }

  it('applies a code to the cart, shows it in the view, refuses a bad one alike, and removes it', async () => {
    const client = await shopperWith([[0, 6_001]]);
    const applied = await client.post<DiscountCouponValue>('/c3api/promotion/discountcoupon', { code: 'save10' });
    expect(applied.status, applied.body.Message ?? '').toBe(200);
    expect(applied.body.Value).toEqual({
      UpdatedTotal: { Amount: 5_401, Display: '$54.01' },
      DiscountAmount: { Amount: 600, Display: '$6.00' },
      DiscountCodes: ['SAVE10'],
    });
    const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(view.Cart).toMatchObject({
      DiscountCodeApplied: true,
      DiscountCodes: ['SAVE10'],
      DiscountAmount: { Amount: 600 },
      CartTotal: { Amount: 5_401 },
      OriginalTotal: { Amount: 6_001 },
    });
    // (An ended code or one under its minimum spend says why: checkout-discount-reasons.api.test.ts.)
    const bad = await client.post('/c3api/promotion/discountcoupon', { code: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(INVALID);
    expect((await client.post('/c3api/promotion/discountcoupon', { code: 'EXPIRED1' })).status).toBe(400);
    const tooLong = await client.post('/c3api/promotion/discountcoupon', { code: 'ABCDEFGHIJK' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Message).toContain('Max length is 10 characters');
    // The refused codes left the applied one alone.
    expect((await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value.Cart.DiscountCodes).toEqual([
      'SAVE10',
    ]);
    const removed = await fetch(`${server.baseUrl}/c3api/promotion/discountcoupon?couponCode=SAVE10`, {
      method: 'DELETE',
      headers: {
        Cookie: client.cookieHeader(),
        'X-XSRF-TOKEN': decodeURIComponent(client.cookie('XSRF-TOKEN') ?? ''),
        'X-Forwarded-For': client.address,
      },
    });
    expect(removed.status).toBe(200);
    const after = (await removed.json()) as { Value: DiscountCouponValue };
    expect(after.Value).toMatchObject({
      UpdatedTotal: { Amount: 6_001 },
      DiscountAmount: { Amount: 0 },
      DiscountCodes: [],
    });
  });

  it('spreads the discount over items in three stores so every figure adds up to the cent', async () => {
    const client = await shopperWith([
      [0, 3_333],
      [1, 3_333],
      [2, 3_334],
      [2, 999],
    ]);
    await client.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' });
    const placed = await client.post<{ ConfirmationUrl: string }>('/c3api/checkout/purchase/process', submission);
    expect(placed.status, placed.body.Message ?? '').toBe(200);
    const reference = /ORD-[0-9A-Z-]{14}/.exec(placed.body.Value.ConfirmationUrl)?.[0] ?? '';
    const order = await database.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    // 10 % of $109.99 is $11.00 (half up); the total is the items less the discount.
    expect(order).toMatchObject({
      items_minor: 10_999,
      discount_minor: 1_100,
      total_minor: 9_899,
      discount_code: 'SAVE10',
    });
    const lines = await database.handle.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.reduce((sum, l) => sum + l.discount_minor, 0)).toBe(1_100);
    for (const line of lines) {
      expect(line.discount_minor).toBeGreaterThanOrEqual(0);
      expect(line.discount_minor).toBeLessThanOrEqual(line.price_minor);
      // Each share is within a cent of its exact proportion.
      expect(Math.abs(line.discount_minor - (line.price_minor * 1_100) / 10_999)).toBeLessThan(1);
    }
  });

  it('uses a once-per-customer code once, and gives it back when the order lapses', async () => {
    const first = await shopperWith([[0, 10_000]]);
    expect((await first.post('/c3api/promotion/discountcoupon', { code: 'WELCOME5' })).status).toBe(200);
    const placed = await first.post<{ ConfirmationUrl: string }>('/c3api/checkout/purchase/process', submission);
    expect(placed.status, placed.body.Message ?? '').toBe(200);

    // Same e-mail, another cart: the code is used up for this customer at placement.
    const second = await shopperWith([[1, 10_000]]);
    expect((await second.post('/c3api/promotion/discountcoupon', { code: 'WELCOME5' })).status).toBe(200);
    const refused = await second.post('/c3api/checkout/purchase/process', submission);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(INVALID);

    // The first order is not collected: its hold (3 days, or to the store's collect-by on its 3rd
    // opening day if later) lapses and the use comes back.
    clock += 7 * DAY;
    await server.services.holdExpiry.run(server.ctx());
    const again = await second.post('/c3api/checkout/purchase/process', submission);
    expect(again.status, again.body.Message ?? '').toBe(200);
  });
});
