import { describe, expect, it } from 'vitest';
import { resolveSecretKey } from '../../config.js';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { ORDER_LINK_LIFETIME_DAYS, OrderLinks } from './order-links.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Signed order links end: they expire, and revoking an order's links (a leaked e-mail, a shared
 * screenshot) makes every one sent so far answer like an unknown order, on every page a key opens
 * (the confirmation, the order's page). A link signed afterwards works. Both databases.
 */
describe.each(testDatabaseTargets())('signed order links on $name', (target) => {
  let clock = Date.now();
  let storeId: number;
  let guitars: number;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Geelong', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false' },
    server: { now: () => clock },
  });

  /** Links as the test server signs them (it keeps its secret in the test's data directory). */
  const linksAt = (now: number) =>
    new OrderLinks(resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: database.dataDir }), '', () => now);
  const orderRow = (reference: string) =>
    database.handle.db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

  /** A guest's pickup order paid in store: its reference and the key of its confirmation URL. */
  async function placed() {
    const item = await makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: 30_000,
      disable_in_store_pickup: 0,
    });
    const guest = new TestClient(server.baseUrl);
    await guest.post(`/c3api/cart/add?productId=${item.id}`);
    const reply = await guest.post<{ ConfirmationUrl: string }>('/c3api/checkout/purchase/process', pickupSubmission());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const url = new URL(reply.body.Value.ConfirmationUrl, server.baseUrl);
    const reference = url.pathname.split('/').pop() ?? '';
    return { reference, key: url.searchParams.get('key') ?? '' };
  }

  /** What a stranger holding the link gets from each page a key opens: status and message. */
  async function opened(reference: string, key: string) {
    const stranger = new TestClient(server.baseUrl);
    const k = encodeURIComponent(key);
    const confirmation = await stranger.get(`/c3api/checkout/confirmation?reference=${reference}&key=${k}`);
    const detail = await stranger.get(`/c3api/account/orders/${reference}?key=${k}`);
    return [
      [confirmation.status, confirmation.body.Message],
      [detail.status, detail.body.Message],
    ];
  }
  const OPENS = [
    [200, null],
    [200, null],
  ];
  /** What an order that does not exist answers, with a key of the right shape. */
  const unknownOrder = (key: string) => opened('ORD-2222-3333-4444', key);

  it('opens the order with its link until the link expires, then answers exactly like an unknown order', async () => {
    const { reference, key } = await placed();
    expect(await opened(reference, key)).toEqual(OPENS);
    const unknown = await unknownOrder(key);
    expect(unknown.map(([status]) => status)).toEqual([404, 404]);

    // A link signed long ago (an old e-mail's), checked today.
    const old = linksAt(clock - (ORDER_LINK_LIFETIME_DAYS + 1) * DAY).key(await orderRow(reference));
    expect(await opened(reference, old)).toEqual(unknown);

    // The same link once its lifetime has passed on the shop's clock.
    const placedAt = clock;
    try {
      clock = placedAt + (ORDER_LINK_LIFETIME_DAYS - 1) * DAY;
      expect(await opened(reference, key)).toEqual(OPENS);
      clock = placedAt + (ORDER_LINK_LIFETIME_DAYS + 1) * DAY;
      expect(await opened(reference, key)).toEqual(unknown);
    } finally {
      clock = placedAt;
    }
  });

  it('revokes every link sent so far: each answers like an unknown order, and a link signed afterwards works', async () => {
    const { reference, key } = await placed();
    const mail = await database.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('subject', '=', `Your order ${reference}`)
      .executeTakeFirstOrThrow();
    const mailed = new URL(/https?:\/\/\S+\/checkout\/confirmation\/\S+/.exec(mail.text_body)?.[0] ?? '');
    const mailedKey = mailed.searchParams.get('key') ?? '';
    expect(await opened(reference, mailedKey)).toEqual(OPENS);

    const revoked = await server.services.orders.revokeLinks(server.ctx(), reference.toLowerCase());
    expect(revoked?.reference).toBe(reference);
    expect(revoked?.link_version).toBe(1);
    const unknown = await unknownOrder(key);
    expect(await opened(reference, key)).toEqual(unknown);
    expect(await opened(reference, mailedKey)).toEqual(unknown);

    const fresh = linksAt(clock).key(await orderRow(reference));
    expect(fresh).not.toBe(key);
    expect(await opened(reference, fresh)).toEqual(OPENS);

    // Revoking again ends that one too; an unknown order changes nothing.
    await server.services.orders.revokeLinks(server.ctx(), reference);
    expect(await opened(reference, fresh)).toEqual(unknown);
    expect(await server.services.orders.revokeLinks(server.ctx(), 'ORD-2222-3333-4444')).toBeUndefined();
    expect(await server.services.orders.revokeLinks(server.ctx(), 'not a reference')).toBeUndefined();
    expect((await orderRow(reference)).link_version).toBe(2);
  });
});
