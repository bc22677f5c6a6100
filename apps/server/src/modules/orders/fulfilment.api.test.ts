import type { OrderDetailValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreRow } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { OrderFixtures } from '../../test/order-fixtures.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import type { AttemptContext, PaymentProvider } from '../payments/payment-provider.js';

/** A card provider the test controls: it records what it was asked to refund, and can fail. */
class ControlledCardProvider implements PaymentProvider {
  readonly name = 'Eway' as const;
  readonly paysOnItsOwnPage = true;
  readonly refunds: { trackingNumber: string; amountMinor: number }[] = [];
  failRefunds = false;
  async start() {
    return { kind: 'page-data' as const, value: {} };
  }
  async confirm() {
    return 'succeeded' as const;
  }
  async cancel() {}
  async refund(_ctx: unknown, attempt: AttemptContext, amountMinor: number) {
    // A provider's round trip: long enough for a second caller to be in flight.
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (this.failRefunds) throw new Error('connect ETIMEDOUT');
    this.refunds.push({ trackingNumber: attempt.trackingNumber, amountMinor });
  }
  async reconcile() {
    return 'succeeded' as const;
  }
}

const DAY = 24 * 3600 * 1000;

/** What a refused call threw: its HTTP status and message. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the call was not refused');
}

describe.each(testDatabaseTargets())('after-sale fulfilment and status e-mails on $name', (target) => {
  let fixtures: OrderFixtures;
  const provider = new ControlledCardProvider();
  let store: StoreRow;
  let other: StoreRow;
  let clock = Date.now();

  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PUBLIC_URL: 'https://shop.example' },
    server: { paymentProviders: [provider], now: () => clock },
  });

  beforeAll(async () => {
    fixtures = new OrderFixtures(server);
    store = await fixtures.store({
      name: 'Ballarat <Traders> & Co',
      state: 'VIC',
      phone: '03 5331 0000',
      opening_hours: JSON.stringify([{ Day: 'Monday', Hours: '9am - 5pm' }]),
    });
    other = await fixtures.store({ name: 'Bendigo', state: 'VIC' });
  });

  const fulfilment = () => server.services.fulfilment;
  const ctx = () => server.ctx();
  const pickupOrder = (extra: Partial<Parameters<OrderFixtures['order']>[0]> = {}) =>
    fixtures.order({ shipments: [{ store, method: 'pickup', items: [{ price: 12_000 }] }], ...extra });
  const postageOrder = () =>
    fixtures.order({
      shipments: [{ store: other, method: 'postage', postageMinor: 995, items: [{ price: 5000 }, { price: 2500 }] }],
    });
  const changedOf = (outcomes: { changed: boolean }[]) => outcomes.map((o) => o.changed).sort();
  /** The order's page as the e-mail links it, opened by a browser that is nobody's. */
  const openLink = async (text: string) => {
    const link = /https:\/\/shop\.example(\/my-account\/orders\/\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const [pagePath, query] = (link as string).split('?');
    const reply = await new TestClient(server.baseUrl).get<OrderDetailValue>(
      `/c3api/account/orders/${pagePath?.split('/').pop()}?${query}`,
    );
    expect(reply.status).toBe(200);
    return reply.body.Value;
  };
  const productsOf = async (orderId: number) =>
    Promise.all((await fixtures.lines(orderId)).map(async (l) => (await fixtures.productStatus(l.product_id)).status));

  it('ready for pickup: one e-mail with the store, its hours and the order link, however often it is called', async () => {
    const order = await pickupOrder({ firstName: '<b>Pat</b>' });
    const outcomes = await Promise.all(
      [1, 2].map(() => fulfilment().markReadyForPickup(ctx(), order.reference, store.id)),
    );
    expect(changedOf(outcomes)).toEqual([false, true]);
    expect(outcomes.map((o) => o.status)).toEqual(['Ready for pickup', 'Ready for pickup']);
    expect((await fulfilment().markReadyForPickup(ctx(), order.reference.toLowerCase(), store.id)).changed).toBe(false);

    const mails = await fixtures.mailsTo(order.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Your order ${order.reference} is ready to collect from Ballarat <Traders> & Co`);
    expect(mail?.text_body).toContain('Hello <b>Pat</b>,');
    expect(mail?.text_body).toContain(store.address.split(', ')[0]);
    expect(mail?.text_body).toContain('Phone: 03 5331 0000');
    expect(mail?.text_body).toContain('Monday: 9am - 5pm');
    expect(mail?.text_body).toContain('You have already paid');
    // Everything the shop did not write itself is escaped in the HTML part.
    expect(mail?.html_body).toContain('Hello &lt;b&gt;Pat&lt;/b&gt;,');
    expect(mail?.html_body).toContain('Ballarat &lt;Traders&gt; &amp; Co');
    expect(mail?.html_body).not.toContain('<b>');
    const page = await openLink(mail?.text_body ?? '');
    expect(page.orderNumber).toBe(order.reference);
    expect(page.summary.status).toBe('Ready for pickup');
    expect(page.stores[0]?.shippingDetails.fulfilment).toBe('ready_for_pickup');
  });

  it('dispatched: one e-mail with the tracking number and link; the first call wins, repeats change nothing', async () => {
    const order = await postageOrder();
    const outcomes = await Promise.all(
      ['AA111', 'BB222'].map((n) =>
        fulfilment().markDispatched(ctx(), order.reference, other.id, {
          trackingNumber: n,
          trackingUrl: `https://auspost.com.au/mypost/track/details/${n}`,
        }),
      ),
    );
    expect(changedOf(outcomes)).toEqual([false, true]);
    const later = await fulfilment().markDispatched(ctx(), order.reference, other.id, { trackingNumber: 'CC333' });
    expect(later).toEqual({ changed: false, reference: order.reference, status: 'Dispatched' });

    const mails = await fixtures.mailsTo(order.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    const page = await openLink(mail?.text_body ?? '');
    const footer = page.stores[0]?.shippingDetails;
    const winner = footer?.trackingNumber as string;
    expect(['AA111', 'BB222']).toContain(winner);
    expect(footer?.trackingUrl).toBe(`https://auspost.com.au/mypost/track/details/${winner}`);
    expect(mail?.subject).toBe(`Your order ${order.reference} is on its way from Bendigo`);
    expect(mail?.text_body).toContain(`Tracking number: ${winner}`);
    expect(mail?.text_body).toContain(`Track your parcel: https://auspost.com.au/mypost/track/details/${winner}`);
    expect(mail?.text_body).toContain('Australia Post Regular');
    expect(mail?.text_body).toContain('1 George St');
    expect(mail?.html_body).toContain(`<a href="https://auspost.com.au/mypost/track/details/${winner}">${winner}</a>`);
  });

  it('a dispatch without a tracking URL shows the number without a link', async () => {
    const order = await postageOrder();
    await fulfilment().markDispatched(ctx(), order.reference, other.id, { trackingNumber: 'RR 1234 5678' });
    const [mail] = await fixtures.mailsTo(order.email);
    expect(mail?.text_body).toContain('Tracking number: RR 1234 5678');
    expect(mail?.text_body).not.toContain('Track your parcel');
    expect(mail?.html_body).toContain('<p>Tracking number: RR 1234 5678</p>');
  });

  it('refuses what cannot be: a bad tracking number or URL, the wrong kind of shipment, a store or order not in it', async () => {
    const posted = await postageOrder();
    const picked = await pickupOrder();
    expect(
      await refusal(fulfilment().markDispatched(ctx(), posted.reference, other.id, { trackingNumber: '  ' })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(
        fulfilment().markDispatched(ctx(), posted.reference, other.id, {
          trackingNumber: 'AB1',
          trackingUrl: 'javascript:alert(1)',
        }),
      ),
    ).toMatchObject({ status: 400, message: 'Invalid input. trackingUrl: must be an http:// or https:// address' });
    expect(await refusal(fulfilment().markReadyForPickup(ctx(), posted.reference, other.id))).toMatchObject({
      status: 409,
    });
    expect(await refusal(fulfilment().markCollected(ctx(), posted.reference, other.id))).toMatchObject({ status: 409 });
    expect(
      await refusal(fulfilment().markDispatched(ctx(), picked.reference, store.id, { trackingNumber: 'AB1' })),
    ).toMatchObject({ status: 409 });
    expect(await refusal(fulfilment().markReadyForPickup(ctx(), picked.reference, other.id))).toMatchObject({
      status: 404,
    });
    expect(await refusal(fulfilment().markReadyForPickup(ctx(), 'ORD-0000-0000-0000', store.id))).toMatchObject({
      status: 404,
    });
    const pending = await pickupOrder({ status: 'pending_payment' });
    expect(await refusal(fulfilment().markReadyForPickup(ctx(), pending.reference, store.id))).toMatchObject({
      status: 409,
    });
    expect(await fixtures.mailsTo(posted.email)).toHaveLength(0);
    expect(await fixtures.mailsTo(picked.email)).toHaveLength(0);
  });

  it('collected, paid in store: the items are sold, no e-mail, and the hold no longer cancels the order', async () => {
    clock = Date.now();
    const collected = await pickupOrder({ paymentOption: 'Generic', placedAt: clock });
    const forgotten = await pickupOrder({ paymentOption: 'Generic', placedAt: clock });
    expect(await productsOf(collected.id)).toEqual(['reserved']);
    const outcomes = await Promise.all(
      [1, 2].map(() => fulfilment().markCollected(ctx(), collected.reference, store.id)),
    );
    expect(changedOf(outcomes)).toEqual([false, true]);
    expect(outcomes[0]?.status).toBe('Completed');
    expect(await productsOf(collected.id)).toEqual(['sold']);
    expect(await fixtures.mailsTo(collected.email)).toHaveLength(0);

    // Four days on, the pay-in-store hold (3 days) has run out for both.
    clock += 4 * DAY;
    await server.services.holdExpiry.run(ctx());
    expect((await fixtures.orderRow(collected.id)).status).toBe('confirmed');
    expect((await fixtures.orderRow(forgotten.id)).status).toBe('cancelled');
    expect(await productsOf(forgotten.id)).toEqual(['available']);
    clock = Date.now();
  });

  it('cancelling a paid order refunds it exactly once, after commit, even when asked twice at once', async () => {
    const order = await postageOrder();
    const [attempt] = await database.handle.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(await productsOf(order.id)).toEqual(['sold', 'sold']);
    const outcomes = await Promise.all(
      [1, 2].map(() => fulfilment().cancelOrder(ctx(), order.reference, { restock: true })),
    );
    expect(changedOf(outcomes)).toEqual([false, true]);
    expect(outcomes.map((o) => o.status)).toEqual(['Refunded', 'Refunded']);
    expect((await fulfilment().cancelOrder(ctx(), order.reference, { restock: true })).changed).toBe(false);

    expect(provider.refunds.filter((r) => r.trackingNumber === attempt?.tracking_number)).toEqual([
      { trackingNumber: attempt?.tracking_number, amountMinor: 8495 },
    ]);
    expect((await fixtures.orderRow(order.id)).status).toBe('refunded');
    const settled = await database.handle.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('id', '=', attempt?.id as number)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('refunded');
    const events = await server.services.payments.events(ctx(), attempt?.id as number);
    expect(events.map((e) => e.kind)).toEqual(['refund']);
    // Back on sale, and the order no longer holds them.
    expect(await productsOf(order.id)).toEqual(['available', 'available']);
    expect((await fixtures.lines(order.id)).map((l) => l.live)).toEqual([0, 0]);

    const mails = await fixtures.mailsTo(order.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.reference} has been cancelled and refunded`]);
    expect(mails[0]?.text_body).toContain('We are refunding $84.95 to the card or account you paid with.');
    const page = await openLink(mails[0]?.text_body ?? '');
    expect([page.summary.status, page.invoiceUrl]).toEqual(['Refunded', null]);
  });

  it('an item cancelled, then the whole order: the refunds add up to what was paid, and each is asked for once', async () => {
    // 5000 + 2500 with 995 postage: 8495 paid.
    const order = await postageOrder();
    const [first] = await fixtures.lines(order.id);
    const [attempt] = await server.services.payments.attemptsFor(ctx(), order.id);
    const twice = await Promise.all(
      [1, 2].map(() =>
        fulfilment().cancelItem(ctx(), order.reference, other.id, first?.code as string, { restock: true }),
      ),
    );
    expect(changedOf(twice)).toEqual([false, true]);
    expect((await fixtures.orderRow(order.id)).total_minor).toBe(3495);
    expect((await fulfilment().cancelOrder(ctx(), order.reference, { restock: true })).status).toBe('Refunded');
    expect(provider.refunds.filter((r) => r.trackingNumber === attempt?.tracking_number)).toEqual([
      { trackingNumber: attempt?.tracking_number, amountMinor: 5000 },
      { trackingNumber: attempt?.tracking_number, amountMinor: 3495 },
    ]);
    const mails = await fixtures.mailsTo(order.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `An item of your order ${order.reference} has been cancelled`,
      `Your order ${order.reference} has been cancelled and refunded`,
    ]);
    expect(mails[1]?.text_body).toContain('We are refunding $34.95');
    // Cancelling the item again after the order was cancelled is a repeat, not a refusal.
    const again = await fulfilment().cancelItem(ctx(), order.reference, other.id, first?.code as string, {
      restock: true,
    });
    expect(again.changed).toBe(false);
  });

  it("the shopper's order detail marks an item the store cancelled, with what it refunded", async () => {
    // 5000 + 2500 with 995 postage: the first item's 50.00 comes back, the rest goes on.
    const order = await postageOrder();
    const [first, second] = await fixtures.lines(order.id);
    await fulfilment().cancelItem(ctx(), order.reference, other.id, first?.code as string, { restock: true });
    const [mail] = await fixtures.mailsTo(order.email);
    const page = await openLink(mail?.text_body ?? '');
    const items = page.stores[0]?.items ?? [];
    expect(items.find((i) => i.id === first?.code)).toMatchObject({ cancelled: true, refund: '$50.00' });
    expect(items.find((i) => i.id === second?.code)).toMatchObject({ cancelled: false, refund: null });
  });

  it('a refund the provider fails is recorded for the console; the order stays refunded', async () => {
    const order = await pickupOrder();
    provider.failRefunds = true;
    try {
      const outcome = await fulfilment().cancelOrder(ctx(), order.reference, { restock: false });
      expect(outcome).toEqual({ changed: true, reference: order.reference, status: 'Refunded' });
    } finally {
      provider.failRefunds = false;
    }
    const [attempt] = await server.services.payments.attemptsFor(ctx(), order.id);
    const events = await server.services.payments.events(ctx(), attempt?.id as number);
    expect(events.map((e) => [e.kind, JSON.parse(e.detail).during])).toEqual([['error', 'refund']]);
    // Not restocked: the store decides what happens to the items.
    expect(await productsOf(order.id)).toEqual(['sold']);
  });

  it('cancelling a pay-in-store order: nothing to refund, the held items go back on sale', async () => {
    const order = await pickupOrder({ paymentOption: 'Generic' });
    const before = provider.refunds.length;
    const outcome = await fulfilment().cancelOrder(ctx(), order.reference, { restock: true });
    expect(outcome).toEqual({ changed: true, reference: order.reference, status: 'Cancelled' });
    expect(provider.refunds.length).toBe(before);
    expect((await fixtures.orderRow(order.id)).status).toBe('cancelled');
    expect(await productsOf(order.id)).toEqual(['available']);
    const mails = await fixtures.mailsTo(order.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.reference} has been cancelled`]);
    expect(mails[0]?.text_body).toContain('Order total: $120.00. You chose to pay in store, so nothing was charged.');
  });

  it('a cancel and a dispatch at once: exactly one happens', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await postageOrder();
      const settled = await Promise.allSettled([
        fulfilment().cancelOrder(ctx(), order.reference, { restock: true }),
        fulfilment().markDispatched(ctx(), order.reference, other.id, { trackingNumber: 'ZZ999' }),
      ]);
      expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
      expect((rejected.reason as HttpError).statusCode).toBe(409);
      const status = (await fixtures.orderRow(order.id)).status;
      const shipment = await database.handle.db
        .selectFrom('order_shipments')
        .select('fulfilment')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect([status, shipment.fulfilment]).toSatisfy(
        ([s, f]: string[]) => (s === 'refunded' && f === 'open') || (s === 'confirmed' && f === 'dispatched'),
      );
      expect(await fixtures.mailsTo(order.email)).toHaveLength(1);
    }
    // And once dispatched, an order can no longer be cancelled.
    const sent = await postageOrder();
    await fulfilment().markDispatched(ctx(), sent.reference, other.id, { trackingNumber: 'ZZ1' });
    expect(await refusal(fulfilment().cancelOrder(ctx(), sent.reference, { restock: true }))).toMatchObject({
      status: 409,
    });
  });
});
