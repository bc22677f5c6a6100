import {
  type CheckoutSubmission,
  type CheckoutViewValue,
  type ClearpayConfigurationValue,
  PAYMENT_RECEIVED_PATH,
} from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import type { ClearpayProvider } from '../payments/providers/clearpay/clearpay.adapter.js';
import { clearpayAmountMessage } from '../payments/providers/clearpay/clearpay.protocol.js';
import type { SandboxFault } from '../payments/providers/clearpay/clearpay.sandbox.js';
import { runClearpayConfiguration } from '../payments/providers/clearpay/clearpay-configuration.job.js';

const MINUTE = 60 * 1000;

const submission = (): CheckoutSubmission => ({
  PaymentOption: 'Clearpay',
  DeliveryOption: 'StorePickup',
  CustomerDetails: {
    EmailAddress: 'sam@example.co.uk',
    FirstName: 'Sam',
    LastName: 'Shopper',
    PhoneNumber: '07700 900123',
    Consent: false,
  },
  BillingAddress: { Line1: '1 Market St', Suburb: 'Manchester', State: 'Lancashire', PostCode: 'M1 1AE' },
  IsStorePickup: true,
});

interface Placed {
  client: TestClient;
  productId: number;
  orderId: number;
  reference: string;
  tracking: string;
  token: string;
  redirectCheckoutUrl: string;
}

/**
 * Clearpay wired into the UK shop, through its sandbox over real HTTP: the shopper is sent to the
 * sandbox's page, comes back to our return route, and the order is finished by FinishPaymentFlow.
 */
