import {
  type AccountOverviewValue,
  type CheckoutSubmission,
  EXISTING_ORDER,
  type OrderConfirmationValue,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

const DAY = 24 * 60 * 60 * 1000;
const referenceOf = (url: string) => /ORD-[0-9A-Z-]{14}/.exec(url)?.[0] ?? '';

const submission = (overrides: Partial<CheckoutSubmission> = {}): CheckoutSubmission => pickupSubmission(overrides);

describe.each(testDatabaseTargets())('placing an order on $name', (target) => {
  let clock = Date.now();
  let guitars: number;
  let storeId: number;

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      storeId = (await makeStore(db, { name: 'Fremantle', state: 'WA', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true' },
    server: { now: () => clock },
  });

  const item = (price = 25_000) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
    });
  const statusOf = async (id: number) =>
    (await database.handle.db.selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const orderCount = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  async function shopperWith(ids: number[]) {
    const client = new TestClient(server.baseUrl);
    for (const id of ids) expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    return client;
  }
  const place = (client: TestClient, body: CheckoutSubmission = submission(), key?: string) =>
    client.post<{ ConfirmationUrl: string }>(
      '/c3api/checkout/purchase/process',
      body,
      key ? { headers: { 'Idempotency-Key': key } } : {},
    );

  it('confirms a pickup order paid in store: items held, cart emptied, shopper and store e-mailed', async () => {
    const [a, b] = [await item(12_345), await item(20_000)];
    const client = await shopperWith([a.id, b.id]);
    const reply = await place(client);
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const url = reply.body.Value.ConfirmationUrl;
    expect(url).toMatch(
      /^\/checkout\/confirmation\/ORD-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\?key=[0-9a-z]+\.[A-Za-z0-9_-]{43}$/,
    );
    const reference = referenceOf(url);
    const order = await database.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'confirmed', items_minor: 32_345, postage_minor: 0, total_minor: 32_345 });
    // Held at least 3 days, and never before the store's collect-by (its closing time on the 3rd opening day).
    const [shipment] = await database.handle.db
      .selectFrom('order_shipments')
      .select(['collect_by', 'collect_by_zone'])
      .where('order_id', '=', order.id)
      .execute();
    expect(shipment?.collect_by_zone).toBe('Australia/Perth');
    expect(Number(shipment?.collect_by)).toBeGreaterThan(clock);
    expect(Number(order.hold_expires_at)).toBe(Math.max(clock + 3 * DAY, Number(shipment?.collect_by)));
    expect(await statusOf(a.id)).toBe('reserved');
    expect(await statusOf(b.id)).toBe('reserved');
    expect((await client.get<{ itemCount: number }>('/c3api/cart/query')).body.Value.itemCount).toBe(0);
    const mails = await database.handle.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('subject', 'like', `%${reference}%`)
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toContain('pat@example.com');
    expect(mails).toHaveLength(2);
  });

  it('refuses bad details with a 400 naming the fields, and postage with pay in store', async () => {
    const client = await shopperWith([(await item()).id]);
    const bad = await place(
      client,
      submission({ CustomerDetails: { EmailAddress: 'x', FirstName: '', LastName: 'Shopper', PhoneNumber: '12' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('CustomerDetails.EmailAddress: Please enter a valid email address');
    expect(bad.body.Message).toContain('CustomerDetails.PhoneNumber: Please enter a valid Australian phone number');
    const before = await orderCount();
    const posted = await place(
      client,
      submission({ DeliveryOption: 'AustraliaPost', IsStorePickup: false, IsPaidPostage: true }),
    );
    expect(posted.status).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('reserves nothing when any item of the order is gone', async () => {
    const [kept, sold] = [await item(), await item()];
    const client = await shopperWith([kept.id, sold.id]);
    await database.handle.db.updateTable('products').set({ status: 'sold' }).where('id', '=', sold.id).execute();
    const before = await orderCount();
    const reply = await place(client);
    expect(reply.status).toBe(400);
    expect(reply.body.Message).toBe(UNAVAILABLE_ITEMS_MESSAGE);
    expect(await statusOf(kept.id)).toBe('available');
    expect(await orderCount()).toBe(before);
  });

  it('sells each item once when many shoppers race for few items', async () => {
    const items = await Promise.all(Array.from({ length: 10 }, () => item()));
    const shoppers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => shopperWith([items[i % items.length]?.id ?? 0])),
    );
    // One shopper wants two items: losing either must leave both free for others.
    const greedy = await shopperWith([items[0]?.id ?? 0, items[1]?.id ?? 0]);
    const before = await orderCount();
    const replies = await Promise.all([...shoppers, greedy].map((s) => place(s)));
    const won = replies.filter((r) => r.status === 200);
    const lost = replies.filter((r) => r.status !== 200);
    expect(won.length).toBeGreaterThanOrEqual(9);
    expect(won.length).toBeLessThanOrEqual(10);
    expect(await orderCount()).toBe(before + won.length);
    for (const reply of lost) {
      expect(reply.status).toBe(400);
      expect(reply.body.Message).toBe(UNAVAILABLE_ITEMS_MESSAGE);
    }
    const live = await database.handle.db
      .selectFrom('order_lines')
      .select('product_id')
      .where('live', '=', 1)
      .where(
        'product_id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    expect(new Set(live.map((l) => l.product_id)).size).toBe(live.length);
    // Every item is either in exactly one live order or still on sale.
    for (const it of items) {
      const held = live.some((l) => l.product_id === it.id);
      expect(await statusOf(it.id)).toBe(held ? 'reserved' : 'available');
    }
  });

  it('gives one order for one submission sent ten times at once, and replays it afterwards', async () => {
    const client = await shopperWith([(await item()).id]);
    const before = await orderCount();
    const replies = await Promise.all(Array.from({ length: 10 }, () => place(client, submission(), 'checkout-key-1')));
    expect(await orderCount()).toBe(before + 1);
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of replies) expect([200, 409]).toContain(r.status);
    const again = await place(client, submission(), 'checkout-key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.Value.ConfirmationUrl).toBe(ok[0]?.body.Value.ConfirmationUrl);
    expect(await orderCount()).toBe(before + 1);
  });

  it('answers ExistingOrder when an item of the cart is in an open order of the same shopper', async () => {
    const thing = await item();
    const client = await shopperWith([thing.id]);
    const cart = await database.handle.db
      .selectFrom('cart_items')
      .select('cart_id')
      .where('product_id', '=', thing.id)
      .executeTakeFirstOrThrow();
    // An order still waiting for an online payment (as the card providers will leave one).
    await server.services.orders.create(server.ctx(), {
      region: 'AU',
      userId: null,
      cartId: cart.cart_id,
      email: 'pat@example.com',
      customer: {},
      billingAddress: {},
      status: 'pending_payment',
      paymentOption: 'Eway',
      deliveryOption: 'StorePickup',
      itemsMinor: 25_000,
      postageMinor: 0,
      discountMinor: 0,
      totalMinor: 25_000,
      discountCode: null,
      holdExpiresAt: clock + 15 * 60 * 1000,
      now: clock,
      shipments: [
        {
          storeId,
          storeName: 'Fremantle',
          method: 'pickup',
          service: null,
          postageMinor: 0,
          address: {},
          postageSnapshot: null,
          lines: [
            {
              productId: thing.id,
              code: 'X',
              title: 'X',
              priceMinor: 25_000,
              discountMinor: 0,
              postageShareMinor: 0,
              taxTreatment: 'standard',
              itemType: 'Guitars',
            },
          ],
        },
      ],
    });
    const reply = await place(client);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ WasSuccessful: false, Message: EXISTING_ORDER });
  });

  it('releases expired holds: unpaid orders expire, uncollected pay-in-store orders are cancelled', async () => {
    const thing = await item();
    const client = await shopperWith([thing.id]);
    const reply = await place(client);
    const reference = referenceOf(reply.body.Value.ConfirmationUrl);
    // The hold is 3 days or until the store's collect-by, whichever is later (the store's hours decide).
    const { hold_expires_at: hold } = await database.handle.db
      .selectFrom('orders')
      .select('hold_expires_at')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(Number(hold)).toBeGreaterThanOrEqual(clock + 3 * DAY);
    clock = Number(hold) - 1000;
    await server.services.holdExpiry.run(server.ctx());
    expect(await statusOf(thing.id)).toBe('reserved');
    clock += 2000;
    expect(await server.services.holdExpiry.run(server.ctx())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(thing.id)).toBe('available');
    const order = await database.handle.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
    const lines = await database.handle.db
      .selectFrom('order_lines')
      .select('live')
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.every((l) => l.live === 0)).toBe(true);
    // Running again ends nothing more.
    expect(await server.services.holdExpiry.run(server.ctx())).toBe(0);
    // The item can be ordered again.
    const next = await shopperWith([thing.id]);
    expect((await place(next)).status).toBe(200);
  });

  it('shows the confirmation to the signed link or the customer, and to nobody else (404)', async () => {
    const guest = await shopperWith([(await item(5_000)).id]);
    const placed = await place(guest);
    const url = placed.body.Value.ConfirmationUrl;
    const reference = referenceOf(url);
    const key = new URL(url, 'http://x').searchParams.get('key') ?? '';
    const stranger = new TestClient(server.baseUrl);
    const shown = await stranger.get<OrderConfirmationValue>(
      `/c3api/checkout/confirmation?reference=${reference}&key=${key}`,
    );
    expect(shown.status, shown.body.Message ?? '').toBe(200);
    expect(shown.body.Value).toMatchObject({
      Reference: reference,
      Status: 'confirmed',
      PaymentOption: 'Generic',
      Total: { Amount: 5_000, Display: '$50.00' },
      Stores: [{ StoreName: 'Fremantle', Method: 'pickup' }],
    });
    expect(shown.body.Value.HoldUntil).not.toBeNull();
    // The reference in any case, the key exact.
    expect(
      (await stranger.get(`/c3api/checkout/confirmation?reference=${reference.toLowerCase()}&key=${key}`)).status,
    ).toBe(200);
    expect(
      (await stranger.get(`/c3api/checkout/confirmation?reference=${reference}&key=${key.slice(1)}x`)).status,
    ).toBe(404);
    expect((await stranger.get(`/c3api/checkout/confirmation?reference=${reference}`)).status).toBe(404);
    expect((await stranger.get('/c3api/checkout/confirmation?reference=ORD-0000-0000-0000')).status).toBe(404);
    // The e-mail carries the same link, absolute.
    const mail = await database.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('subject', '=', `Your order ${reference}`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`/checkout/confirmation/${reference}?key=${key}`);

    // A customer sees their own order without the key; another customer does not.
    const customer = new TestClient(server.baseUrl);
    await customer.register(`orders.${Date.now()}@example.com`);
    await customer.post(`/c3api/cart/add?productId=${(await item(7_000)).id}`);
    const own = await place(customer);
    const ownReference = referenceOf(own.body.Value.ConfirmationUrl);
    expect((await customer.get(`/c3api/checkout/confirmation?reference=${ownReference}`)).status).toBe(200);
    // The account dashboard counts it and shows it as the latest order.
    const overview = await customer.get<AccountOverviewValue>('/c3api/account/overview');
    expect(overview.body.Value.Orders).toMatchObject({
      OrderCount: 1,
      LatestOrder: { orderNumber: ownReference, itemCount: 1, storeCount: 1, price: '$70.00', status: 'Processing' },
    });
    const other = new TestClient(server.baseUrl);
    await other.register(`other.${Date.now()}@example.com`);
    expect((await other.get(`/c3api/checkout/confirmation?reference=${ownReference}`)).status).toBe(404);
  });
});
