import {
  type CheckoutSubmission,
  GLOBALPAY_ERROR_MESSAGES,
  type GlobalPayPageData,
  PAYMENT_RECEIVED_PATH,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { responseHash } from '../payments/providers/globalpay/globalpay.protocol.js';
import { GLOBALPAY_SETTLE_JOB, runGlobalPaySettle } from '../payments/providers/globalpay/globalpay.settlement.js';

/** The shared secret globalpay.setup.ts gives the adapter and the sandbox. */
const SANDBOX_SECRET = 'sandbox-shared-secret';

const MINUTE = 60 * 1000;
const CARDS = {
  ok: '4263970000005262',
  declined: '4000126842489127',
  referralB: '4000136842489878',
  comms: '4009837983422344',
};

const submission = (): CheckoutSubmission => ({
  PaymentOption: 'GlobalPay',
  DeliveryOption: 'StorePickup',
  CustomerDetails: {
    EmailAddress: 'jo@example.co.uk',
    FirstName: 'Josephine-Alexandra',
    LastName: 'Bloggs-Worthington-Smythe',
    PhoneNumber: '07911 123 456',
    Consent: false,
  },
  BillingAddress: { Line1: '221B Baker Street', Suburb: 'London', State: 'Greater London', PostCode: 'NW1 6XE' },
  IsStorePickup: true,
});

/** What the frame's page tells our page (the JSON text merchantResponsePage posts). */
const frameMessage = (html: string) => {
  const match = /postMessage\((".*?"),/.exec(html);
  return match?.[1]
    ? (JSON.parse(JSON.parse(match[1]) as string) as { confirmationUrl?: string; error?: string })
    : null;
};

/**
 * GlobalPay wired into the shop, over real HTTP: the process reply's GlobalPayPayload is posted to the sandbox's
 * HPP as the page's form would, the card page is submitted, the sandbox posts the signed result to our response
 * URL, and the frame shows our answer. Both databases.
 */
describe.each(testDatabaseTargets())('GlobalPay HPP through the sandbox on $name', (target) => {
  let clock = Date.now();
  let storeId: number;
  let guitars: number;
  const db = () => database.handle.db;

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (
        await makeStore(db(), {
          name: 'Camden',
          region: 'UK',
          state: 'Greater London',
          postcode: 'NW1 8AA',
          pickup_disabled: 0,
        })
      ).id;
      guitars = await categoryIdBySlug(db(), 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: 'GlobalPay', REGION: 'UK' },
    server: { withPayments: true, now: () => clock },
  });

  const sandbox = () => `${server.sandboxUrl}/globalpay`;
  const statusOf = async (id: number) =>
    (await db().selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const attemptOf = (tracking: string) =>
    db().selectFrom('payment_attempts').selectAll().where('tracking_number', '=', tracking).executeTakeFirstOrThrow();
  const orderStatus = async (tracking: string) =>
    (
      await db()
        .selectFrom('orders')
        .select('status')
        .where('id', '=', (await attemptOf(tracking)).order_id)
        .executeTakeFirstOrThrow()
    ).status;
  const mails = async (tracking: string) => {
    const order = await db()
      .selectFrom('orders')
      .select('reference')
      .where('id', '=', (await attemptOf(tracking)).order_id)
      .executeTakeFirstOrThrow();
    return (
      await db().selectFrom('mail_outbox').select('id').where('subject', 'like', `%${order.reference}%`).execute()
    ).length;
  };
  const fault = (body: Record<string, string>) =>
    fetch(`${sandbox()}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const records = async () =>
    (await (await fetch(`${sandbox()}/__sandbox/records`)).json()) as {
      transactions: { orderId: string; status: string }[];
      notifications: { orderId: string; status: number }[];
    };

  async function placed() {
    const guitar = await makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: 12_345,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    const reply = await client.post<GlobalPayPageData>('/c3api/checkout/purchase/process', submission());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return { guitar, client, value: reply.body.Value, tracking: reply.body.Value.TrackingNumber };
  }

  /** The shopper's browser: the page's form posted into the frame, then the card page's form. */
  async function pay(value: GlobalPayPageData, card: string, fields?: Record<string, string>) {
    const payload = value.GlobalPayPayload;
    const page = await fetch(payload.GlobalPayActionUrl, {
      method: 'POST',
      body: new URLSearchParams(fields ?? payload.FormFields),
    });
    const html = await page.text();
    const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
    if (!session) return html;
    const submitted = await fetch(`${sandbox()}/pay/submit`, {
      method: 'POST',
      body: new URLSearchParams({ session, pas_ccnum: card, pas_expiry: '12/39', pas_cvn: '123', method: 'card' }),
    });
    return submitted.text();
  }

  async function settleJobs(tracking: string) {
    const jobs = await db()
      .selectFrom('jobs')
      .select(['payload'])
      .where('type', '=', GLOBALPAY_SETTLE_JOB)
      .where('key', '=', `${GLOBALPAY_SETTLE_JOB}:${tracking}`)
      .execute();
    for (const job of jobs) await runGlobalPaySettle(server.ctx(), server.services, JSON.parse(job.payload));
    return jobs.length;
  }

  it("answers the spec's GlobalPayPayload, signed for the sandbox's HPP", async () => {
    const { value, tracking } = await placed();
    const p = value.GlobalPayPayload;
    expect(p.GlobalPayActionUrl).toBe(`${sandbox()}/pay`);
    expect(p.TrackingNumber).toBe(tracking);
    expect(p.Amount).toBe('12345');
    expect(p.Currency).toBe('GBP');
    expect(p.ISORegionName).toBe('GB');
    expect(p.PaymentProcessingEndpoint).toBe(`${server.baseUrl}/c3api/checkout/globalpay/response`);
    expect(p.PayPalDisabled).toBe(true); // store pickup
    const f = p.FormFields;
    expect(f).toMatchObject({
      ORDER_ID: tracking,
      AUTO_SETTLE_FLAG: '0',
      HPP_VERSION: '2',
      HPP_CHANNEL: 'ECOM',
      HPP_BILLING_COUNTRY: '826',
      HPP_BILLING_POSTALCODE: 'NW1 6XE',
      BILLING_CODE: '16|221',
      HPP_CUSTOMER_FIRSTNAME: 'Josephine-Ale',
      HPP_CUSTOMER_LASTNAME: 'Bloggs-Worthington',
      PM_METHODS: 'cards',
    });
    expect(f.HPP_CUSTOMER_PHONENUMBER_MOBILE).not.toContain(' ');
    expect((await attemptOf(tracking)).provider_reference).toBe(tracking);
  });

  it('pays: the frame says so, the order is confirmed once, the page gets the confirmation URL, then the payment is settled', async () => {
    const { guitar, client, value, tracking } = await placed();
    const message = frameMessage(await pay(value, CARDS.ok));
    expect(message?.confirmationUrl).toBe(PAYMENT_RECEIVED_PATH);
    expect([(await attemptOf(tracking)).status, await orderStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'succeeded',
      'confirmed',
      'sold',
    ]);
    const validated = await client.post<{ ConfirmationUrl: string }>('/c3api/checkout/globalpay/validate', {
      TrackingNumber: tracking,
    });
    expect(validated.body.Value).toEqual({
      ConfirmationUrl: expect.stringMatching(/^\/checkout\/confirmation\/ORD-[0-9A-Z-]+\?key=/),
      ErrorMessage: null,
    });
    expect(await mails(tracking)).toBe(2);
    // Auto-settle is off: the settlement job settles it, and again does nothing twice.
    expect((await records()).transactions.find((t) => t.orderId === tracking)?.status).toBe('authorised');
    expect(await settleJobs(tracking)).toBe(1);
    await settleJobs(tracking);
    expect((await records()).transactions.find((t) => t.orderId === tracking)?.status).toBe('settled');
  });

  it.each([
    ['declined', CARDS.declined, 'GenericAccountProblem'],
    ['referral B', CARDS.referralB, 'ContactCardIssuer'],
    ['bank comms', CARDS.comms, 'GenericSystemProblem'],
  ] as const)('a %s card shows its error key and frees the item', async (_name, card, key) => {
    const { guitar, client, value, tracking } = await placed();
    expect(frameMessage(await pay(value, card))).toEqual({ error: key });
    expect([(await attemptOf(tracking)).status, await orderStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'failed',
      'cancelled',
      'available',
    ]);
    const validated = await client.post('/c3api/checkout/globalpay/validate', { TrackingNumber: tracking });
    expect(validated.body.Value).toEqual({ ConfirmationUrl: null, ErrorMessage: GLOBALPAY_ERROR_MESSAGES[key] });
  });

  it('cancels: the order is cancelled and the item freed; only the shopper who placed it may', async () => {
    const { guitar, client, tracking } = await placed();
    const stranger = new TestClient(server.baseUrl);
    expect((await stranger.post('/c3api/checkout/globalpay/cancel', { TrackingNumber: tracking })).status).toBe(404);
    const reply = await client.post('/c3api/checkout/globalpay/cancel', { TrackingNumber: tracking });
    expect(reply.body.Value).toEqual({ Status: 'cancelled', ConfirmationUrl: null });
    expect([(await attemptOf(tracking)).status, await statusOf(guitar.id)]).toEqual(['cancelled', 'available']);
    // Again: harmless.
    expect((await client.post('/c3api/checkout/globalpay/cancel', { TrackingNumber: tracking })).status).toBe(200);
  });

  /** The shopper cancels on our page while the frame's form is still submitted: Global Payments authorises after the cancel. */
  async function authorisedAfterCancel(beforeSubmit: (guitarId: number) => Promise<void> = async () => {}) {
    const { guitar, client, value, tracking } = await placed();
    const payload = value.GlobalPayPayload;
    const page = await (
      await fetch(payload.GlobalPayActionUrl, { method: 'POST', body: new URLSearchParams(payload.FormFields) })
    ).text();
    const session = /name="session" value="([^"]+)"/.exec(page)?.[1] ?? '';
    await client.post('/c3api/checkout/globalpay/cancel', { TrackingNumber: tracking });
    expect([(await attemptOf(tracking)).status, await statusOf(guitar.id)]).toEqual(['cancelled', 'available']);
    await beforeSubmit(guitar.id);
    const html = await (
      await fetch(`${sandbox()}/pay/submit`, {
        method: 'POST',
        body: new URLSearchParams({ session, pas_ccnum: CARDS.ok, pas_expiry: '12/39', pas_cvn: '123' }),
      })
    ).text();
    return { guitar, tracking, message: frameMessage(html) };
  }

  it('keeps the order of a payment authorised after the shopper cancelled when its item is still free (the payment stands)', async () => {
    const { guitar, tracking, message } = await authorisedAfterCancel();
    expect(message).toEqual({ confirmationUrl: PAYMENT_RECEIVED_PATH });
    expect([(await attemptOf(tracking)).status, await statusOf(guitar.id)]).toEqual(['succeeded', 'sold']);
    expect((await records()).transactions.find((t) => t.orderId === tracking)?.status).not.toBe('voided');
  });

  it('voids a payment authorised after the shopper cancelled once its item went to someone else: no money held, no order', async () => {
    const { guitar, tracking, message } = await authorisedAfterCancel(async (id) => {
      await db().updateTable('products').set({ status: 'sold' }).where('id', '=', id).execute();
    });
    expect(message).toEqual({ error: 'default' });
    expect((await records()).transactions.find((t) => t.orderId === tracking)?.status).toBe('voided');
    expect([(await attemptOf(tracking)).status, await statusOf(guitar.id)]).toEqual(['refunded', 'sold']);
  });

  it('refuses a tampered form (the HPP checks the hash) and a forged or mismatched result at our response URL', async () => {
    const { guitar, value, tracking } = await placed();
    // The amount changed in the browser: the HPP's hash check refuses it; nothing is charged.
    const tampered = await pay(value, CARDS.ok, { ...value.GlobalPayPayload.FormFields, AMOUNT: '1' });
    expect(tampered).toContain('505');
    // A forged result posted straight to our response URL (no anti-forgery header: its hash is its proof).
    const forged = new URLSearchParams({
      TIMESTAMP: '20250101120000',
      MERCHANT_ID: value.GlobalPayPayload.AccountId,
      ORDER_ID: tracking,
      RESULT: '00',
      MESSAGE: 'AUTHORISED',
      PASREF: '1',
      AUTHCODE: '1',
      AMOUNT: '12345',
      SHA1HASH: 'f'.repeat(40),
    });
    const reply = await fetch(`${server.baseUrl}/c3api/checkout/globalpay/response`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: forged,
    });
    expect(reply.status).toBe(400);
    expect(frameMessage(await reply.text())).toEqual({ error: 'default' });
    // An unknown order.
    forged.set('ORDER_ID', 'PAY-NOPE');
    const unknown = await fetch(`${server.baseUrl}/c3api/checkout/globalpay/response`, {
      method: 'POST',
      body: forged,
    });
    expect(unknown.status).toBe(404);
    expect([(await attemptOf(tracking)).status, await statusOf(guitar.id)]).toEqual(['pending', 'reserved']);
  });

  it('refuses a correctly signed result whose amount or order id is not the attempt', async () => {
    const first = await placed();
    const second = await placed();
    const signed = (orderId: string, amount: string) => {
      const f = {
        timestamp: '20250101120000',
        merchantId: first.value.GlobalPayPayload.AccountId,
        orderId,
        result: '00',
        message: 'AUTHORISED',
        pasref: '123',
        authcode: '456',
      };
      return new URLSearchParams({
        TIMESTAMP: f.timestamp,
        MERCHANT_ID: f.merchantId,
        ORDER_ID: f.orderId,
        RESULT: f.result,
        MESSAGE: f.message,
        PASREF: f.pasref,
        AUTHCODE: f.authcode,
        AMOUNT: amount,
        SHA1HASH: responseHash(f, SANDBOX_SECRET),
      });
    };
    const post = (body: URLSearchParams) =>
      fetch(`${server.baseUrl}/c3api/checkout/globalpay/response`, { method: 'POST', body });
    // The amount is not under the hash: a signed result with another amount is refused.
    expect((await post(signed(first.tracking, '1'))).status).toBe(400);
    // Signed for another merchant order: refused for the second.
    const other = signed(first.tracking, '12345');
    other.set('ORDER_ID', second.tracking);
    expect((await post(other)).status).toBe(400);
    expect([(await attemptOf(first.tracking)).status, (await attemptOf(second.tracking)).status]).toEqual([
      'pending',
      'pending',
    ]);
    // The genuine one finishes it (the hash is right, this is what Global Payments would send).
    expect(frameMessage(await (await post(signed(first.tracking, '12345'))).text())?.confirmationUrl).toBeTruthy();
    expect((await attemptOf(first.tracking)).status).toBe('succeeded');
  });

  it('a genuine result replayed to our response URL shows no signed link and no order data; only the placing browser gets the confirmation', async () => {
    const { guitar, client, value, tracking } = await placed();
    // The result exactly as Global Payments posts it (correctly signed), then the same bytes again.
    const fields = {
      timestamp: '20250101120000',
      merchantId: value.GlobalPayPayload.AccountId,
      orderId: tracking,
      result: '00',
      message: 'AUTHORISED',
      pasref: '14631546336115597',
      authcode: '12345',
    };
    const genuine = new URLSearchParams({
      TIMESTAMP: fields.timestamp,
      MERCHANT_ID: fields.merchantId,
      ACCOUNT: value.GlobalPayPayload.AccountType,
      ORDER_ID: fields.orderId,
      RESULT: fields.result,
      MESSAGE: fields.message,
      PASREF: fields.pasref,
      AUTHCODE: fields.authcode,
      AMOUNT: '12345',
      SHA1HASH: responseHash(fields, SANDBOX_SECRET),
    }).toString();
    const post = () =>
      fetch(`${server.baseUrl}/c3api/checkout/globalpay/response`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: genuine,
      });
    for (const reply of [await post(), await post()]) {
      const html = await reply.text();
      expect(reply.status).toBe(200);
      expect(frameMessage(html)).toEqual({ confirmationUrl: PAYMENT_RECEIVED_PATH });
      for (const secret of ['key=', 'ORD-', 'Josephine', 'Bloggs', 'jo@example.co.uk', '07911', 'Baker Street'])
        expect(html).not.toContain(secret);
    }
    // The payment is finished as before, once.
    expect([(await attemptOf(tracking)).status, await orderStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'succeeded',
      'confirmed',
      'sold',
    ]);
    expect(await mails(tracking)).toBe(2);
    // Our page in the placing browser asks validate (its cookies go with it) and goes to the confirmation, whose
    // link opens the order; anyone else's validate is refused.
    const stranger = new TestClient(server.baseUrl);
    expect((await stranger.post('/c3api/checkout/globalpay/validate', { TrackingNumber: tracking })).status).toBe(404);
    const validated = await client.post<{ ConfirmationUrl: string }>('/c3api/checkout/globalpay/validate', {
      TrackingNumber: tracking,
    });
    const confirmation = new URL(validated.body.Value.ConfirmationUrl, server.baseUrl);
    expect(confirmation.pathname).toMatch(/^\/checkout\/confirmation\/ORD-/);
    const order = await stranger.get<{ Email: string }>(
      `/c3api/checkout/confirmation?reference=${confirmation.pathname.split('/').pop()}&key=${confirmation.searchParams.get('key')}`,
    );
    expect([order.status, order.body.Value.Email]).toEqual([200, 'jo@example.co.uk']);
  });

  it('finishes once when Global Payments posts the result three times at once, and the browser validates too', async () => {
    const { guitar, client, value, tracking } = await placed();
    await fault({ kind: 'triple-notify' });
    const [html, validated] = await Promise.all([
      pay(value, CARDS.ok),
      client.post<{ ConfirmationUrl: string | null }>('/c3api/checkout/globalpay/validate', {
        TrackingNumber: tracking,
      }),
    ]);
    expect(frameMessage(html)?.confirmationUrl).toBe(PAYMENT_RECEIVED_PATH);
    expect(validated.status).toBe(200);
    expect((await records()).notifications.filter((n) => n.orderId === tracking)).toHaveLength(3);
    expect([(await attemptOf(tracking)).status, await orderStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'succeeded',
      'confirmed',
      'sold',
    ]);
    expect(await mails(tracking)).toBe(2);
    expect(await settleJobs(tracking)).toBe(1);
  });

  it('lets the reconciler finish a payment whose result never reached us', async () => {
    const { guitar, value, tracking } = await placed();
    await fault({ kind: 'lose-next-response', target: 'notify' });
    await pay(value, CARDS.ok);
    expect((await attemptOf(tracking)).status).toBe('pending');
    clock += 4 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect([(await attemptOf(tracking)).status, await orderStatus(tracking), await statusOf(guitar.id)]).toEqual([
      'succeeded',
      'confirmed',
      'sold',
    ]);
    expect(await mails(tracking)).toBe(2);
    // The settlement sweep (the schedule's run, no payload) finds it and queues its settlement.
    await runGlobalPaySettle(server.ctx(), { ...server.services, now: () => clock }, {});
    await settleJobs(tracking);
    expect((await records()).transactions.find((t) => t.orderId === tracking)?.status).toBe('settled');
  });
});
