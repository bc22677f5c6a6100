import {
  type ConsoleAuditValue,
  type ConsoleOrder,
  type ConsoleOrderListValue,
  ErrorEnvelopeSchema,
  type GstInvoiceValue,
  ID_CHECK_REQUIRED_MESSAGE,
  NO_SUCH_ITEM_MESSAGE,
  NO_SUCH_ORDER_MESSAGE,
  NO_SUCH_STORE_MESSAGE,
  type OrderDetailValue,
  PAYMENT_TAKEN_REQUIRED_MESSAGE,
  STAFF_ONLY_MESSAGE,
} from '@shop/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreRow } from '../../../db/schema.js';
import { staffAccount } from '../../../test/console-fixtures.js';
import { OrderFixtures } from '../../../test/order-fixtures.js';
import { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';
import { EWAY_TEST_CARDS } from '../../payments/providers/eway/eway.sandbox.js';

/** What staff confirm in the Mark collected dialog: the photo ID checked and (pay in store) the payment taken. */
const CHECKED = { IdChecked: true, PaymentTaken: true };

let emails = 0;
const newEmail = (tag: string) => `${tag}${++emails}.${Date.now()}@example.com`;

interface SandboxTransaction {
  TransactionID: number;
  AccessCode: string;
  TotalAmount: number;
  RefundedAmount: number;
  Refunds: { TransactionID: number; TotalAmount: number }[];
}

/**
 * The store console's fulfilment over HTTP, with the payment sandboxes
 * running: orders are paid at Eway's sandbox for real (an access code for the order's payment
 * attempt, a card posted to its shared page), so a cancelled item's partial refund is one the
 * sandbox records.
 */
describe.each(testDatabaseTargets())('the store console: fulfilment on $name', (target) => {
  let fixtures: OrderFixtures;
  let storeA: StoreRow;
  let storeB: StoreRow;
  let guest: TestClient;
  let customer: TestClient;
  let customerEmail: string;
  let staffA: TestClient;
  let staffB: TestClient;
  let staffAId: number;
  const clock = Date.now();
  const { database, server } = useTestShop(target, {
    seed: { products: 0, seed: 1 },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: 'Eway', REGION: 'AU', LOG_LEVEL: 'error' },
    server: { withPayments: true, now: () => clock },
  });

  const db = () => database.handle.db;

  const staffClient = (storeIds: number[]) => staffAccount(server, 'store_staff', storeIds, newEmail('staff'));

  beforeAll(async () => {
    fixtures = new OrderFixtures(server);
    storeA = await fixtures.store({ name: 'Ballarat', state: 'VIC' });
    storeB = await fixtures.store({ name: 'Bendigo', state: 'VIC' });
    guest = await new TestClient(server.baseUrl).visit();
    customer = new TestClient(server.baseUrl);
    customerEmail = newEmail('customer');
    await customer.register(customerEmail);
    const a = await staffClient([storeA.id]);
    staffA = a.client;
    staffAId = a.userId;
    staffB = (await staffClient([storeB.id])).client;
  });

  beforeEach(async () => {
    await fetch(`${server.sandboxUrl}/eway/__sandbox/reset`, { method: 'POST' });
  });

  const base = (storeId: number) => `/c3api/console/stores/${storeId}/orders`;
  const orderUrl = (storeId: number, reference: string) => `${base(storeId)}/${reference}`;
  const cancelUrl = (storeId: number, reference: string, code: string) =>
    `${orderUrl(storeId, reference)}/items/${code}/cancel`;
  const dispatch = (client: TestClient, storeId: number, reference: string, n = 'AP123456') =>
    client.post<ConsoleOrder>(`${orderUrl(storeId, reference)}/dispatched`, {
      Carrier: 'Sendle',
      TrackingNumber: n,
      TrackingUrl: `https://track.example/${n}`,
    });

  /** Pays the order's attempt at Eway's sandbox, as its shared page would: the money really moved there. */
  async function paidAtEway(order: { id: number; reference: string; email: string }): Promise<string> {
    const ctx = server.ctx();
    const [attempt] = await server.services.payments.attemptsFor(ctx, order.id);
    if (!attempt) throw new Error('no attempt');
    const started = await server.services.payments.provider('Eway').start(ctx, {
      trackingNumber: attempt.tracking_number,
      orderReference: order.reference,
      amountMinor: attempt.amount_minor,
      currency: attempt.currency,
      customer: { email: order.email, firstName: 'Pat', lastName: 'Shopper', phone: '0412 345 678' },
      returnUrl: 'https://shop.example/return',
      cancelUrl: 'https://shop.example/cancel',
    });
    if (started.kind !== 'page-data' || !started.providerReference) throw new Error('no access code');
    const code = started.providerReference;
    const response = await fetch(`${server.sandboxUrl}/eway/AccessCode/${encodeURIComponent(code)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        EWAY_CARDNAME: 'Pat Shopper',
        EWAY_CARDNUMBER: EWAY_TEST_CARDS.visa,
        EWAY_CARDEXPIRYMONTH: '12',
        EWAY_CARDEXPIRYYEAR: String(new Date().getFullYear() + 2),
        EWAY_CARDCVN: '123',
      }),
    });
    expect(((await response.json()) as { Result: string }).Result).toBe('Complete');
    return code;
  }

  /** What Eway's sandbox holds for the payment made with this access code. */
  async function ewayPayment(code: string): Promise<SandboxTransaction> {
    const records = (await (await fetch(`${server.sandboxUrl}/eway/__sandbox/records`)).json()) as {
      transactions: SandboxTransaction[];
    };
    const found = records.transactions.find((t) => t.AccessCode === code);
    if (!found) throw new Error(`no sandbox payment for ${code}`);
    return found;
  }

  const postageOrder = async (prices: number[], extra: { userId?: number; paymentOption?: 'Generic' } = {}) =>
    fixtures.order({
      ...extra,
      shipments: [{ store: storeA, method: 'postage', postageMinor: 1000, items: prices.map((price) => ({ price })) }],
    });
  const pickupOrder = async (paymentOption: 'Generic' | 'Eway' = 'Generic') =>
    fixtures.order({
      paymentOption,
      shipments: [{ store: storeA, method: 'pickup', items: [{ price: 12_000 }, { price: 3_000 }] }],
    });
  const shipmentRow = (orderId: number) =>
    db().selectFrom('order_shipments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const codes = async (orderId: number) => (await fixtures.lines(orderId)).map((l) => l.code);
  const productByCode = (code: string) =>
    db().selectFrom('products').select('status').where('code', '=', code).executeTakeFirstOrThrow();

  it('answers guests 401, customers 403 and staff of another store 404 on every call, changing nothing', async () => {
    const order = await fixtures.order({
      paymentOption: 'Generic',
      shipments: [
        { store: storeA, method: 'pickup', items: [{ price: 5000 }] },
        { store: storeB, method: 'postage', postageMinor: 900, items: [{ price: 7000 }] },
      ],
    });
    const [codeA, codeB] = await codes(order.id);
    const calls = (storeId: number, reference: string, code: string) =>
      [
        ['GET', base(storeId), undefined],
        ['GET', orderUrl(storeId, reference), undefined],
        ['POST', `${orderUrl(storeId, reference)}/ready`, {}],
        ['POST', `${orderUrl(storeId, reference)}/collected`, CHECKED],
        ['POST', `${orderUrl(storeId, reference)}/dispatched`, { TrackingNumber: 'X1' }],
        ['POST', cancelUrl(storeId, reference, code), { Restock: true }],
        ['GET', `/c3api/console/stores/${storeId}/audit`, undefined],
      ] as const;
    const call = (client: TestClient, [method, url, body]: readonly [string, string, unknown]) =>
      method === 'GET' ? client.get(url) : client.post(url, body);

    for (const spec of calls(storeA.id, order.reference, codeA as string)) {
      expect((await call(guest, spec)).status, `guest ${spec[1]}`).toBe(401);
      const reply = await call(customer, spec);
      expect(reply.status, `customer ${spec[1]}`).toBe(403);
      expect(reply.body.Message).toBe(STAFF_ONLY_MESSAGE);
      // Staff of B asking under store A: the same 404 as a store that does not exist.
      const foreign = await call(staffB, spec);
      expect(foreign.status, `staff B ${spec[1]}`).toBe(404);
      expect(foreign.body.Message).toBe(NO_SUCH_STORE_MESSAGE);
    }
    // Under their own store B: A's item of a shared order is no item of theirs.
    const foreignItem = await staffB.post(cancelUrl(storeB.id, order.reference, codeA as string), {});
    expect(foreignItem.status).toBe(404);
    expect(foreignItem.body.Message).toBe(NO_SUCH_ITEM_MESSAGE);
    // An order with nothing from store B is, to B's staff, the same 404 as an order that does not exist.
    const onlyA = await pickupOrder();
    for (const spec of calls(storeB.id, onlyA.reference, codeB as string).slice(1, 6)) {
      const reply = await call(staffB, spec);
      expect(reply.status, `staff B ${spec[1]}`).toBe(404);
      expect(reply.body.Message).toBe(NO_SUCH_ORDER_MESSAGE);
      const missing = await call(staffB, [spec[0], spec[1].replace(onlyA.reference, 'ORD-0000-0000-0000'), spec[2]]);
      expect(missing.status).toBe(404);
      expect(missing.body.Message).toBe(NO_SUCH_ORDER_MESSAGE);
    }
    // B's own view of the shared order holds B's item only.
    const mine = await staffB.get<ConsoleOrder>(orderUrl(storeB.id, order.reference));
    expect(mine.status).toBe(200);
    expect(mine.body.Value.Lines.map((l) => l.Code)).toEqual([codeB]);
    // Nothing moved, nobody was e-mailed, nothing was audited.
    expect((await shipmentRow(order.id)).map((s) => s.fulfilment)).toEqual(['open', 'open']);
    expect((await shipmentRow(onlyA.id)).map((s) => s.fulfilment)).toEqual(['open']);
    expect(await fixtures.mailsTo(order.email)).toHaveLength(0);
    expect((await fixtures.lines(order.id)).map((l) => l.cancelled_at)).toEqual([null, null]);
  });

  it("lists the store's open orders with their items, the shopper, the address, the totals and what to do next; by state, paged", async () => {
    const local = await fixtures.store({ name: 'Castlemaine', state: 'VIC' });
    const staff = (await staffClient([local.id])).client;
    const parcel = await fixtures.order({
      paymentOption: 'Eway',
      firstName: 'Robin',
      shipments: [
        { store: local, method: 'postage', postageMinor: 1200, items: [{ price: 4000 }, { price: 2500 }] },
        { store: storeB, method: 'pickup', items: [{ price: 9900 }] },
      ],
    });
    const pickup = await fixtures.order({
      paymentOption: 'Generic',
      shipments: [{ store: local, method: 'pickup', items: [{ price: 3000 }] }],
    });
    const list = await staff.get<ConsoleOrderListValue>(base(local.id));
    expect(list.status).toBe(200);
    expect(list.body.Value.TotalCount).toBe(2);
    // To do: oldest first.
    const [first, second] = list.body.Value.Orders;
    expect(first?.Reference).toBe(parcel.reference);
    expect(second?.Reference).toBe(pickup.reference);
    expect(first).toMatchObject({
      State: 'open',
      Method: 'postage',
      Service: 'Regular',
      Actions: ['dispatch', 'cancel-item'],
      NextStep: 'Pack the items and dispatch them with a tracking number',
      Customer: { Name: 'Robin Shopper', Email: parcel.email, Phone: '0412 345 678' },
      Address: { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
      Payment: { Option: 'Eway', PaidOnline: true, PaidInStore: null },
      Totals: { ItemsMinor: 6500, PostageMinor: 1200, TotalMinor: 7700, Total: '$77.00', RefundedMinor: 0 },
    });
    // Its own items only: store B's pickup of the same order is not listed.
    expect(first?.Lines.map((l) => [l.PriceMinor, l.Cancelled, l.CanCancel])).toEqual([
      [4000, false, true],
      [2500, false, true],
    ]);
    expect(second).toMatchObject({ State: 'open', Method: 'pickup', Actions: ['ready', 'collect', 'cancel-item'] });

    const paged = await staff.get<ConsoleOrderListValue>(`${base(local.id)}?pageSize=1&page=2`);
    expect(paged.body.Value).toMatchObject({ TotalCount: 2, Page: 2, PageSize: 1 });
    expect(paged.body.Value.Orders.map((o) => o.Reference)).toEqual([pickup.reference]);

    expect((await staff.post(`${orderUrl(local.id, pickup.reference)}/ready`, {})).status).toBe(200);
    const ready = await staff.get<ConsoleOrderListValue>(`${base(local.id)}?status=ready`);
    expect(ready.body.Value.Orders.map((o) => o.Reference)).toEqual([pickup.reference]);
    expect(ready.body.Value.Orders[0]?.NextStep).toBe(
      'Hand the items over when the shopper comes, take $30.00, and mark them collected',
    );
    // 'open' keeps the ready pickup (it still waits for the shopper).
    expect((await staff.get<ConsoleOrderListValue>(base(local.id))).body.Value.TotalCount).toBe(2);
    expect((await dispatch(staff, local.id, parcel.reference)).status).toBe(200);
    const dispatched = await staff.get<ConsoleOrderListValue>(`${base(local.id)}?status=dispatched`);
    expect(dispatched.body.Value.Orders.map((o) => [o.Reference, o.State, o.Actions])).toEqual([
      [parcel.reference, 'dispatched', []],
    ]);
    expect((await staff.get<ConsoleOrderListValue>(base(local.id))).body.Value.TotalCount).toBe(1);
    expect((await staff.get<ConsoleOrderListValue>(`${base(local.id)}?status=all`)).body.Value.TotalCount).toBe(2);
    expect((await staff.get(`${base(local.id)}?status=lost`)).status).toBe(400);
  });

  it("dispatches with carrier, tracking number and link: one e-mail, a repeat answers the same, and the shopper's order detail shows it", async () => {
    const userId = await fixtures.userIdOf(customerEmail);
    const order = await postageOrder([6000], { userId });
    const first = await dispatch(staffA, storeA.id, order.reference, 'AP111');
    expect(first.status, first.body.Message ?? '').toBe(200);
    expect(first.body.Value).toMatchObject({
      State: 'dispatched',
      Carrier: 'Sendle',
      TrackingNumber: 'AP111',
      TrackingUrl: 'https://track.example/AP111',
      Actions: [],
    });
    expect(first.body.Value.DispatchedAt).not.toBeNull();
    // The same again, or with other details, changes nothing and sends nothing.
    const again = await dispatch(staffA, storeA.id, order.reference.toLowerCase(), 'ZZ999');
    expect(again.status).toBe(200);
    expect(again.body.Value).toEqual(first.body.Value);
    const mails = await fixtures.mailsTo(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your order ${order.reference} is on its way from Ballarat`);
    expect(mails[0]?.text_body).toContain('with Sendle:');
    expect(mails[0]?.text_body).toContain('Track your parcel: https://track.example/AP111');

    const detail = await customer.get<OrderDetailValue>(`/c3api/account/orders/${order.reference}`);
    expect(detail.status).toBe(200);
    expect(detail.body.Value.summary.status).toBe('Dispatched');
    expect(detail.body.Value.stores[0]?.shippingDetails).toMatchObject({
      dispatchedDate: first.body.Value.DispatchedAt,
      trackingNumber: 'AP111',
      trackingUrl: 'https://track.example/AP111',
      fulfilment: 'dispatched',
    });

    const audit = await staffA.get<ConsoleAuditValue>(`/c3api/console/stores/${storeA.id}/audit`);
    const entries = audit.body.Value.Entries.filter((e) => e.OrderReference === order.reference);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      UserId: staffAId,
      Action: 'order.dispatch',
      ItemCode: null,
      Detail: { carrier: 'Sendle', trackingNumber: 'AP111', trackingUrl: 'https://track.example/AP111' },
    });
    // Bad details are 400 with the field named, and change nothing.
    const other = await postageOrder([1000]);
    const bad = await staffA.post(`${orderUrl(storeA.id, other.reference)}/dispatched`, {
      TrackingNumber: 'AB1',
      TrackingUrl: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toContain('TrackingUrl');
    expect((await shipmentRow(other.id))[0]?.fulfilment).toBe('open');
  });

  it('a pay-in-store pickup: ready (one e-mail), then collected with the payment taken recorded; repeats change nothing', async () => {
    const order = await pickupOrder('Generic');
    const ready = await staffA.post<ConsoleOrder>(`${orderUrl(storeA.id, order.reference)}/ready`, {});
    expect(ready.status).toBe(200);
    expect(ready.body.Value).toMatchObject({ State: 'ready', Actions: ['collect', 'cancel-item'] });
    expect((await staffA.post(`${orderUrl(storeA.id, order.reference)}/ready`, {})).body.Value).toEqual(
      ready.body.Value,
    );
    expect(await fixtures.mailsTo(order.email)).toHaveLength(1);

    // Not without the ID check, nor (paid in store) without the payment taken: 400 naming the field.
    const refusals: [unknown, string, string][] = [
      [{}, 'IdChecked', ID_CHECK_REQUIRED_MESSAGE],
      [{ IdChecked: false, PaymentTaken: true }, 'IdChecked', ID_CHECK_REQUIRED_MESSAGE],
      [{ IdChecked: true }, 'PaymentTaken', PAYMENT_TAKEN_REQUIRED_MESSAGE],
      [{ IdChecked: true, PaymentTaken: false }, 'PaymentTaken', PAYMENT_TAKEN_REQUIRED_MESSAGE],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await staffA.post(`${orderUrl(storeA.id, order.reference)}/collected`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(ErrorEnvelopeSchema.parse(refused.body).FieldErrors).toEqual([{ Field: field, Message: message }]);
    }
    expect((await staffA.post(`${orderUrl(storeA.id, order.reference)}/collected`)).status).toBe(400);
    expect((await staffA.get<ConsoleOrder>(orderUrl(storeA.id, order.reference))).body.Value.State).toBe('ready');

    const collected = await staffA.post<ConsoleOrder>(`${orderUrl(storeA.id, order.reference)}/collected`, CHECKED);
    expect(collected.status).toBe(200);
    expect(collected.body.Value).toMatchObject({
      State: 'collected',
      Actions: [],
      Payment: { Option: 'Generic', PaidOnline: false, PaidInStoreMinor: 15_000, PaidInStore: '$150.00' },
    });
    expect(collected.body.Value.Payment.PaidInStoreAt).toBe(collected.body.Value.CollectedAt);
    const again = await staffA.post<ConsoleOrder>(`${orderUrl(storeA.id, order.reference)}/collected`, CHECKED);
    expect(again.body.Value).toEqual(collected.body.Value);
    // The items were paid for at the counter: sold.
    for (const code of await codes(order.id)) expect((await productByCode(code)).status).toBe('sold');
    expect(await fixtures.mailsTo(order.email)).toHaveLength(1);
    const actions = (
      await staffA.get<ConsoleAuditValue>(`/c3api/console/stores/${storeA.id}/audit`)
    ).body.Value.Entries.filter((e) => e.OrderReference === order.reference).map((e) => e.Action);
    expect(actions).toEqual(['order.collect', 'order.ready']);
  });

  it('a pickup paid online: collected once the ID check is confirmed (no payment to confirm)', async () => {
    const order = await pickupOrder('Eway');
    const url = `${orderUrl(storeA.id, order.reference)}/collected`;
    const refused = await staffA.post(url, { PaymentTaken: true });
    expect(refused.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(refused.body).FieldErrors?.map((f) => f.Field)).toEqual(['IdChecked']);
    const collected = await staffA.post<ConsoleOrder>(url, { IdChecked: true });
    expect(collected.status, collected.body.Message ?? '').toBe(200);
    expect(collected.body.Value).toMatchObject({
      State: 'collected',
      Payment: { PaidOnline: true, PaidInStore: null },
    });
  });

  it('refuses impossible moves with 409 and changes nothing', async () => {
    const pickup = await pickupOrder('Generic');
    const parcel = await postageOrder([2000]);
    const refusedWith = async (url: string, body: unknown, message: string) => {
      const reply = await staffA.post(url, body);
      expect(reply.status, url).toBe(409);
      expect(reply.body.Message).toBe(message);
    };
    await refusedWith(
      `${orderUrl(storeA.id, pickup.reference)}/dispatched`,
      { TrackingNumber: 'X1' },
      `Order ${pickup.reference}: These items cannot be dispatched: they are collected in store, not posted`,
    );
    await refusedWith(
      `${orderUrl(storeA.id, parcel.reference)}/ready`,
      {},
      `Order ${parcel.reference}: These items cannot be marked ready for pickup: they are posted, not collected in store`,
    );
    await refusedWith(
      `${orderUrl(storeA.id, parcel.reference)}/collected`,
      CHECKED,
      `Order ${parcel.reference}: These items cannot be marked collected: they are posted, not collected in store`,
    );
    expect((await staffA.post(`${orderUrl(storeA.id, pickup.reference)}/collected`, CHECKED)).status).toBe(200);
    const [pickupCode] = await codes(pickup.id);
    await refusedWith(
      cancelUrl(storeA.id, pickup.reference, pickupCode as string),
      {},
      'This item cannot be cancelled: it has been collected',
    );
    await refusedWith(
      `${orderUrl(storeA.id, pickup.reference)}/ready`,
      {},
      `Order ${pickup.reference}: These items cannot be marked ready for pickup: they have been collected`,
    );
    // A parcel whose only item was cancelled cannot be dispatched.
    const [parcelCode] = await codes(parcel.id);
    const cancelled = await staffA.post<ConsoleOrder>(cancelUrl(storeA.id, parcel.reference, parcelCode as string), {});
    expect(cancelled.status).toBe(200);
    // This order's payment never reached Eway's sandbox, so the refund failed: the store is told.
    expect(cancelled.body.Value.Lines.map((l) => [l.RefundMinor, l.RefundFailed])).toEqual([[3000, true]]);
    expect(
      (
        await staffA.get<ConsoleOrderListValue>(`${base(storeA.id)}?status=cancelled&pageSize=100`)
      ).body.Value.Orders.find((o) => o.Reference === parcel.reference)?.Lines[0]?.RefundFailed,
    ).toBe(true);
    const before = await shipmentRow(parcel.id);
    const mailsBefore = (await fixtures.mailsTo(parcel.email)).length;
    const refused = await dispatch(staffA, storeA.id, parcel.reference);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(`Order ${parcel.reference} is refunded: nothing can be sent or collected`);
    expect(await shipmentRow(parcel.id)).toEqual(before);
    expect(await fixtures.mailsTo(parcel.email)).toHaveLength(mailsBefore);
  });

  it('cancels one item with a partial refund the sandbox records, once; the last item refunds the postage too and ends the order refunded', async () => {
    const userId = await fixtures.userIdOf(customerEmail);
    const order = await postageOrder([4000, 2500], { userId });
    const accessCode = await paidAtEway(order);
    const [first, second] = await codes(order.id);

    const cancelled = await staffA.post<ConsoleOrder>(cancelUrl(storeA.id, order.reference, first as string), {});
    expect(cancelled.status, cancelled.body.Message ?? '').toBe(200);
    expect(cancelled.body.Value.Lines.map((l) => [l.Code, l.Cancelled, l.RefundMinor, l.RefundFailed])).toEqual([
      [first, true, 4000, false],
      [second, false, null, false],
    ]);
    expect(cancelled.body.Value).toMatchObject({
      State: 'open',
      Totals: { ItemsMinor: 2500, PostageMinor: 1000, TotalMinor: 3500, RefundedMinor: 4000, Refunded: '$40.00' },
    });
    expect((await ewayPayment(accessCode)).Refunds.map((r) => r.TotalAmount)).toEqual([4000]);
    // Back on sale (the default), and the order's total follows.
    expect((await productByCode(first as string)).status).toBe('available');
    expect((await fixtures.orderRow(order.id)).total_minor).toBe(3500);
    const detail = await customer.get<OrderDetailValue>(`/c3api/account/orders/${order.reference}`);
    expect(detail.body.Value.summary).toMatchObject({ price: '$35.00', status: 'Processing' });
    // The tax invoice sells what is left: the other item, carrying the whole postage.
    const invoice = await customer.get<GstInvoiceValue>(`/c3api/invoice?id=${order.reference}`);
    expect(invoice.status, invoice.body.Message ?? '').toBe(200);
    const [store] = invoice.body.Value.StoreInvoiceDetails;
    expect(store?.Items.map((i) => i.Code)).toEqual([second]);
    expect(store).toMatchObject({ PostageTotal: 1000, TotalIncludingTax: 3500 });

    // The same again: the same answer, no second refund, no second e-mail.
    const again = await staffA.post<ConsoleOrder>(cancelUrl(storeA.id, order.reference, first as string), {});
    expect(again.status).toBe(200);
    expect(again.body.Value).toEqual(cancelled.body.Value);
    expect((await ewayPayment(accessCode)).Refunds).toHaveLength(1);
    const mails = await fixtures.mailsTo(order.email);
    expect(mails.map((m) => m.subject)).toEqual([`An item of your order ${order.reference} has been cancelled`]);
    expect(mails[0]?.text_body).toContain('We are refunding $40.00');

    // The last item, kept off sale: its price and the shipment's postage come back; the order is refunded.
    const last = await staffA.post<ConsoleOrder>(cancelUrl(storeA.id, order.reference, second as string), {
      Restock: false,
    });
    expect(last.status).toBe(200);
    expect(last.body.Value).toMatchObject({
      State: 'cancelled',
      Actions: [],
      Totals: { TotalMinor: 0, RefundedMinor: 7500 },
    });
    const payment = await ewayPayment(accessCode);
    expect(payment.Refunds.map((r) => r.TotalAmount)).toEqual([4000, 3500]);
    expect(payment.RefundedAmount).toBe(payment.TotalAmount);
    expect((await productByCode(second as string)).status).toBe('sold');
    expect((await fixtures.orderRow(order.id)).status).toBe('refunded');
    const attempt = await db()
      .selectFrom('payment_attempts')
      .select('status')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(attempt.status).toBe('refunded');
    const refunds = await db()
      .selectFrom('payment_attempt_events')
      .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_attempt_events.attempt_id')
      .select('payment_attempt_events.detail')
      .where('payment_attempts.order_id', '=', order.id)
      .where('payment_attempt_events.kind', '=', 'refund')
      .execute();
    expect(refunds.map((r) => JSON.parse(r.detail).amountMinor)).toEqual([4000, 3500]);
    const audit = (await staffA.get<ConsoleAuditValue>(`/c3api/console/stores/${storeA.id}/audit`)).body.Value;
    expect(
      audit.Entries.filter((e) => e.OrderReference === order.reference).map((e) => [
        e.Action,
        e.ItemCode,
        e.Detail.refundMinor,
        e.Detail.restock,
      ]),
    ).toEqual([
      ['order.cancel-item', second, 3500, false],
      ['order.cancel-item', first, 4000, true],
    ]);
  });

  it('dispatch and cancel of one item at once: exactly one wins, the other is 409, and there is at most one refund', async () => {
    for (let round = 0; round < 6; round++) {
      const order = await postageOrder([3000]);
      const accessCode = await paidAtEway(order);
      const [code] = await codes(order.id);
      const calls = [
        () => dispatch(staffA, storeA.id, order.reference, `R${round}`),
        () => staffA.post<ConsoleOrder>(cancelUrl(storeA.id, order.reference, code as string), {}),
      ] as const;
      // Each goes first in turn, so either can win.
      const [dispatched, cancelled] =
        round % 2 === 0
          ? await Promise.all([calls[0](), calls[1]()])
          : await Promise.all([calls[1](), calls[0]()]).then(([c, d]) => [d, c] as const);
      expect([dispatched.status, cancelled.status].sort(), `round ${round}`).toEqual([200, 409]);
      const [shipment] = await shipmentRow(order.id);
      const refunds = (await ewayPayment(accessCode)).Refunds;
      const [line] = await fixtures.lines(order.id);
      if (dispatched.status === 200) {
        expect(shipment?.fulfilment).toBe('dispatched');
        expect(line?.cancelled_at).toBeNull();
        expect(refunds).toHaveLength(0);
        expect((await fixtures.orderRow(order.id)).status).toBe('confirmed');
      } else {
        expect(shipment?.fulfilment).toBe('cancelled');
        expect(shipment?.tracking_number).toBeNull();
        expect(refunds.map((r) => r.TotalAmount)).toEqual([4000]);
        expect((await fixtures.orderRow(order.id)).status).toBe('refunded');
      }
      expect(await fixtures.mailsTo(order.email)).toHaveLength(1);
    }
  });

  it('lists the audit trail newest first, paged, with the stock changes too', async () => {
    const item = await db()
      .selectFrom('products')
      .select('code')
      .where('store_id', '=', storeA.id)
      .where('status', '=', 'available')
      .executeTakeFirst();
    const code =
      item?.code ??
      (
        await staffA.post<{ Code: string }>(`/c3api/console/stores/${storeA.id}/items`, {
          Title: 'A small amp',
          CategoryId: (await db().selectFrom('categories').select('id').executeTakeFirstOrThrow()).id,
          Condition: 3,
          PriceMinor: 5000,
          WeightGrams: 1000,
          LengthCm: 10,
          WidthCm: 10,
          HeightCm: 10,
          Postable: true,
        })
      ).body.Value.Code;
    expect(
      (await staffA.post(`/c3api/console/stores/${storeA.id}/items/${code}/price`, { PriceMinor: 4321 })).status,
    ).toBe(200);
    const page = await staffA.get<ConsoleAuditValue>(`/c3api/console/stores/${storeA.id}/audit?pageSize=2`);
    expect(page.status).toBe(200);
    expect(page.body.Value.Entries).toHaveLength(2);
    expect(page.body.Value.Entries[0]).toMatchObject({ Action: 'item.price', ItemCode: code, UserId: staffAId });
    expect(page.body.Value.Entries[0]?.Detail.toMinor).toBe(4321);
    const all = await staffA.get<ConsoleAuditValue>(`/c3api/console/stores/${storeA.id}/audit?pageSize=100`);
    const times = all.body.Value.Entries.map((e) => e.At);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.Value.TotalCount).toBe(all.body.Value.Entries.length);
    // Another store's trail holds none of A's actions.
    const other = await staffB.get<ConsoleAuditValue>(`/c3api/console/stores/${storeB.id}/audit`);
    expect(other.body.Value.Entries.some((e) => e.UserId === staffAId)).toBe(false);
  });
});
