import {
  type CheckoutSubmission,
  type CheckoutViewValue,
  PAYPAL_MIXED_DELIVERY_MESSAGE,
  PAYPAL_MULTIPLE_ADDRESSES_MESSAGE,
  PAYPAL_STORE_PICKUP_MESSAGE,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { postageSubmission, SYDNEY } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore, SMALL_PARCEL, TEST_RATE_CARD } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { PAYPAL_CARD_REJECTION_TRIGGERS } from '../payments/providers/paypal/paypal.sandbox.js';

const SYDNEY_TOO = { Line1: '9 Pitt St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' };

const submission = (overrides: Partial<CheckoutSubmission> = {}): CheckoutSubmission =>
  postageSubmission({ PaymentOption: 'PayPal', ...overrides });

/**
 * PayPal wired into the shop, over real HTTP on both databases: the shop places the order and
 * creates the PayPal order at the sandbox; the shopper approves on the sandbox's page; the accept
 * route captures and redirects; the sandbox's signed webhooks arrive at our webhook route.
 */
describe.each(testDatabaseTargets())('PayPal checkout routes on $name', (target) => {
  let sydney: number;
  let perth: number;
  let guitars: number;
  const paypal = () => `${server.sandboxUrl}/paypal`;

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      sydney = (await makeStore(db, { name: 'Sydney', state: 'NSW', postcode: '2000', pickup_disabled: 0 })).id;
      perth = (await makeStore(db, { name: 'Perth', state: 'WA', postcode: '6000', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: 'PayPal', REGION: 'AU' },
    server: { withPayments: true },
  });

  beforeAll(async () => {
    const ctx = server.ctx();
    const card = await server.services.shipping.createRateCard(ctx, TEST_RATE_CARD);
    for (const storeId of [sydney, perth])
      await server.services.shipping.setStoreSettings(ctx, { storeId, rateCardId: card });
  });

  const item = (storeId = sydney, price = 12_300) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      price_minor: price,
      disable_in_store_pickup: 0,
      ...SMALL_PARCEL,
    });

  async function shopperWith(ids: number[]) {
    const client = new TestClient(server.baseUrl);
    for (const id of ids) expect((await client.post(`/c3api/cart/add?productId=${id}`)).status).toBe(200);
    return client;
  }

  /** A shopper with one item who placed a PayPal order: the Token and TrackingNumber. */
  async function placed(body = submission()) {
    const guitar = await item();
    const client = await shopperWith([guitar.id]);
    const reply = await client.post<{ Token: string; TrackingNumber: string }>(
      '/c3api/checkout/purchase/process',
      body,
    );
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return { client, guitar, ...reply.body.Value };
  }

  /** What the shopper's browser does on PayPal's approval page. */
  async function approve(token: string, body: Record<string, unknown> = { method: 'paypal', scenario: 'SUCCESS' }) {
    const response = await fetch(`${paypal()}/checkoutnow/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ...body }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { payerID: string; returnUrl: string };
  }

  async function fault(body: Record<string, unknown>) {
    const response = await fetch(`${paypal()}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(204);
  }

  /** Navigates (no redirect following): the status and Location. */
  async function navigate(client: TestClient, path: string) {
    const response = await fetch(server.baseUrl + path, {
      redirect: 'manual',
      headers: { Cookie: client.cookieHeader(), 'X-Forwarded-For': client.address },
    });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') ?? '' };
  }

  const attemptOf = (tracking: string) =>
    database.handle.db
      .selectFrom('payment_attempts')
      .innerJoin('orders', 'orders.id', 'payment_attempts.order_id')
      .select(['payment_attempts.status as attempt', 'orders.status as order', 'provider_reference', 'orders.id'])
      .where('tracking_number', '=', tracking)
      .executeTakeFirstOrThrow();
  const productStatus = async (id: number) =>
    (await database.handle.db.selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const captures = async (token: string) => {
    const state = (await (await fetch(`${paypal()}/__sandbox/state`)).json()) as {
      requests: { path: string; method: string }[];
    };
    return state.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/orders/${token}/capture`)).length;
  };
  const captureRequestIds = async (token: string) => {
    const state = (await (await fetch(`${paypal()}/__sandbox/state`)).json()) as {
      requests: { path: string; method: string; requestId: string | null }[];
    };
    const ids = state.requests
      .filter((r) => r.method === 'POST' && r.path.endsWith(`/orders/${token}/capture`))
      .map((r) => r.requestId);
    return [...new Set(ids)];
  };
  /** Waits for the sandbox's webhook deliveries to land (they go after it answered). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('offers PayPal with pay later parameters, and refuses pickup, a mix and two addresses with the exact messages', async () => {
    const a = await item(sydney);
    const b = await item(perth);
    const client = await shopperWith([a.id, b.id]);
    const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(view.PaymentInformation.Options.map((o) => o.SystemName)).toEqual(['PayPal', 'Generic']);
    const params = Object.fromEntries(
      view.PaymentInformation.PaymentMethodParameters.map((p) => [p.Parameter, p.Value]),
    );
    expect(params).toMatchObject({
      PayLaterAmountRangeMin: '30.00',
      PayLaterAmountRangeMax: '2000.00',
      PayPalSdkUrl: `${paypal()}/sdk/js`,
    });
    expect(params.PayLaterCaption).toContain('Pay in 4');

    const refused = async (body: CheckoutSubmission) => {
      const reply = await client.post('/c3api/checkout/purchase/process', body);
      return [reply.status, reply.body.Message];
    };
    expect(
      await refused(submission({ DeliveryOption: 'StorePickup', DeliveryAddress: null, IsStorePickup: true })),
    ).toEqual([400, PAYPAL_STORE_PICKUP_MESSAGE]);
    const split = (second: typeof SYDNEY | null) =>
      submission({
        DeliveryOption: 'SplitPostage',
        DeliveryAddress: null,
        SplitPostageShipments: [
          { ShipmentId: sydney, ShippingMethodId: 'AustraliaPost', IsExpress: false, DeliveryAddress: SYDNEY },
          second
            ? { ShipmentId: perth, ShippingMethodId: 'AustraliaPost', IsExpress: false, DeliveryAddress: second }
            : { ShipmentId: perth, ShippingMethodId: 'StorePickup', IsExpress: false, DeliveryAddress: null },
        ],
      });
    expect(await refused(split(null))).toEqual([400, PAYPAL_MIXED_DELIVERY_MESSAGE]);
    expect(await refused(split(SYDNEY_TOO))).toEqual([400, PAYPAL_MULTIPLE_ADDRESSES_MESSAGE]);
    expect([await productStatus(a.id), await productStatus(b.id)]).toEqual(['available', 'available']);

    // The view says the same once the delivery is chosen (the store pickup estimate).
    const pickup = await client.post('/c3api/checkout/shipping/estimate', { SystemName: 'StorePickup' });
    expect(pickup.status).toBe(200);
    const after = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(after.PaymentInformation.Options.find((o) => o.SystemName === 'PayPal')).toMatchObject({
      Disabled: true,
      DisabledMessage: PAYPAL_STORE_PICKUP_MESSAGE,
    });
  });

  it('pays: the order carries our reference, lines and postage; accept captures once and redirects to the confirmation', async () => {
    const { client, guitar, Token, TrackingNumber } = await placed();
    expect(Token).toMatch(/\w+/);
    expect((await attemptOf(TrackingNumber)).provider_reference).toBe(Token);
    const order = (await (await fetch(`${paypal()}/__sandbox/state`)).json()) as {
      orders: {
        id: string;
        referenceId: string;
        request: { purchase_units: { items: unknown[]; amount: unknown }[] };
      }[];
    };
    const created = order.orders.find((o) => o.id === Token);
    expect(created?.referenceId).toBe(TrackingNumber);

    const approval = await approve(Token);
    expect(approval.returnUrl).toContain(`/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`);
    const back = await navigate(
      client,
      `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}&payerId=${approval.payerID}`,
    );
    expect(back.status).toBe(302);
    expect(back.location).toMatch(/^\/checkout\/confirmation\//);
    await settle();
    expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'succeeded', order: 'confirmed' });
    expect(await productStatus(guitar.id)).toBe('sold');
    // A repeat (reload, the webhook) changes nothing and goes to the same place. The browser and the
    // approval's webhook may both have asked for the capture: always with one request id, so one capture.
    const again = await navigate(client, `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`);
    expect(again.location).toBe(back.location);
    expect(await captureRequestIds(Token)).toEqual([`${TrackingNumber}:capture`]);
  });

  const declines: [Record<string, unknown>, string][] = [
    [{ method: 'paypal', scenario: 'INSTRUMENT_DECLINED' }, 'GenericAccountProblem'],
    [{ method: 'paypal', scenario: 'TRANSACTION_REFUSED' }, 'default'],
    ...Object.entries({ 'CCREJECT-IF': 'InsufficientCardFunds', 'CCREJECT-REFUSED': 'ContactCardIssuer' }).map(
      ([name, key]): [Record<string, unknown>, string] => [
        { method: 'card', card: { number: '4012 8888 8888 1881', expiry: '12/39', cvv: '123', name } },
        key,
      ],
    ),
  ];
  for (const [approval, key] of declines) {
    it(`declines (${JSON.stringify(approval).slice(0, 60)}) as ${key}: back to checkout with it, the hold released`, async () => {
      expect(PAYPAL_CARD_REJECTION_TRIGGERS).toBeDefined();
      const { client, guitar, Token, TrackingNumber } = await placed();
      await approve(Token, approval);
      const back = await navigate(client, `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`);
      expect(back).toEqual({ status: 302, location: `/checkout/?error=${key}` });
      expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'failed', order: 'cancelled' });
      expect(await productStatus(guitar.id)).toBe('available');
    });
  }

  it('cancels: nothing taken, the order cancelled and the items released; a foreign token changes nothing', async () => {
    const { client, guitar, Token, TrackingNumber } = await placed();
    const forged = await navigate(
      client,
      `/c3api/checkout/paypal/cancel?securityKey=${TrackingNumber}&payPalToken=NOTOURS`,
    );
    expect(forged).toEqual({ status: 302, location: '/checkout/' });
    expect((await attemptOf(TrackingNumber)).attempt).toBe('pending');
    const back = await navigate(
      client,
      `/c3api/checkout/paypal/cancel?securityKey=${TrackingNumber}&payPalToken=${Token}`,
    );
    expect(back).toEqual({ status: 302, location: '/checkout/' });
    expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'cancelled', order: 'cancelled' });
    expect(await productStatus(guitar.id)).toBe('available');
  });

  it('cancels an open attempt when the shopper leaves step 3; only for the shopper who placed it', async () => {
    const { client, guitar, TrackingNumber } = await placed();
    const stranger = new TestClient(server.baseUrl);
    const foreign = await stranger.post('/c3api/checkout/paypal/cancelattempt', { TrackingNumber });
    expect(foreign.status).toBe(404);
    expect((await attemptOf(TrackingNumber)).attempt).toBe('pending');
    const left = await client.post<{ Cancelled: boolean }>('/c3api/checkout/paypal/cancelattempt', { TrackingNumber });
    expect([left.status, left.body.Value]).toEqual([200, { Cancelled: true }]);
    expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'cancelled', order: 'cancelled' });
    expect(await productStatus(guitar.id)).toBe('available');
    // Again: nothing left to cancel.
    const again = await client.post<{ Cancelled: boolean }>('/c3api/checkout/paypal/cancelattempt', { TrackingNumber });
    expect(again.body.Value).toEqual({ Cancelled: false });
  });

  it("refuses tampering: another shopper's attempt, another order's token, another PayPal order's id", async () => {
    const mine = await placed();
    const theirs = await placed();
    await approve(theirs.Token);
    await settle();
    // A stranger cannot drive someone else's attempt.
    const stranger = new TestClient(server.baseUrl);
    const foreign = await navigate(stranger, `/c3api/checkout/paypal/accept?securityKey=${mine.TrackingNumber}`);
    expect(foreign.location).toBe('/checkout/?error=default');
    // My attempt with their (approved) order's token is refused, and mine is not captured.
    const swapped = await navigate(
      mine.client,
      `/c3api/checkout/paypal/accept?securityKey=${mine.TrackingNumber}&token=${theirs.Token}`,
    );
    expect(swapped.location).toBe('/checkout/?error=default');
    expect((await attemptOf(mine.TrackingNumber)).attempt).toBe('pending');
    expect(await captures(mine.Token)).toBe(0);
  });

  it("refuses a PayPal order whose amount is not the attempt's: nothing captured, by the browser or the webhook", async () => {
    const { client, Token, TrackingNumber } = await placed();
    // The stored amount no longer matches what PayPal holds (as if either side had been altered).
    await database.handle.db
      .updateTable('payment_attempts')
      .set((eb) => ({ amount_minor: eb('amount_minor', '+', 1) }))
      .where('tracking_number', '=', TrackingNumber)
      .execute();
    await approve(Token);
    await settle();
    const back = await navigate(client, `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`);
    expect(back.location).toBe('/checkout/?error=default');
    expect((await attemptOf(TrackingNumber)).attempt).toBe('pending');
    expect(await captures(Token)).toBe(0);
  });

  it('refuses a webhook that PayPal did not sign, and acts on none of it', async () => {
    const { Token, TrackingNumber } = await placed();
    const forged = await fetch(`${server.baseUrl}/c3api/checkout/paypal/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': 'x',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'AAAA',
        'paypal-cert-url': `${paypal()}/v1/notifications/certs/cert.pem`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body: JSON.stringify({
        id: 'WH-1',
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource_type: 'checkout-order',
        resource: { id: Token, status: 'APPROVED', purchase_units: [{ reference_id: TrackingNumber }] },
      }),
    });
    expect(forged.status).toBe(400);
    expect((await attemptOf(TrackingNumber)).attempt).toBe('pending');
    expect(await captures(Token)).toBe(0);
  });

  it("the webhook alone finishes it: approval's notification captures (thrice delivered, captured once)", async () => {
    const { guitar, Token, TrackingNumber } = await placed();
    await fault({ kind: 'triple-notify' });
    await approve(Token);
    for (let i = 0; i < 40 && (await attemptOf(TrackingNumber)).attempt === 'pending'; i++) await settle();
    expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'succeeded', order: 'confirmed' });
    expect(await productStatus(guitar.id)).toBe('sold');
    await settle();
    expect(await captures(Token)).toBeLessThanOrEqual(3);
    const orders = await database.handle.db
      .selectFrom('order_lines')
      .select('order_id')
      .where('product_id', '=', guitar.id)
      .where('live', '=', 1)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('browser return and notification racing give one paid order', async () => {
    const { client, guitar, Token, TrackingNumber } = await placed();
    await approve(Token);
    const [a, b] = await Promise.all([
      navigate(client, `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`),
      navigate(client, `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`),
    ]);
    expect(a.location).toMatch(/^\/checkout\/confirmation\//);
    expect(b.location).toBe(a.location);
    await settle();
    expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'succeeded', order: 'confirmed' });
    expect(await productStatus(guitar.id)).toBe('sold');
    const events = await database.handle.db
      .selectFrom('payment_attempt_events')
      .innerJoin('payment_attempts', 'payment_attempts.id', 'payment_attempt_events.attempt_id')
      .select('payment_attempt_events.detail')
      .where('tracking_number', '=', TrackingNumber)
      .execute();
    expect(events.length).toBeGreaterThan(1);
  });

  it('a capture whose answer was lost is finished by the reconciler', async () => {
    const { client, guitar, Token, TrackingNumber } = await placed();
    // PayPal's notifications cannot be verified for a while (both are refused with a 503, unbelieved).
    await fault({ kind: 'fail-next', on: 'verify', status: 503 });
    await fault({ kind: 'fail-next', on: 'verify', status: 503 });
    await approve(Token);
    await settle();
    expect((await attemptOf(TrackingNumber)).attempt).toBe('pending');
    // The browser comes back; PayPal commits the capture but its answer is lost.
    await fault({ kind: 'lose-next-response', on: 'capture' });
    const back = await navigate(client, `/c3api/checkout/paypal/accept?securityKey=${TrackingNumber}`);
    expect(back.location).toBe('/checkout/?error=GenericSystemProblem');
    await settle();
    expect((await attemptOf(TrackingNumber)).attempt).toBe('pending');
    expect(await captures(Token)).toBe(1);
    await settle();
    const ctx = server.ctx();
    // Make it due, then run the reconciler as the job does.
    await database.handle.db
      .updateTable('payment_attempts')
      .set({ updated_at: 0 })
      .where('tracking_number', '=', TrackingNumber)
      .execute();
    await server.services.paymentReconciler.run(ctx);
    expect(await attemptOf(TrackingNumber)).toMatchObject({ attempt: 'succeeded', order: 'confirmed' });
    expect(await productStatus(guitar.id)).toBe('sold');
    expect(await captures(Token)).toBeGreaterThanOrEqual(1);
  });
});
