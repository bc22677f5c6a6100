import type { AccountOverviewValue, OrderDetailValue, OrderHistoryValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSecretKey } from '../../config.js';
import type { StoreRow } from '../../db/schema.js';
import { OrderFixtures } from '../../test/order-fixtures.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { OrderLinks } from './order-links.js';

const DAY = 24 * 3600 * 1000;

describe.each(testDatabaseTargets())('order history and order detail on $name', (target) => {
  let fixtures: OrderFixtures;
  let ballarat: StoreRow;
  let bendigo: StoreRow;
  /** A customer with 27 orders in history (and some that must not show). */
  let shopper: TestClient;
  let shopperId: number;
  /** References of the shopper's listed orders, newest first. */
  const listed: string[] = [];
  const hidden: string[] = [];
  const base = Date.UTC(2026, 2, 1, 1, 0, 0);

  const { database, server, startServer } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false' },
  });

  beforeAll(async () => {
    fixtures = new OrderFixtures(server);
    ballarat = await fixtures.store({ name: 'Ballarat', state: 'VIC', tax_registered: 1 });
    bendigo = await fixtures.store({ name: 'Bendigo', state: 'VIC', tax_registered: 0 });

    shopper = new TestClient(server.baseUrl);
    const email = `history.${Date.now()}@example.com`;
    await shopper.register(email);
    shopperId = await fixtures.userIdOf(email);
    // 26 confirmed orders a day apart, placed out of order (history sorts, not insertion).
    const days = Array.from({ length: 26 }, (_, i) => i).sort((a, b) => ((a * 7) % 26) - ((b * 7) % 26));
    const byDay = new Map<number, string>();
    for (const day of days) {
      const order = await fixtures.order({
        userId: shopperId,
        placedAt: base + day * DAY,
        shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 1000 + day }] }],
      });
      byDay.set(day, order.reference);
    }
    // One confirmed then cancelled by the shop (pay in store): it was a real order, so it shows.
    const cancelled = await fixtures.order({
      userId: shopperId,
      paymentOption: 'Generic',
      placedAt: base + 30 * DAY,
      shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 500 }] }],
    });
    await server.services.fulfilment.cancelOrder(server.ctx(), cancelled.reference, { restock: true });
    listed.push(cancelled.reference, ...[...byDay.entries()].sort((a, b) => b[0] - a[0]).map(([, ref]) => ref));
    // Never confirmed: an abandoned checkout and one that expired, newer than everything else.
    for (const offset of [40, 41]) {
      const pending = await fixtures.order({
        userId: shopperId,
        status: 'pending_payment',
        placedAt: base + offset * DAY,
        shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 700 }] }],
      });
      hidden.push(pending.reference);
    }
    await database.handle.db
      .updateTable('orders')
      .set({ status: 'expired' })
      .where('reference', '=', hidden[1] as string)
      .execute();
  });

  const history = (query = '') => shopper.get<OrderHistoryValue>(`/c3api/account/orders${query}`);
  const refsOf = (value: OrderHistoryValue) => value.orders.map((o) => o.orderNumber);

  describe('history', () => {
    it('lists only orders that were confirmed, newest first, 12 to a page', async () => {
      const reply = await history();
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.body.Value.totalOrderCount).toBe(27);
      expect(reply.body.Value.currentPage).toBe(1);
      expect(refsOf(reply.body.Value)).toEqual(listed.slice(0, 12));
      for (const ref of hidden) expect(refsOf(reply.body.Value)).not.toContain(ref);
      expect(reply.body.Value.orders[0]).toEqual({
        orderNumber: listed[0],
        orderDateTime: new Date(base + 30 * DAY).toISOString(),
        itemCount: 1,
        storeCount: 1,
        price: '$5.00',
        status: 'Cancelled',
      });
      expect(reply.body.Value.orders[1]).toMatchObject({
        orderDateTime: new Date(base + 25 * DAY).toISOString(),
        price: '$10.25',
        status: 'Processing',
      });
    });

    it('reads page 0, a word or nothing as page 1, and a page past the end as the last one', async () => {
      const first = refsOf((await history()).body.Value);
      for (const query of ['?page=0', '?page=abc', '?page=', '?page=-2', '?page=1.5']) {
        const reply = await history(query);
        expect(reply.status, query).toBe(200);
        expect(reply.body.Value.currentPage, query).toBe(1);
        expect(refsOf(reply.body.Value), query).toEqual(first);
      }
      const third = (await history('?page=3')).body.Value;
      expect(third.currentPage).toBe(3);
      expect(refsOf(third)).toEqual(listed.slice(24, 27));
      for (const query of ['?page=4', '?page=99999999999']) {
        const beyond = (await history(query)).body.Value;
        expect(beyond.currentPage, query).toBe(3);
        expect(refsOf(beyond), query).toEqual(listed.slice(24, 27));
      }
    });

    it('pages of any size cover every order exactly once', async () => {
      for (const size of [1, 5, 12, 27, 50]) {
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(27 / size); page++) {
          const value = (await history(`?page=${page}&pageSize=${size}`)).body.Value;
          expect(value.currentPage).toBe(page);
          expect(value.orders.length).toBe(Math.min(size, 27 - (page - 1) * size));
          seen.push(...refsOf(value));
        }
        expect(seen, `pageSize ${size}`).toEqual(listed);
      }
      expect((await history('?pageSize=51')).status).toBe(400);
    });

    it("is the signed-in customer's own: a visitor gets what other account calls answer, another customer sees none", async () => {
      const visitor = new TestClient(server.baseUrl);
      const answer = await visitor.get('/c3api/account/orders');
      const overview = await visitor.get('/c3api/account/overview');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(overview.body);
      const other = new TestClient(server.baseUrl);
      await other.register(`other.history.${Date.now()}@example.com`);
      const empty = await other.get<OrderHistoryValue>('/c3api/account/orders?page=3');
      expect(empty.body.Value).toEqual({ orders: [], totalOrderCount: 0, currentPage: 1 });
    });

    it('the dashboard tile shows the latest listed order and the same count', async () => {
      const overview = (await shopper.get<AccountOverviewValue>('/c3api/account/overview')).body.Value;
      expect(overview.Orders.OrderCount).toBe(27);
      expect(overview.Orders.LatestOrder).toEqual((await history()).body.Value.orders[0]);
    });

    it('counts items and stores per order and labels its progress', async () => {
      const client = new TestClient(server.baseUrl);
      const email = `counts.${Date.now()}@example.com`;
      await client.register(email);
      const userId = await fixtures.userIdOf(email);
      const order = await fixtures.order({
        userId,
        shipments: [
          { store: ballarat, method: 'pickup', items: [{ price: 1000 }, { price: 2000 }] },
          { store: bendigo, method: 'postage', postageMinor: 995, items: [{ price: 3000 }] },
        ],
      });
      const row = async () => (await client.get<OrderHistoryValue>('/c3api/account/orders')).body.Value.orders[0];
      expect(await row()).toMatchObject({ orderNumber: order.reference, itemCount: 3, storeCount: 2, price: '$69.95' });
      const { fulfilment } = server.services;
      const ctx = server.ctx();
      expect((await row())?.status).toBe('Processing');
      await fulfilment.markDispatched(ctx, order.reference, bendigo.id, { trackingNumber: 'AB123' });
      expect((await row())?.status).toBe('Dispatched');
      await fulfilment.markReadyForPickup(ctx, order.reference, ballarat.id);
      expect((await row())?.status).toBe('Ready for pickup');
      await fulfilment.markCollected(ctx, order.reference, ballarat.id);
      expect((await row())?.status).toBe('Dispatched');
      const tile = (await client.get<AccountOverviewValue>('/c3api/account/overview')).body.Value.Orders;
      expect(tile).toMatchObject({
        OrderCount: 1,
        LatestOrder: { orderNumber: order.reference, status: 'Dispatched' },
      });
    });
  });

  describe('detail', () => {
    const detailPath = (ref: string, key?: string) =>
      `/c3api/account/orders/${ref}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
    // The servers share the test's data directory, so they sign with one secret.
    const keyOf = (ref: string) =>
      new OrderLinks(resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: database.dataDir }), '').key({
        reference: ref,
        link_version: 0,
        created_at: Date.now(),
      });

    it('shows the owner their order: stores, items, discount, summary and invoice link', async () => {
      const email = `detail.${Date.now()}@example.com`;
      const client = new TestClient(server.baseUrl);
      await client.register(email);
      const userId = await fixtures.userIdOf(email);
      const placedAt = Date.UTC(2026, 5, 30, 23, 30); // 1 July 09:30 AEST
      const order = await fixtures.order({
        userId,
        placedAt,
        discountMinor: 1000,
        shipments: [
          {
            store: ballarat,
            method: 'pickup',
            items: [
              { price: 6000, image_count: 3 },
              { price: 4000, image_count: 0 },
            ],
          },
          { store: bendigo, method: 'postage', service: 'Express', postageMinor: 1395, items: [{ price: 10_000 }] },
        ],
      });
      const lines = await fixtures.lines(order.id);
      // Lower case works; the answer carries the stored reference.
      const reply = await client.get<OrderDetailValue>(detailPath(order.reference.toLowerCase()));
      expect(reply.status, reply.body.Message ?? '').toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const value = reply.body.Value;
      expect(value.orderNumber).toBe(order.reference);
      expect(value.gstInvoicesEnabled).toBe(true);
      expect(value.invoiceUrl).toBe(`/gst-invoice?invoice=${order.reference}`);
      expect(value.summary).toEqual({
        itemCount: 3,
        storeCount: 2,
        price: '$203.95',
        orderDateTime: new Date(placedAt).toISOString(),
        orderDateTimeZone: 'AEST',
        status: 'Processing',
        discountAmount: '$10.00',
      });
      expect(value.stores.map((s) => [s.id, s.name])).toEqual([
        [ballarat.id, 'Ballarat'],
        [bendigo.id, 'Bendigo'],
      ]);
      // The $10.00 discount is spread by price: $3.00, $2.00 and $5.00.
      expect(value.stores[0]?.items).toEqual([
        {
          id: lines[0]?.code,
          displayName: lines[0]?.title,
          image: `/c3api/images/product/${lines[0]?.code}/1?w=300`,
          itemType: 'Guitars',
          price: '$60.00',
          discountedPrice: '$57.00',
          cancelled: false,
          refund: null,
        },
        {
          id: lines[1]?.code,
          displayName: lines[1]?.title,
          image: null,
          itemType: 'Guitars',
          price: '$40.00',
          discountedPrice: '$38.00',
          cancelled: false,
          refund: null,
        },
      ]);
      expect(value.stores[1]?.items[0]).toMatchObject({ price: '$100.00', discountedPrice: '$95.00' });
      // Pickup: the store's address; postage: the option, the shopper's address and the cost.
      expect(value.stores[0]?.shippingDetails).toEqual({
        option: 'Customer Pickup',
        address: {
          customerName: '',
          businessName: 'Ballarat',
          line1: ballarat.address.split(', ')[0],
          line2: '',
          suburb: ballarat.suburb,
          state: 'VIC',
          postCode: ballarat.postcode,
        },
        dispatchedDate: null,
        trackingUrl: null,
        trackingNumber: null,
        cost: '$0.00',
        fulfilment: 'open',
        // Written by the fixture without one (as orders placed before collect-by was kept).
        collectBy: null,
      });
      expect(value.stores[1]?.shippingDetails).toEqual({
        option: 'Australia Post Express',
        address: {
          customerName: 'Pat Shopper',
          businessName: '',
          line1: '1 George St',
          line2: 'Level 2',
          suburb: 'Sydney',
          state: 'NSW',
          postCode: '2000',
        },
        dispatchedDate: null,
        trackingUrl: null,
        trackingNumber: null,
        cost: '$13.95',
        fulfilment: 'open',
        collectBy: null,
      });

      // Dispatched with tracking: the footer says when and links the number.
      const sentAt = Date.now();
      await server.services.fulfilment.markDispatched(server.ctx(), order.reference, bendigo.id, {
        trackingNumber: '33ABC0012345',
        trackingUrl: 'https://auspost.com.au/mypost/track/details/33ABC0012345',
      });
      const after = (await client.get<OrderDetailValue>(detailPath(order.reference))).body.Value;
      const footer = after.stores[1]?.shippingDetails;
      expect(footer).toMatchObject({
        trackingNumber: '33ABC0012345',
        trackingUrl: 'https://auspost.com.au/mypost/track/details/33ABC0012345',
        fulfilment: 'dispatched',
      });
      expect(Date.parse(footer?.dispatchedDate ?? '')).toBeGreaterThanOrEqual(sentAt - 1000);
      expect(after.summary.status).toBe('Dispatched');
      expect(after.stores[0]?.shippingDetails.dispatchedDate).toBeNull();
    });

    it('opens for a guest with the signed key (and keeps the key on the invoice link), for nobody else', async () => {
      const owner = new TestClient(server.baseUrl);
      const email = `owner.${Date.now()}@example.com`;
      await owner.register(email);
      const order = await fixtures.order({
        userId: await fixtures.userIdOf(email),
        shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 2500 }] }],
      });
      const guestOrder = await fixtures.order({
        shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 2600 }] }],
      });
      const key = keyOf(guestOrder.reference);

      const guest = new TestClient(server.baseUrl);
      const keyed = await guest.get<OrderDetailValue>(detailPath(guestOrder.reference, key));
      expect(keyed.status).toBe(200);
      expect(keyed.body.Value.invoiceUrl).toBe(
        `/gst-invoice?invoice=${guestOrder.reference}&key=${encodeURIComponent(key)}`,
      );
      // The owner's key works for anyone holding it (the order e-mail's link), signed in or not.
      expect((await guest.get(detailPath(order.reference, keyOf(order.reference)))).status).toBe(200);

      const stranger = new TestClient(server.baseUrl);
      await stranger.register(`stranger.${Date.now()}@example.com`);
      const missing = await guest.get(detailPath('ORD-0000-0000-0000'));
      expect(missing.status).toBe(404);
      const refusals = [
        await stranger.get(detailPath(order.reference)), // another customer's
        await guest.get(detailPath(order.reference)), // a guest without the key
        await guest.get(detailPath(guestOrder.reference)), // a guest without the key
        await guest.get(detailPath(guestOrder.reference, `${key.slice(0, -1)}x`)), // a wrong key
        await guest.get(detailPath(guestOrder.reference, keyOf(order.reference))), // another order's key
        await stranger.get(detailPath('ORD-7K2M-9QXD-4TQH')), // a guessed reference
        await guest.get(detailPath('not-an-order')),
        await guest.get(detailPath('INV-7K2M-9QXD-4TQH', key)),
      ];
      for (const refusal of refusals) {
        expect(refusal.status).toBe(404);
        expect(refusal.body).toEqual(missing.body);
      }
      // Orders are the region's: the same order does not open on the other region's shop.
      await database.handle.db.updateTable('orders').set({ region: 'UK' }).where('id', '=', guestOrder.id).execute();
      expect((await guest.get(detailPath(guestOrder.reference, key))).body).toEqual(missing.body);
    });

    it('offers the invoice only when one exists (a confirmed order, a registered store, invoices on)', async () => {
      const guest = new TestClient(server.baseUrl);
      const open = async (ref: string) =>
        (await guest.get<OrderDetailValue>(detailPath(ref, keyOf(ref)))).body.Value.invoiceUrl;
      const unregistered = await fixtures.order({
        shipments: [{ store: bendigo, method: 'pickup', items: [{ price: 900 }] }],
      });
      expect(await open(unregistered.reference)).toBeNull();
      const pending = await fixtures.order({
        status: 'pending_payment',
        shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 900 }] }],
      });
      expect(await open(pending.reference)).toBeNull();
      const detail = await guest.get<OrderDetailValue>(detailPath(pending.reference, keyOf(pending.reference)));
      expect(detail.body.Value.summary.status).toBe('Awaiting payment');
      const refunded = await fixtures.order({
        shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 900 }] }],
      });
      expect(await open(refunded.reference)).not.toBeNull();
      await server.services.fulfilment.cancelOrder(server.ctx(), refunded.reference, { restock: false });
      expect(await open(refunded.reference)).toBeNull();

      // GST invoices switched off: never offered, and the page is told so.
      const off = await startServer({ GST_INVOICES_ENABLED: 'false' });
      try {
        const paid = await fixtures.order({
          shipments: [{ store: ballarat, method: 'pickup', items: [{ price: 900 }] }],
        });
        const reply = await fetch(`${off.baseUrl}${detailPath(paid.reference, keyOf(paid.reference))}`);
        const body = (await reply.json()) as { Value: OrderDetailValue };
        expect([body.Value.invoiceUrl, body.Value.gstInvoicesEnabled]).toEqual([null, false]);
      } finally {
        await off.close();
      }
    });
  });
});
