import type { CheckoutViewValue, FieldError } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

/** The 400's refused fields (the envelope carries them beside the message). */
const fieldErrors = (body: unknown) => (body as { FieldErrors?: FieldError[] }).FieldErrors;

const INVALID = 'The discount code is invalid, please try again';

/** What each region's shopper reads when a demo code is under its minimum spend or has ended. */
const REGIONS = [
  {
    region: 'AU' as const,
    minimum: { code: 'save10', price: 4_999, reason: 'Spend $50.00 or more to use SAVE10' },
    other: { code: 'TAKE20', price: 14_999, reason: 'Spend $150.00 or more to use TAKE20' },
  },
  {
    region: 'UK' as const,
    minimum: { code: 'save10', price: 4_999, reason: 'Spend £50.00 or more to use SAVE10' },
    other: { code: 'TAKE15', price: 11_999, reason: 'Spend £120.00 or more to use TAKE15' },
  },
];

const targets = testDatabaseTargets().flatMap((target) => REGIONS.map((region) => ({ ...target, ...region })));

describe.each(targets)('why a discount code is refused, $region on $name', (target) => {
  // The demo's EXPIRED1 ended at midnight UTC on 1 January this year (10 am in Brisbane: the same day).
  const year = new Date().getUTCFullYear();
  let store = 0;
  let category = 0;

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      const where = target.region === 'AU' ? { state: 'QLD' } : { region: 'UK' as const, state: 'West Yorkshire' };
      store = (await makeStore(db, { name: 'Ayr', pickup_disabled: 0, ...where })).id;
      category = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', REGION: target.region },
  });

  async function shopperWith(price: number) {
    const client = new TestClient(server.baseUrl);
    const { id } = await makeProduct(database.handle.db, {
      store_id: store,
      category_id: category,
      price_minor: price,
      disable_in_store_pickup: 0,
    });
    expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    return client;
  }

  it("names the minimum spend in the region's money and the code, as a FieldError on code", async () => {
    for (const { code, price, reason } of [target.minimum, target.other]) {
      const client = await shopperWith(price);
      const refused = await client.post('/c3api/promotion/discountcoupon', { code });
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused.body)).toEqual([{ Field: 'code', Message: reason }]);
      expect(refused.body.Message).toBe(`Invalid input. code: ${reason}`);
      // Nothing applied.
      const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
      expect(view.Cart.DiscountCodes).toEqual([]);
    }
  });

  it("says when an ended code expired, in the region's zone; other refusals keep the one message", async () => {
    const client = await shopperWith(10_000);
    const expired = await client.post('/c3api/promotion/discountcoupon', { code: 'expired1' });
    expect(expired.status).toBe(400);
    expect(fieldErrors(expired.body)).toEqual([{ Field: 'code', Message: `This code expired on 1 January ${year}` }]);
    const unknown = await client.post('/c3api/promotion/discountcoupon', { code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe(INVALID);
    expect(fieldErrors(unknown.body)).toBeUndefined();
    // Enough spent: the code applies.
    expect((await client.post('/c3api/promotion/discountcoupon', { code: 'SAVE10' })).status).toBe(200);
  });
});
