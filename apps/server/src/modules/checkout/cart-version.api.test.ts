import {
  ANTI_FORGERY_COOKIE,
  ANTI_FORGERY_HEADER,
  type CheckoutSubmission,
  type CheckoutViewValue,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

const submission = (CartVersion: string): CheckoutSubmission => pickupSubmission({ CartVersion });

/** checkout.md section 7: "Status 205 reloads the page" when the cart changed underneath it. */
describe.each(testDatabaseTargets())('the cart version on $name', (target) => {
  let guitars: number;
  let storeId: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Geelong', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
  });

  const item = (price: number) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
    });

  /** The process call, raw: a 205 has no body to parse. */
  async function process(client: TestClient, body: CheckoutSubmission) {
    const response = await fetch(`${server.baseUrl}/c3api/checkout/purchase/process`, {
      method: 'POST',
      headers: {
        Cookie: client.cookieHeader(),
        'X-Forwarded-For': client.address,
        'Content-Type': 'application/json',
        [ANTI_FORGERY_HEADER]: decodeURIComponent(client.cookie(ANTI_FORGERY_COOKIE) ?? ''),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  const ordersFor = async (productId: number) =>
    (await database.handle.db.selectFrom('order_lines').select('id').where('product_id', '=', productId).execute())
      .length;

  it('answers 205 with no body and places nothing when a price changed after the page loaded', async () => {
    const guitar = await item(30_000);
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(view.Cart.Version).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await database.handle.db.updateTable('products').set({ price_minor: 32_000 }).where('id', '=', guitar.id).execute();
    const changed = await process(client, submission(view.Cart.Version));
    expect(changed).toEqual({ status: 205, text: '' });
    expect(await ordersFor(guitar.id)).toBe(0);

    // Reloaded, the page sees the new price and a new version, and the order goes through.
    const again = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(again.Cart.Version).not.toBe(view.Cart.Version);
    expect(again.Cart.CartTotal.Amount).toBe(32_000);
    const placed = await process(client, submission(again.Cart.Version));
    expect(placed.status, placed.text).toBe(200);
    expect(await ordersFor(guitar.id)).toBe(1);
  });

  it('is the same for the same items whatever their order in the cart', async () => {
    const [a, b] = [await item(1_000), await item(2_000)];
    const first = new TestClient(server.baseUrl);
    const second = new TestClient(server.baseUrl);
    for (const id of [a.id, b.id]) await first.post(`/c3api/cart/add?productId=${id}`);
    for (const id of [b.id, a.id]) await second.post(`/c3api/cart/add?productId=${id}`);
    const versionOf = async (client: TestClient) =>
      (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value.Cart.Version;
    expect(await versionOf(first)).toBe(await versionOf(second));
  });
});
