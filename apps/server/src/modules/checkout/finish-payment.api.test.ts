import type { CheckoutSubmission } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import type { TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import type { AttemptContext, PaymentProvider, ProviderVerdict } from '../payments/payment-provider.js';

/**
 * A card provider the test controls: what the provider "knows" of each attempt (what the
 * reconciler is told), and what it was asked to cancel and refund. The real providers' adapters
 * and sandboxes arrive on the same port; the finishing rules are the same for every one of them.
 */
class ControlledCardProvider implements PaymentProvider {
  readonly name = 'Eway' as const;
  readonly paysOnItsOwnPage = true;
  readonly truth = new Map<string, ProviderVerdict>();
  readonly refunds: { trackingNumber: string; amountMinor: number }[] = [];
  readonly cancels: string[] = [];
  unreachable = false;
  failStart = false;
  async start(_ctx: unknown, attempt: AttemptContext) {
    if (this.failStart) throw new Error('connect ECONNREFUSED');
    return { kind: 'page-data' as const, value: { AccessCode: `code-for-${attempt.trackingNumber}` } };
  }
  async confirm(_ctx: unknown, attempt: AttemptContext) {
    return this.truth.get(attempt.trackingNumber) ?? 'pending';
  }
  async cancel(_ctx: unknown, attempt: AttemptContext) {
    this.cancels.push(attempt.trackingNumber);
  }
  async refund(_ctx: unknown, attempt: AttemptContext, amountMinor: number) {
    this.refunds.push({ trackingNumber: attempt.trackingNumber, amountMinor });
  }
  readonly reconciled: string[] = [];
  async reconcile(_ctx: unknown, attempt: AttemptContext) {
    this.reconciled.push(attempt.trackingNumber);
    if (this.unreachable) throw new Error('connect ETIMEDOUT');
    return this.truth.get(attempt.trackingNumber) ?? 'pending';
  }
}

const MINUTE = 60 * 1000;

const submission = (): CheckoutSubmission => pickupSubmission({ PaymentOption: 'Eway' });

describe.each(testDatabaseTargets())('finishing an online payment on $name', (target) => {
  const provider = new ControlledCardProvider();
  let clock = Date.now();
  let guitars: number;
  let storeId: number;
  const env = { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false' };
  const options = { now: () => clock, paymentProviders: [provider] };
  const shop = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Ballarat', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    env,
    server: options,
  });
  const { database } = shop;
  /** The shop's server, until a test restarts it (start) and puts the new one here. */
  let server: TestServer = shop.server;
  const start = () => shop.startServer(env, options);

  const db = () => database.handle.db;
  const item = () =>
    makeProduct(db(), { store_id: storeId, category_id: guitars, price_minor: 45_000, disable_in_store_pickup: 0 });
  const statusOf = async (id: number) =>
    (await db().selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** A shopper places an order to pay by card: it waits, items held, with its attempt pending. */
  async function placed() {
    const guitar = await item();
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    // Online: the reply is what the page needs to reach the provider, with the attempt's tracking number.
    const reply = await client.post<{ TrackingNumber: string }>('/c3api/checkout/purchase/process', submission());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const attempt = await db()
      .selectFrom('payment_attempts')
      .selectAll()
      .where('tracking_number', '=', reply.body.Value.TrackingNumber)
      .executeTakeFirstOrThrow();
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    const reference = order.reference;
    expect([order.status, attempt.status, await statusOf(guitar.id)]).toEqual([
      'pending_payment',
      'pending',
      'reserved',
    ]);
    return { guitar, client, reference, orderId: order.id, tracking: attempt.tracking_number };
  }
  const orderStatus = async (id: number) =>
    (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const attemptStatus = async (tracking: string) =>
    (
      await db()
        .selectFrom('payment_attempts')
        .select('status')
        .where('tracking_number', '=', tracking)
        .executeTakeFirstOrThrow()
    ).status;
  const mailsFor = async (reference: string) =>
    (await db().selectFrom('mail_outbox').select('to_address').where('subject', 'like', `%${reference}%`).execute())
      .length;
  const finish = (tracking: string, verdict: ProviderVerdict | 'cancelled', source: 'browser' | 'notification') =>
    server.services.finishPayment.finish(server.ctx(), tracking, verdict, source);

  it('finishes once when the browser and a notification race: one order, items sold, one set of mails', async () => {
    const { guitar, client, reference, orderId, tracking } = await placed();
    const outcomes = await Promise.all([
      finish(tracking, 'succeeded', 'browser'),
      finish(tracking, 'succeeded', 'notification'),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already-final', 'paid']);
    expect(await orderStatus(orderId)).toBe('confirmed');
    expect(await attemptStatus(tracking)).toBe('succeeded');
    expect(await statusOf(guitar.id)).toBe('sold');
    expect(await mailsFor(reference)).toBe(2);
    expect((await client.get<{ itemCount: number }>('/c3api/cart/query')).body.Value.itemCount).toBe(0);
  });

  it('takes a notification delivered three times at once as one', async () => {
    const { reference, orderId, tracking } = await placed();
    const outcomes = await Promise.all([1, 2, 3].map(() => finish(tracking, 'succeeded', 'notification')));
    expect(outcomes.filter((o) => o.kind === 'paid')).toHaveLength(1);
    expect(await orderStatus(orderId)).toBe('confirmed');
    expect(await mailsFor(reference)).toBe(2);
    const events = await db()
      .selectFrom('payment_attempt_events')
      .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_attempt_events.attempt_id')
      .select('payment_attempt_events.kind')
      .where('payment_attempts.tracking_number', '=', tracking)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['start', 'notification', 'notification', 'notification']);
  });

  it('releases the items at once on a decline; a success the provider reports later still wins, once', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    expect((await finish(tracking, 'failed', 'browser')).kind).toBe('failed');
    expect([await orderStatus(orderId), await attemptStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'cancelled',
      'failed',
      'available',
    ]);
    // The provider's word is the truth: money taken means an order (its item is still free).
    const late = await Promise.all([1, 2, 3].map(() => finish(tracking, 'succeeded', 'notification')));
    expect(late.map((o) => o.kind).sort()).toEqual(['already-final', 'already-final', 'paid']);
    expect([await orderStatus(orderId), await attemptStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'confirmed',
      'succeeded',
      'sold',
    ]);
    expect(await mailsFor(reference)).toBe(2);
  });

  it('a capture that lands after the attempt was cancelled keeps the order when its item is free', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    // The reconciler (or the shopper leaving) cancels while the provider is capturing.
    expect((await finish(tracking, 'cancelled', 'browser')).kind).toBe('failed');
    expect(await statusOf(guitar.id)).toBe('available');
    expect((await finish(tracking, 'succeeded', 'browser')).kind).toBe('paid');
    expect([await orderStatus(orderId), await attemptStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'confirmed',
      'succeeded',
      'sold',
    ]);
    expect(await mailsFor(reference)).toBe(2);
    expect(provider.refunds.filter((r) => r.trackingNumber === tracking)).toEqual([]);
  });

  it('refunds exactly once a capture that lands after the cancel when the item went to someone else, however often it is reported', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    await finish(tracking, 'cancelled', 'browser');
    // Someone else buys the item in the meantime.
    await db().updateTable('products').set({ status: 'sold' }).where('id', '=', guitar.id).execute();
    const outcomes = await Promise.all([
      finish(tracking, 'succeeded', 'browser'),
      finish(tracking, 'succeeded', 'notification'),
      finish(tracking, 'succeeded', 'notification'),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already-final', 'already-final', 'refunded']);
    expect(provider.refunds.filter((r) => r.trackingNumber === tracking)).toEqual([
      { trackingNumber: tracking, amountMinor: 45_000 },
    ]);
    expect([await orderStatus(orderId), await attemptStatus(tracking)]).toEqual(['cancelled', 'refunded']);
    expect(await mailsFor(reference)).toBe(0);
  });

  it('lets the reconciler finish a payment whose answer was lost, after a restart', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    // The provider captured; our server died before hearing of it.
    provider.truth.set(tracking, 'succeeded');
    await server.close();
    server = await start();
    // Not yet due: the reconciler waits a few minutes for the browser or a notification.
    expect(await server.services.paymentReconciler.run(server.ctx())).toBe(0);
    clock += 4 * MINUTE;
    expect(await server.services.paymentReconciler.run(server.ctx())).toBeGreaterThanOrEqual(1);
    expect([await orderStatus(orderId), await attemptStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'confirmed',
      'succeeded',
      'sold',
    ]);
    expect(await mailsFor(reference)).toBe(2);
    // Running again finds nothing to do for it.
    await server.services.paymentReconciler.run(server.ctx());
    expect(await mailsFor(reference)).toBe(2);
  });

  it('asks again later when the provider cannot be reached, and cancels an abandoned payment once its hold is over', async () => {
    const { guitar, orderId, tracking } = await placed();
    provider.unreachable = true;
    clock += 4 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect(await attemptStatus(tracking)).toBe('pending');
    provider.unreachable = false;
    // Still pending at the provider, hold not over yet: left alone.
    clock += 4 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect(await attemptStatus(tracking)).toBe('pending');
    clock += 20 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect(provider.cancels).toContain(tracking);
    expect([await orderStatus(orderId), await attemptStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'cancelled',
      'cancelled',
      'available',
    ]);
  });

  it('looks once more, an hour after a cancel, for a payment made on the provider page after all', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    // Abandoned: the reconciler cancels it once its hold is over.
    clock += 25 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect([await orderStatus(orderId), await attemptStatus(tracking)]).toEqual(['cancelled', 'cancelled']);
    // The shopper paid in a tab left open; no browser return, no notification.
    provider.truth.set(tracking, 'succeeded');
    const asked = () => provider.reconciled.filter((t) => t === tracking).length;
    const before = asked();
    clock += 30 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect(asked()).toBe(before);
    clock += 31 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect(asked()).toBe(before + 1);
    expect([await orderStatus(orderId), await attemptStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'confirmed',
      'succeeded',
      'sold',
    ]);
    expect(await mailsFor(reference)).toBe(2);
    // Once only: later runs do not ask about it again.
    clock += 60 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect(asked()).toBe(before + 1);
  });

  it('refunds a payment that arrives after its hold ended and its item sold to someone else', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    clock += 20 * MINUTE;
    await server.services.holdExpiry.run(server.ctx());
    expect([await orderStatus(orderId), await statusOf(guitar.id)]).toEqual(['expired', 'available']);
    await db().updateTable('products').set({ status: 'sold' }).where('id', '=', guitar.id).execute();
    const outcome = await finish(tracking, 'succeeded', 'notification');
    expect(outcome.kind).toBe('refunded');
    expect(provider.refunds).toContainEqual({ trackingNumber: tracking, amountMinor: 45_000 });
    expect([await orderStatus(orderId), await attemptStatus(tracking)]).toEqual(['expired', 'refunded']);
    expect(await mailsFor(reference)).toBe(0);
  });

  it('keeps the order of a late payment when its item is still free', async () => {
    const { guitar, reference, orderId, tracking } = await placed();
    clock += 20 * MINUTE;
    await server.services.holdExpiry.run(server.ctx());
    expect(await orderStatus(orderId)).toBe('expired');
    expect((await finish(tracking, 'succeeded', 'browser')).kind).toBe('paid');
    expect([await orderStatus(orderId), await statusOf(guitar.id)]).toEqual(['confirmed', 'sold']);
    expect(await mailsFor(reference)).toBe(2);
  });

  it("hands the page the provider's start, and releases everything at once when the provider cannot start", async () => {
    const guitar = await item();
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    provider.failStart = true;
    const refused = await client.post('/c3api/checkout/purchase/process', submission());
    provider.failStart = false;
    expect([refused.status, refused.body.Message]).toEqual([
      502,
      'Sorry, an error has occurred. Please try again soon.',
    ]);
    expect(await statusOf(guitar.id)).toBe('available');
    // Nothing is left open: trying again places a new order (no ExistingOrder).
    const again = await client.post<{ TrackingNumber: string; AccessCode: string }>(
      '/c3api/checkout/purchase/process',
      submission(),
    );
    expect(again.status, again.body.Message ?? '').toBe(200);
    expect(again.body.Value.AccessCode).toBe(`code-for-${again.body.Value.TrackingNumber}`);
    expect(await statusOf(guitar.id)).toBe('reserved');
  });

  it('answers 404 for a tracking number it does not know', async () => {
    await expect(finish('PAY-0000-0000-0000', 'succeeded', 'browser')).rejects.toMatchObject({ statusCode: 404 });
  });
});
