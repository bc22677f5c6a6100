import type { OrderDetailValue, OrderHistoryValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../lib/context.js';
import { TestClient } from '../test/test-client.js';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';
import { DEMO_CUSTOMER, seedDemoCustomer } from './orders-seed.js';
import { seedCatalogue } from './seed.js';

describe.each(testDatabaseTargets())('the demo customer on $name', (target) => {
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 800, seed: 1 });
      await seedDemoCustomer(database.handle);
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false' },
  });

  it('signs in and finds a history of every kind of order, a discount and a parcel on its way', async () => {
    const demo = new TestClient(server.baseUrl);
    expect((await demo.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
    const history = (await demo.get<OrderHistoryValue>('/c3api/account/orders')).body.Value;
    expect(history.totalOrderCount).toBe(6);
    expect(history.orders.map((o) => o.status)).toEqual([
      'Processing',
      'Ready for pickup',
      'Dispatched',
      'Dispatched',
      'Completed',
      'Refunded',
    ]);
    const split = history.orders[2];
    expect(split).toMatchObject({ itemCount: 2, storeCount: 2 });
    const detail = (await demo.get<OrderDetailValue>(`/c3api/account/orders/${split?.orderNumber}`)).body.Value;
    expect(detail.summary.discountAmount).not.toBe('$0.00');
    expect(detail.stores.map((s) => s.shippingDetails.option)).toEqual(['Customer Pickup', 'Australia Post Express']);
    expect(detail.stores[1]?.shippingDetails.trackingUrl).toMatch(
      /^https:\/\/auspost\.com\.au\/mypost\/track\/details\//,
    );
    expect(detail.stores.flatMap((s) => s.items).every((i) => i.image !== null && i.discountedPrice !== null)).toBe(
      true,
    );
  });

  it('has orders in the UK too, and seeding again adds nothing', async () => {
    const user = await database.handle.db
      .selectFrom('users')
      .select('id')
      .where('email_key', '=', DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow();
    const uk = systemContext(database.handle, 'UK');
    expect(await server.services.orders.countFor(uk, user.id)).toBe(6);
    const [first] = await server.services.orders.historyFor(uk, user.id, 1);
    expect(first?.status).toBe('Processing');
    await seedDemoCustomer(database.handle);
    const orders = await database.handle.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(orders).toHaveLength(12);
    // The seed's own status mails are not sent to anyone.
    const mails = await database.handle.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', DEMO_CUSTOMER.email)
      .execute();
    expect(mails).toHaveLength(0);
  });

  it('replacing the catalogue leaves the orders readable and holding no item ids a new product could reuse', async () => {
    const demo = new TestClient(server.baseUrl);
    await demo.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const [latest] = (await demo.get<OrderHistoryValue>('/c3api/account/orders')).body.Value.orders;
    const live = () => database.handle.db.selectFrom('order_lines').select('id').where('live', '=', 1).execute();
    expect((await live()).length).toBeGreaterThan(0);
    await seedCatalogue(database.handle, { products: 50, seed: 2 });
    expect(await live()).toHaveLength(0);
    const detail = await demo.get<OrderDetailValue>(`/c3api/account/orders/${latest?.orderNumber}`);
    expect(detail.status).toBe(200);
    expect(detail.body.Value.stores.flatMap((s) => s.items).length).toBe(latest?.itemCount);
  });
});
