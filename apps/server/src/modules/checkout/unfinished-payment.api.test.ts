import {
  type Cart,
  type CheckoutSubmission,
  type CheckoutViewValue,
  type EwayPageData,
  type EwayValidateValue,
  type GlobalPayPageData,
  PAYMENT_NOT_OPEN_MESSAGE,
  type StartAgainValue,
} from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { type TestDatabaseTarget, testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { RESERVED_MESSAGE } from '../cart/cart.service.js';
import { EWAY_TEST_CARDS } from '../payments/providers/eway/eway.sandbox.js';

const MINUTE = 60 * 1000;

const UK_SUBMISSION: CheckoutSubmission = {
  PaymentOption: 'GlobalPay',
  DeliveryOption: 'StorePickup',
  CustomerDetails: {
    EmailAddress: 'jo@example.co.uk',
    FirstName: 'Jo',
    LastName: 'Bloggs',
    PhoneNumber: '07911 123 456',
    Consent: false,
  },
  BillingAddress: { Line1: '221B Baker Street', Suburb: 'London', State: 'Greater London', PostCode: 'NW1 6XE' },
  IsStorePickup: true,
};

/**
 * A payment interrupted is not an item lost: after a reload (the provider's window left open), the
 * shopper who holds the item sees it as theirs (no Availability flag, the total counted), the
 * checkout view names the open attempt, Resume opens the same attempt again and Start again cancels
 * it at the provider and releases the item at once. Other shoppers still cannot take it meanwhile.
 */
function shop(target: TestDatabaseTarget, region: 'AU' | 'UK', provider: 'Eway' | 'GlobalPay') {
  let storeId = 0;
  let guitars = 0;
  let clock = Date.now();
  const fixture = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const db = database.handle.db;
      storeId = (
        await makeStore(
          db,
          region === 'AU'
            ? { name: 'Geelong', state: 'VIC', pickup_disabled: 0 }
            : { name: 'Camden', region: 'UK', state: 'Greater London', postcode: 'NW1 8AA', pickup_disabled: 0 },
        )
      ).id;
      guitars = await categoryIdBySlug(db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: provider, REGION: region },
    server: { withPayments: true, now: () => clock },
  });
  const db = () => fixture.database.handle.db;

  async function placed() {
    const guitar = await makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: 12_300,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(fixture.server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    const submission = region === 'AU' ? pickupSubmission({ PaymentOption: 'Eway' }) : UK_SUBMISSION;
    const reply = await client.post<Record<string, string>>('/c3api/checkout/purchase/process', submission);
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return { guitar, client, page: reply.body.Value, tracking: reply.body.Value.TrackingNumber ?? '' };
  }

  const view = async (client: TestClient) => (await client.get<CheckoutViewValue>('/c3api/checkout/view')).body.Value;
  const startAgain = (client: TestClient, tracking: string) =>
    client.post<StartAgainValue>('/c3api/checkout/payment/startagain', { TrackingNumber: tracking });
  const resume = (client: TestClient, tracking: string) =>
    client.post<Record<string, unknown>>('/c3api/checkout/payment/resume', { TrackingNumber: tracking });
  const productStatus = async (id: number) =>
    (await db().selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const orderOf = async (tracking: string) => {
    const attempt = await db()
      .selectFrom('payment_attempts')
      .selectAll()
      .where('tracking_number', '=', tracking)
      .executeTakeFirstOrThrow();
    const order = await db()
      .selectFrom('orders')
      .select(['status', 'hold_expires_at'])
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    return { attempt: attempt.status, order: order.status, holdExpiresAt: Number(order.hold_expires_at) };
  };
  /** What Eway's shared page posts from its frame when the shopper pays (card data never reaches the shop). */
  async function payEway(accessCode: string) {
    const paid = await fetch(`${fixture.server.sandboxUrl}/eway/AccessCode/${encodeURIComponent(accessCode)}`, {
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
    await paid.arrayBuffer();
  }
  const tick = (ms: number) => (clock += ms);
  return { fixture, placed, view, startAgain, resume, productStatus, orderOf, tick, payEway };
}

describe.each(testDatabaseTargets())('An unfinished payment (AU, Eway) on $name', (target) => {
  const t = shop(target, 'AU', 'Eway');

  it('after a reload the held item is still the shopper\'s: no "no longer available", the total counted, the attempt named', async () => {
    const { guitar, client, tracking } = await t.placed();
    expect(await t.productStatus(guitar.id)).toBe('reserved');
    const cart = (await client.get<Cart>('/c3api/cart/query?validate=true')).body.Value;
    expect(cart.ProductChanges ?? []).toEqual([]);
    const value = await t.view(client);
    expect(value.Cart.CartItems.map((i) => i.IsAvailable)).toEqual([true]);
    expect(value.Cart.OriginalTotal.Display).toBe('$123.00');
    expect(value.UnfinishedPayment).toMatchObject({ TrackingNumber: tracking, PaymentOption: 'Eway' });
    // Another shopper still cannot take it, and sees no payment of ours.
    const other = new TestClient(t.fixture.server.baseUrl);
    const add = await other.post(`/c3api/cart/add?productId=${guitar.id}`);
    expect(add.status).toBe(400);
    expect(add.body.Message).toBe(RESERVED_MESSAGE);
    expect((await t.view(other)).UnfinishedPayment ?? null).toBeNull();
  });

  it('Resume opens the same attempt again (a new access code, the hold a fresh span) and paying it confirms the order', async () => {
    const { client, tracking, page } = await t.placed();
    const before = await t.orderOf(tracking);
    t.tick(10 * MINUTE);
    const resumed = await t.resume(client, tracking);
    expect(resumed.status).toBe(200);
    const data = resumed.body.Value as EwayPageData;
    expect(data.TrackingNumber).toBe(tracking);
    expect(data.Accesstoken).not.toBe(page.Accesstoken);
    const after = await t.orderOf(tracking);
    expect(after.holdExpiresAt).toBeGreaterThan(before.holdExpiresAt);
    // The shopper pays in the re-opened window; the shop asks Eway and confirms.
    await t.payEway(data.Accesstoken);
    const validated = await client.post<EwayValidateValue>('/c3api/checkout/eway/validate', {
      AccessCode: data.Accesstoken,
      Errors: null,
      IsComplete: true,
    });
    expect(validated.body.Value).toHaveProperty('ConfirmationUrl');
    expect(await t.orderOf(tracking)).toMatchObject({ attempt: 'succeeded', order: 'confirmed' });
    // Resuming a paid attempt leads to its confirmation.
    expect((await t.resume(client, tracking)).body.Value).toHaveProperty('ConfirmationUrl');
  });

  it('Resume after paying in the interrupted window finishes that payment and never opens a second one', async () => {
    const { client, tracking, page } = await t.placed();
    await t.payEway(page.Accesstoken ?? '');
    const resumed = await t.resume(client, tracking);
    expect(resumed.status).toBe(200);
    expect(resumed.body.Value).toHaveProperty('ConfirmationUrl');
    expect(await t.orderOf(tracking)).toMatchObject({ attempt: 'succeeded', order: 'confirmed' });
  });

  it('Start again cancels the attempt and releases the item at once; repeats change nothing', async () => {
    const { guitar, client, tracking } = await t.placed();
    const first = await t.startAgain(client, tracking);
    expect(first.status).toBe(200);
    expect(first.body.Value).toEqual({ Status: 'cancelled', ConfirmationUrl: null });
    expect(await t.orderOf(tracking)).toMatchObject({ attempt: 'cancelled', order: 'cancelled' });
    expect(await t.productStatus(guitar.id)).toBe('available');
    expect((await t.startAgain(client, tracking)).body.Value).toEqual({ Status: 'cancelled', ConfirmationUrl: null });
    const value = await t.view(client);
    expect(value.UnfinishedPayment).toBeNull();
    expect(value.Cart.CartItems.map((i) => i.IsAvailable)).toEqual([true]);
    // Resuming an ended attempt is refused with a clear message.
    const late = await t.resume(client, tracking);
    expect(late.status).toBe(409);
    expect(late.body.Message).toBe(PAYMENT_NOT_OPEN_MESSAGE);
    // The shopper places again for the same item.
    const again = await client.post('/c3api/checkout/purchase/process', pickupSubmission({ PaymentOption: 'Eway' }));
    expect(again.status).toBe(200);
  });

  it('only the shopper who placed it may resume or start again; bad bodies are 400; no anti-forgery header is 403', async () => {
    const { guitar, client, tracking } = await t.placed();
    const other = new TestClient(t.fixture.server.baseUrl);
    expect((await t.startAgain(other, tracking)).status).toBe(404);
    expect((await t.resume(other, tracking)).status).toBe(404);
    expect(await t.productStatus(guitar.id)).toBe('reserved');
    const bad = await client.post('/c3api/checkout/payment/startagain', { TrackingNumber: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/TrackingNumber/);
    const noHeader = await fetch(`${t.fixture.server.baseUrl}/c3api/checkout/payment/startagain`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: client.cookieHeader() },
      body: JSON.stringify({ TrackingNumber: tracking }),
    });
    expect(noHeader.status).toBe(403);
    await noHeader.arrayBuffer();
    expect(await t.productStatus(guitar.id)).toBe('reserved');
  });
});

describe.each(testDatabaseTargets())('An unfinished payment (UK, Global Payments) on $name', (target) => {
  const t = shop(target, 'UK', 'GlobalPay');

  it("the held item stays the shopper's; Resume signs the same ORDER_ID again; Start again releases it", async () => {
    const { guitar, client, tracking } = await t.placed();
    const cart = (await client.get<Cart>('/c3api/cart/query?validate=true')).body.Value;
    expect(cart.ProductChanges ?? []).toEqual([]);
    const value = await t.view(client);
    expect(value.Cart.OriginalTotal.Display).toBe('£123.00');
    expect(value.UnfinishedPayment).toMatchObject({ TrackingNumber: tracking, PaymentOption: 'GlobalPay' });
    const resumed = (await t.resume(client, tracking)).body.Value as GlobalPayPageData;
    expect(resumed.TrackingNumber).toBe(tracking);
    expect(resumed.GlobalPayPayload.FormFields.ORDER_ID).toBe(tracking);
    const ended = await t.startAgain(client, tracking);
    expect(ended.body.Value).toEqual({ Status: 'cancelled', ConfirmationUrl: null });
    expect(await t.productStatus(guitar.id)).toBe('available');
    expect((await t.view(client)).UnfinishedPayment).toBeNull();
  });
});