describe.each(testDatabaseTargets())('Clearpay checkout through the sandbox on $name', (target) => {
  let sandbox: string;
  let storeId: number;
  let guitars: number;
  let clock = Date.now();

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (
        await makeStore(database.handle.db, {
          name: 'Leeds',
          region: 'UK',
          state: 'West Yorkshire',
          pickup_disabled: 0,
        })
      ).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: 'Clearpay', REGION: 'UK' },
    server: { withPayments: true, now: () => clock },
  });

  beforeAll(async () => {
    sandbox = `${server.sandboxUrl}/clearpay`;
  });

  const db = () => database.handle.db;
  const productStatus = async (id: number) =>
    (await db().selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const orderStatus = async (id: number) =>
    (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const attemptOf = (tracking: string) =>
    db().selectFrom('payment_attempts').selectAll().where('tracking_number', '=', tracking).executeTakeFirstOrThrow();

  async function arm(fault: SandboxFault) {
    const response = await fetch(`${sandbox}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    });
    expect(response.status).toBe(201);
  }
  async function sandboxPayments(reference: string) {
    const state = (await (await fetch(`${sandbox}/__sandbox/state`)).json()) as {
      payments: { merchantReference: string; status: string; paymentState: string }[];
    };
    return state.payments.filter((p) => p.merchantReference === reference);
  }

  async function placed(priceMinor = 24_000): Promise<Placed> {
    const product = await makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: priceMinor,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${product.id}`);
    const reply = await client.post<Record<string, string>>('/c3api/checkout/purchase/process', submission());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const value = reply.body.Value;
    expect(Object.keys(value).sort()).toEqual(['Expires', 'RedirectCheckoutUrl', 'Token', 'TrackingNumber']);
    const tracking = value.TrackingNumber ?? '';
    const attempt = await attemptOf(tracking);
    expect(attempt).toMatchObject({ provider: 'Clearpay', status: 'pending', provider_reference: value.Token });
    const order = await db()
      .selectFrom('orders')
      .select(['id', 'reference'])
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    expect(await productStatus(product.id)).toBe('reserved');
    return {
      client,
      productId: product.id,
      orderId: order.id,
      reference: order.reference,
      tracking,
      token: value.Token ?? '',
      redirectCheckoutUrl: value.RedirectCheckoutUrl ?? '',
    };
  }

  /** The shopper on the sandbox's page: Confirm with a card (CVV 000 approves, 051 declines) or Cancel; answers where it sends the browser. */
  async function onClearpayPage(p: Placed, action: { cvv: string } | 'cancel'): Promise<URL> {
    const page = await fetch(p.redirectCheckoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SANDBOX — no real money');
    const form =
      action === 'cancel'
        ? new URLSearchParams({ token: p.token })
        : new URLSearchParams({ token: p.token, cardNumber: '4111 1111 1111 1111', expiry: '01/99', cvv: action.cvv });
    const response = await fetch(`${sandbox}/checkout/${action === 'cancel' ? 'cancel' : 'confirm'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${server.baseUrl}/c3api/checkout/clearpay/return`);
    expect(location.searchParams.get('TrackingNumber')).toBe(p.tracking);
    return location;
  }

  /** The browser following Clearpay's redirect back to us (with the shopper's cookies); answers our redirect. */
  async function back(client: TestClient, url: URL | string) {
    const response = await fetch(url, {
      headers: { Cookie: client.cookieHeader(), 'X-Forwarded-For': client.address },
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, location: response.headers.get('location'), text };
  }
  const confirmationOf = (reference: string) => expect.stringMatching(`^/checkout/confirmation/${reference}\\?key=`);

  it('offers Clearpay in the UK with the range its configuration call gives, stored for every instance', async () => {
    const config = await server.get<ClearpayConfigurationValue>('/c3api/checkout/clearpay/configuration');
    expect(config.status).toBe(200);
    expect(config.body.Value).toMatchObject({
      MinimumAmount: { Amount: 100, Display: '£1.00' },
      MaximumAmount: { Amount: 120_000, Display: '£1,200.00' },
      DisabledMessage: 'The Clearpay order amount, including postage fees, must be between £1.00 and £1,200.00.',
    });
    expect(config.body.Value.FetchedAt).not.toBeNull();
    const row = await db()
      .selectFrom('clearpay_configuration' as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ region: 'UK', minimum_minor: 100, maximum_minor: 120_000 });

    // A range another instance stored (fresh) is what this one uses: the option is disabled above it.
    await db()
      .updateTable('clearpay_configuration' as never)
      .set({ maximum_minor: 50_000, fetched_at: clock } as never)
      .execute();
    const narrowed = await server.get<ClearpayConfigurationValue>('/c3api/checkout/clearpay/configuration');
    expect(narrowed.body.Value.MaximumAmount.Display).toBe('£500.00');
    const product = await makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: 60_000,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${product.id}`);
    const view = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    const option = view.PaymentInformation.Options.find((o) => o.SystemName === 'Clearpay');
    expect(option).toMatchObject({ Disabled: true, DisabledMessage: clearpayAmountMessage(100, 50_000) });
    const refused = await client.post('/c3api/checkout/purchase/process', submission());
    expect([refused.status, refused.body.Message]).toEqual([400, clearpayAmountMessage(100, 50_000)]);
    expect(await productStatus(product.id)).toBe('available');

    // The daily job asks Clearpay again and stores its answer.
    await runClearpayConfiguration(server.ctx(), server.services);
    const refreshed = await server.get<ClearpayConfigurationValue>('/c3api/checkout/clearpay/configuration');
    expect(refreshed.body.Value.MaximumAmount.Amount).toBe(120_000);
    const after = (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
    expect(after.PaymentInformation.Options.find((o) => o.SystemName === 'Clearpay')?.Disabled).toBe(false);
  });

  it('pays: approved on Clearpay, captured on return, the order confirmed and the items sold', async () => {
    const p = await placed();
    const returned = await onClearpayPage(p, { cvv: '000' });
    const reply = await back(p.client, returned);
    expect(reply.status).toBe(302);
    expect(reply.location).toEqual(confirmationOf(p.reference));
    expect((await attemptOf(p.tracking)).status).toBe('succeeded');
    expect(await orderStatus(p.orderId)).toBe('confirmed');
    expect(await productStatus(p.productId)).toBe('sold');
    expect(await sandboxPayments(p.tracking)).toEqual([
      expect.objectContaining({ status: 'APPROVED', paymentState: 'CAPTURED' }),
    ]);
    // The shopper reloads the return: same confirmation, nothing captured twice.
    const again = await back(p.client, returned);
    expect(again.location).toEqual(confirmationOf(p.reference));
    expect(await sandboxPayments(p.tracking)).toHaveLength(1);
  });

  it("a return replayed without the shopper's cookies finishes the payment but gets the payment-received page, never the signed link", async () => {
    const p = await placed();
    const returned = await onClearpayPage(p, { cvv: '000' });
    // Another browser (no cookies, or its own cart) brings the return first: the payment is
    // captured and the order confirmed as always, but the order stays out of its sight.
    const replayed = await fetch(returned, { redirect: 'manual' });
    const text = await replayed.text();
    expect([replayed.status, replayed.headers.get('location')]).toEqual([302, PAYMENT_RECEIVED_PATH]);
    for (const secret of ['key=', p.reference, 'Sam', 'Shopper', 'sam@example.co.uk', '07700', 'Market St'])
      expect(text).not.toContain(secret);
    expect((await attemptOf(p.tracking)).status).toBe('succeeded');
    expect(await orderStatus(p.orderId)).toBe('confirmed');
    expect(await productStatus(p.productId)).toBe('sold');
    const otherShopper = new TestClient(server.baseUrl);
    await otherShopper.post(
      `/c3api/cart/add?productId=${(await makeProduct(db(), { store_id: storeId, category_id: guitars, price_minor: 5_000 })).id}`,
    );
    expect((await back(otherShopper, returned)).location).toBe(PAYMENT_RECEIVED_PATH);

    // The shopper's own browser coming back (its cookies go with Clearpay's top-level redirect)
    // lands on the confirmation, whose link opens the order; nothing is captured twice.
    const own = await back(p.client, returned);
    expect([own.status, own.location]).toEqual([302, confirmationOf(p.reference)]);
    const confirmation = await new TestClient(server.baseUrl).get<{ Email: string }>(
      `/c3api/checkout/confirmation?reference=${p.reference}&key=${new URL(own.location ?? '', server.baseUrl).searchParams.get('key')}`,
    );
    expect([confirmation.status, confirmation.body.Value.Email]).toEqual([200, 'sam@example.co.uk']);
    expect(await sandboxPayments(p.tracking)).toHaveLength(1);
  });

  it('a decline sends the shopper back saying Clearpay declined it, and releases the hold', async () => {
    const p = await placed();
    const reply = await back(p.client, await onClearpayPage(p, { cvv: '051' }));
    expect([reply.status, reply.location]).toEqual([302, '/checkout/?error=ClearpayDeclined']);
    expect((await attemptOf(p.tracking)).status).toBe('failed');
    expect(await orderStatus(p.orderId)).toBe('cancelled');
    expect(await productStatus(p.productId)).toBe('available');
  });

  it('cancelling on Clearpay returns to the checkout and releases the hold', async () => {
    const p = await placed();
    const returned = await onClearpayPage(p, 'cancel');
    expect(returned.searchParams.get('status')).toBe('CANCELLED');
    const reply = await back(p.client, returned);
    expect([reply.status, reply.location]).toEqual([302, '/checkout/']);
    expect((await attemptOf(p.tracking)).status).toBe('cancelled');
    expect(await productStatus(p.productId)).toBe('available');
    expect(await sandboxPayments(p.tracking)).toHaveLength(0);
  });

  it("refuses a return naming another attempt's checkout, or none; the attempts are left as they are", async () => {
    const mine = await placed();
    const theirs = await placed();
    const approved = await onClearpayPage(theirs, { cvv: '000' });
    const forged = new URL(approved);
    forged.searchParams.set('TrackingNumber', mine.tracking);
    const refused = await back(mine.client, forged);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).Message).toBe(
      "Invalid input. orderToken: must be this payment's Clearpay checkout",
    );
    const noToken = await back(
      mine.client,
      `${server.baseUrl}/c3api/checkout/clearpay/return?TrackingNumber=${mine.tracking}&status=SUCCESS`,
    );
    expect(noToken.status).toBe(400);
    const unknown = await back(
      mine.client,
      `${server.baseUrl}/c3api/checkout/clearpay/return?TrackingNumber=PAY-nope&orderToken=x&status=SUCCESS`,
    );
    expect(unknown.status).toBe(404);
    expect((await attemptOf(mine.tracking)).status).toBe('pending');
    expect((await attemptOf(theirs.tracking)).status).toBe('pending');
    expect(await sandboxPayments(theirs.tracking)).toHaveLength(0);
    expect(await productStatus(mine.productId)).toBe('reserved');
  });

  it('refuses to capture a checkout whose amount or reference is not the attempt', async () => {
    // Amount: the order's total changed behind the checkout's back.
    const p = await placed();
    await db()
      .updateTable('payment_attempts')
      .set({ amount_minor: 23_999 })
      .where('tracking_number', '=', p.tracking)
      .execute();
    const reply = await back(p.client, await onClearpayPage(p, { cvv: '000' }));
    expect([reply.status, reply.location]).toEqual([302, '/checkout/?error=default']);
    expect((await attemptOf(p.tracking)).status).toBe('pending');
    expect(await sandboxPayments(p.tracking)).toHaveLength(0);

    // Reference: a checkout made for another merchant reference, planted as this attempt's token.
    const q = await placed();
    const provider = server.services.payments.provider('Clearpay') as ClearpayProvider;
    const other = await provider.createCheckout({
      amountMinor: 24_000,
      currency: 'GBP',
      consumer: { firstName: 'Sam', lastName: 'Shopper', email: 'sam@example.co.uk', phone: '07700900123' },
      merchantReference: 'PAY-someone-else',
      redirectConfirmUrl: `${server.baseUrl}/c3api/checkout/clearpay/return?TrackingNumber=${q.tracking}`,
      redirectCancelUrl: `${server.baseUrl}/c3api/checkout/clearpay/return?TrackingNumber=${q.tracking}`,
    });
    await db()
      .updateTable('payment_attempts')
      .set({ provider_reference: other.token })
      .where('tracking_number', '=', q.tracking)
      .execute();
    const planted = await onClearpayPage(
      { ...q, token: other.token, redirectCheckoutUrl: other.redirectCheckoutUrl },
      {
        cvv: '000',
      },
    );
    const refused = await back(q.client, planted);
    expect([refused.status, refused.location]).toEqual([302, '/checkout/?error=default']);
    expect((await attemptOf(q.tracking)).status).toBe('pending');
    expect(await sandboxPayments('PAY-someone-else')).toHaveLength(0);
  });

  it('returns racing (the browser and three deliveries of the same return) give one order and one capture', async () => {
    const p = await placed();
    await arm({ kind: 'triple-notify' });
    const returned = await onClearpayPage(p, { cvv: '000' });
    const replies = await Promise.all([back(p.client, returned), back(p.client, returned), back(p.client, returned)]);
    for (const reply of replies) expect(reply.location).toEqual(confirmationOf(p.reference));
    expect(await orderStatus(p.orderId)).toBe('confirmed');
    expect(await sandboxPayments(p.tracking)).toHaveLength(1);
    const finishes = await db()
      .selectFrom('payment_attempt_events')
      .select('detail')
      .where('attempt_id', '=', (await attemptOf(p.tracking)).id)
      .where('kind', '=', 'finish')
      .execute();
    expect(finishes.length).toBeGreaterThanOrEqual(4);
    // The order's mails were queued once, by the one finish that won.
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('text_body', 'like', `%${p.reference}%`)
      .execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(mails.length);
  });

  it('a capture whose answers are lost is retried with the same token: the shopper still lands on the confirmation', async () => {
    const p = await placed();
    await arm({ kind: 'lose-next-response', operation: 'capture', count: 1 });
    const reply = await back(p.client, await onClearpayPage(p, { cvv: '000' }));
    expect(reply.location).toEqual(confirmationOf(p.reference));
    expect(await sandboxPayments(p.tracking)).toHaveLength(1);
  });

  it('an outcome left unknown (captures and reversal unanswered) stays pending until the reconciler finishes it from Clearpay', async () => {
    const p = await placed();
    await arm({ kind: 'lose-next-response', operation: 'capture', count: 2 });
    await arm({ kind: 'fail-next', operation: 'reversal', status: 503 });
    const reply = await back(p.client, await onClearpayPage(p, { cvv: '000' }));
    expect([reply.status, reply.location]).toEqual([302, '/checkout/?error=GenericSystemProblem']);
    expect((await attemptOf(p.tracking)).status).toBe('pending');
    expect(await productStatus(p.productId)).toBe('reserved');

    clock += 4 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect((await attemptOf(p.tracking)).status).toBe('succeeded');
    expect(await orderStatus(p.orderId)).toBe('confirmed');
    expect(await productStatus(p.productId)).toBe('sold');
    // The shopper coming back later sees the confirmation.
    const returnUrl = `${server.baseUrl}/c3api/checkout/clearpay/return?TrackingNumber=${p.tracking}&orderToken=${p.token}&status=SUCCESS`;
    const later = await back(p.client, returnUrl);
    expect(later.location).toEqual(confirmationOf(p.reference));
  });
});
