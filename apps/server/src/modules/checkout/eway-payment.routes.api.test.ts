import {
  type CheckoutSubmission,
  type EwayCancelValue,
  type EwayPageData,
  type EwayValidateValue,
  PAYMENT_RECEIVED_PATH,
} from '@shop/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { EWAY_ERROR_MESSAGES, type EwayErrorKey } from '../payments/providers/eway/eway.protocol.js';
import { EWAY_TEST_CARDS } from '../payments/providers/eway/eway.sandbox.js';

const submission = (): CheckoutSubmission => pickupSubmission({ PaymentOption: 'Eway' });

const MINUTE = 60 * 1000;

/**
 * Eway's modal, end to end over HTTP: the shop places the order (an access code from the sandbox),
 * the "shopper" posts a card to the sandbox's shared page as its frame does, then the page's calls
 * (validate, cancel, logerror) finish it. The sandbox runs in its demo mode (always approve);
 * declines come from its fault controls.
 */
describe.each(testDatabaseTargets())('Eway checkout routes through the sandbox on $name', (target) => {
  let storeId: number;
  let guitars: number;
  let clock = Date.now();
  const logLines: string[] = [];

  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Geelong', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false', PAYMENT_PROVIDERS: 'Eway', REGION: 'AU', LOG_LEVEL: 'error' },
    server: { withPayments: true, now: () => clock, logStream: { write: (line) => void logLines.push(line) } },
  });

  beforeEach(async () => {
    await sandbox('/__sandbox/reset', {});
  });

  const db = () => database.handle.db;
  const sandbox = async (path: string, body: unknown) => {
    const response = await fetch(`${server.sandboxUrl}/eway${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
  };
  const fault = (body: Record<string, unknown>) => sandbox('/__sandbox/faults', body);
  const records = async () =>
    (await (await fetch(`${server.sandboxUrl}/eway/__sandbox/records`)).json()) as {
      transactions: { TransactionID: number; TransactionStatus: boolean; RefundedAmount: number }[];
    };

  /** A shopper places an order to pay by card: an access code from Eway, the item held. */
  async function placed(priceMinor = 12_300) {
    const guitar = await makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: priceMinor,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(server.baseUrl);
    await client.post(`/c3api/cart/add?productId=${guitar.id}`);
    const reply = await client.post<EwayPageData>('/c3api/checkout/purchase/process', submission());
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const page = reply.body.Value;
    expect(page.EwayFormActionUrl.startsWith(`${server.sandboxUrl}/eway/sharedpage/`)).toBe(true);
    return { guitar, client, page, code: page.Accesstoken, tracking: page.TrackingNumber };
  }

  /** What Eway's shared page posts from its frame (card data goes to Eway only, never to the shop). */
  async function pay(code: string, card: string = EWAY_TEST_CARDS.visa) {
    const response = await fetch(`${server.sandboxUrl}/eway/AccessCode/${encodeURIComponent(code)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        EWAY_CARDNAME: 'Pat Shopper',
        EWAY_CARDNUMBER: card,
        EWAY_CARDEXPIRYMONTH: '12',
        EWAY_CARDEXPIRYYEAR: String(new Date().getFullYear() + 2),
        EWAY_CARDCVN: '123',
      }),
    });
    return (await response.json()) as { Result: string; TransactionID: number | null };
  }

  const validate = (client: TestClient, code: string, isComplete = true) =>
    client.post<EwayValidateValue>('/c3api/checkout/eway/validate', {
      AccessCode: code,
      Errors: null,
      IsComplete: isComplete,
    });
  const cancel = (client: TestClient, code: string, tracking: string) =>
    client.post<EwayCancelValue>('/c3api/checkout/eway/cancel', { AccessToken: code, TrackingNumber: tracking });

  async function state(tracking: string, productId: number) {
    const attempt = await db()
      .selectFrom('payment_attempts')
      .selectAll()
      .where('tracking_number', '=', tracking)
      .executeTakeFirstOrThrow();
    const order = await db()
      .selectFrom('orders')
      .select(['status', 'reference'])
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    const product = await db()
      .selectFrom('products')
      .select('status')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return { attempt: attempt.status, order: order.status, product: product.status, reference: order.reference };
  }

  it('paid: validate asks Eway, answers the confirmation URL, and the order is paid with its item sold', async () => {
    const { guitar, client, code, tracking } = await placed();
    expect((await pay(code)).Result).toBe('Complete');
    const reply = await validate(client, code);
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    const now = await state(tracking, guitar.id);
    expect(reply.body.Value).toEqual({
      ConfirmationUrl: expect.stringContaining(`/checkout/confirmation/${now.reference}?key=`),
    });
    expect([now.attempt, now.order, now.product]).toEqual(['succeeded', 'confirmed', 'sold']);
    // The confirmation page opens for this shopper with the URL's key.
    const url = new URL((reply.body.Value as { ConfirmationUrl: string }).ConfirmationUrl, server.baseUrl);
    const confirmation = await client.get(
      `/c3api/checkout/confirmation?reference=${now.reference}&key=${url.searchParams.get('key')}`,
    );
    expect(confirmation.status).toBe(200);
    // The cart is empty now.
    const view = await client.get<{ Cart: { ItemCount: number } | null }>('/c3api/checkout/view');
    expect(view.body.Value?.Cart?.ItemCount ?? 0).toBe(0);
  });

  it("Eway is never given the order's signed link: its page's redirect (outside a frame) is the payment-received page", async () => {
    const { guitar, client, code, tracking } = await placed();
    const paid = (await pay(code)) as { Result: string; RedirectUrl?: string };
    expect(paid.Result).toBe('Complete');
    const redirect = new URL(paid.RedirectUrl ?? '');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${server.baseUrl}${PAYMENT_RECEIVED_PATH}`);
    expect(redirect.searchParams.get('key')).toBeNull();
    expect(paid.RedirectUrl).not.toContain((await state(tracking, guitar.id)).reference);
    // The shopper's own page still gets the confirmation from validate.
    expect((await validate(client, code)).body.Value).toEqual({
      ConfirmationUrl: expect.stringMatching(/^\/checkout\/confirmation\/ORD-[0-9A-Z-]+\?key=/),
    });
  });

  it('repeats and a race give one order: three validates at once, then another, all answer the same URL', async () => {
    const { guitar, client, code, tracking } = await placed();
    await pay(code);
    const replies = await Promise.all([validate(client, code), validate(client, code), validate(client, code)]);
    const urls = replies.map((r) => (r.body.Value as { ConfirmationUrl?: string }).ConfirmationUrl);
    expect(new Set(urls).size).toBe(1);
    expect(urls[0]).toMatch(/^\/checkout\/confirmation\//);
    expect((await validate(client, code)).body.Value).toEqual({ ConfirmationUrl: urls[0] });
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['succeeded', 'confirmed', 'sold']);
    const attempt = await db()
      .selectFrom('payment_attempts')
      .select('id')
      .where('tracking_number', '=', tracking)
      .executeTakeFirstOrThrow();
    const events = await server.services.payments.events(server.ctx(), attempt.id);
    const finishes = events.filter((e) => e.kind === 'finish').map((e) => JSON.parse(e.detail).verdict);
    expect(finishes).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
  });

  const declines: [string, string | null, EwayErrorKey][] = [
    ['D4451', '51', 'InsufficientCardFunds'],
    ['D4405', '05', 'GenericAccountProblem'],
    ['D4414', '14', 'InvalidCardNumber'],
    ['D4401', '01', 'ContactCardIssuer'],
    ['D4454', '54', 'GenericCardProblem'],
    ['D4405,F7003', '05', 'AustralianOrdersOnly'],
    ['F7000', null, 'BannedCustomer'],
    ['D4496', '96', 'GenericSystemProblem'],
  ];
  it.each(declines)('declined %s: its key (%s -> %s) message, and the hold released', async (message, code, key) => {
    const { guitar, client, code: accessCode, tracking } = await placed();
    await fault({ kind: 'force-next-response', responseMessage: message, responseCode: code, approved: false });
    expect((await pay(accessCode)).Result).toBe('Complete');
    const reply = await validate(client, accessCode);
    expect(reply.status).toBe(200);
    expect(reply.body.Value).toEqual({ ErrorMessage: EWAY_ERROR_MESSAGES[key] });
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['failed', 'cancelled', 'available']);
    // Asking again changes nothing and gives the same message.
    expect((await validate(client, accessCode)).body.Value).toEqual({ ErrorMessage: EWAY_ERROR_MESSAGES[key] });
  });

  it('declined cards of the sandbox itself: an Amex is refused as unsupported, always-decline as do not honour', async () => {
    const amex = await placed();
    await pay(amex.code, EWAY_TEST_CARDS.amex);
    expect((await validate(amex.client, amex.code)).body.Value).toEqual({
      ErrorMessage: EWAY_ERROR_MESSAGES.UnsupportedCardType,
    });
    await sandbox('/__sandbox/mode', { mode: 'always-decline' });
    const declined = await placed();
    await pay(declined.code);
    expect((await validate(declined.client, declined.code)).body.Value).toEqual({
      ErrorMessage: EWAY_ERROR_MESSAGES.GenericAccountProblem,
    });
    expect((await state(declined.tracking, declined.guitar.id)).product).toBe('available');
  });

  it('cancel: the modal closed unpaid cancels the order and frees the item; a second cancel is harmless', async () => {
    const { guitar, client, code, tracking } = await placed();
    const reply = await cancel(client, code, tracking);
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    expect(reply.body.Value).toEqual({ Status: 'cancelled', ConfirmationUrl: null });
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['cancelled', 'cancelled', 'available']);
    expect((await cancel(client, code, tracking)).body.Value).toEqual({ Status: 'cancelled', ConfirmationUrl: null });
  });

  it('cancel after the shopper had paid: Eway says paid, so the order is paid, not cancelled', async () => {
    const { guitar, client, code, tracking } = await placed();
    await pay(code);
    const reply = await cancel(client, code, tracking);
    expect(reply.body.Value).toEqual({
      Status: 'paid',
      ConfirmationUrl: expect.stringMatching(/^\/checkout\/confirmation\//),
    });
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['succeeded', 'confirmed', 'sold']);
  });

  it('cancel needs the attempt of this shopper with its own access code', async () => {
    const { client, code, tracking } = await placed();
    const other = await placed();
    expect((await cancel(client, other.code, tracking)).status).toBe(404);
    expect((await cancel(new TestClient(server.baseUrl), code, tracking)).status).toBe(404);
    expect((await cancel(client, code, 'PAY-NOSUCH')).status).toBe(404);
    expect((await cancel(client, code, tracking)).body.Value.Status).toBe('cancelled');
  });

  it('tampering is refused: a forged access code, another shopper’s code, IsComplete on an unpaid code', async () => {
    const { guitar, client, code, tracking } = await placed();
    const forged = await validate(client, 'A1001forgedforgedforged');
    expect([forged.status, forged.body.Message]).toEqual([400, EWAY_ERROR_MESSAGES.default]);
    // Someone else's browser cannot finish this shopper's payment, paid or not.
    await pay(code);
    expect((await validate(new TestClient(server.baseUrl), code)).status).toBe(404);
    expect((await state(tracking, guitar.id)).attempt).toBe('pending');
    // The modal's word alone is nothing: an unused code answers the default message and settles nothing.
    const unpaid = await placed();
    const early = await validate(unpaid.client, unpaid.code, true);
    expect(early.body.Value).toEqual({ ErrorMessage: EWAY_ERROR_MESSAGES.default });
    expect((await state(unpaid.tracking, unpaid.guitar.id)).attempt).toBe('pending');
    // Bad bodies are 400 with the field named; without the anti-forgery header, 403.
    const bad = await client.post('/c3api/checkout/eway/validate', { AccessCode: '', IsComplete: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/AccessCode/);
    const noHeader = await fetch(`${server.baseUrl}/c3api/checkout/eway/validate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: client.cookieHeader() },
      body: JSON.stringify({ AccessCode: code, Errors: null, IsComplete: true }),
    });
    expect(noHeader.status).toBe(403);
    await noHeader.arrayBuffer();
    // Its own shopper still finishes it.
    expect((await validate(client, code)).body.Value).toHaveProperty('ConfirmationUrl');
  });

  it('amount mismatch: Eway took another amount than the attempt holds, so it is refused and refunded', async () => {
    const { guitar, client, code, tracking } = await placed();
    // As if the amount at Eway had been changed: the attempt says one thing, Eway's payment another.
    await db()
      .updateTable('payment_attempts')
      .set({ amount_minor: 99 })
      .where('tracking_number', '=', tracking)
      .execute();
    const { TransactionID } = await pay(code);
    const reply = await validate(client, code);
    expect([reply.status, reply.body.Message]).toEqual([400, EWAY_ERROR_MESSAGES.default]);
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order]).toEqual(['pending', 'pending_payment']);
    const tx = (await records()).transactions.find((t) => t.TransactionID === TransactionID);
    expect(tx?.RefundedAmount).toBe(12_300);
  });

  it('reference mismatch: an access code that is not the one this attempt was given is refused', async () => {
    const { guitar, client, code, tracking } = await placed();
    await db()
      .updateTable('payment_attempts')
      .set({ provider_reference: 'A1001another' })
      .where('tracking_number', '=', tracking)
      .execute();
    await pay(code);
    const reply = await validate(client, code);
    expect([reply.status, reply.body.Message]).toEqual([400, EWAY_ERROR_MESSAGES.default]);
    expect((await state(tracking, guitar.id)).attempt).toBe('pending');
  });

  it('a lost answer: validate cannot hear Eway, the attempt waits, and the reconciler finishes it paid', async () => {
    const { guitar, client, code, tracking } = await placed();
    await pay(code);
    await fault({ kind: 'lose-next-response', target: 'query' });
    const reply = await validate(client, code);
    expect(reply.body.Value).toEqual({ ErrorMessage: EWAY_ERROR_MESSAGES.GenericSystemProblem });
    expect((await state(tracking, guitar.id)).attempt).toBe('pending');
    clock += 5 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['succeeded', 'confirmed', 'sold']);
    // The browser coming back later gets the same confirmation.
    expect((await validate(client, code)).body.Value).toHaveProperty('ConfirmationUrl');
  });

  it('the card post’s reply lost in the modal: nothing reaches the shop, the reconciler finds the payment', async () => {
    const { guitar, code, tracking } = await placed();
    await fault({ kind: 'lose-next-response', target: 'payment' });
    await expect(pay(code)).rejects.toThrow();
    clock += 5 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    expect((await state(tracking, guitar.id)).attempt).toBe('succeeded');
  });

  it('the browser and the reconciler racing give one order', async () => {
    const { guitar, client, code, tracking } = await placed();
    await pay(code);
    clock += 5 * MINUTE;
    const [reply] = await Promise.all([
      validate(client, code),
      server.services.paymentReconciler.run(server.ctx()),
      validate(client, code),
    ]);
    expect(reply.body.Value).toHaveProperty('ConfirmationUrl');
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['succeeded', 'confirmed', 'sold']);
  });

  it('a decline the browser never reported is settled by the reconciler: the item is back on sale', async () => {
    const { guitar, code, tracking } = await placed();
    await fault({ kind: 'force-next-response', responseMessage: 'D4451', responseCode: '51', approved: false });
    await pay(code);
    clock += 5 * MINUTE;
    await server.services.paymentReconciler.run(server.ctx());
    const after = await state(tracking, guitar.id);
    expect([after.attempt, after.order, after.product]).toEqual(['failed', 'cancelled', 'available']);
  });

  it('logerror logs the browser’s error with card-like digits masked, and stores nothing', async () => {
    const { client } = await placed();
    logLines.length = 0;
    const reply = await client.post('/c3api/checkout/eway/logerror', {
      ErrorData: { result: 'Error', errors: 'V6110', note: 'card 4444 3333 2222 1111 typed here' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.Value).toEqual({ Logged: true });
    const logged = logLines.join('\n');
    expect(logged).toContain('V6110');
    expect(logged).toContain('[digits removed]');
    expect(logged).not.toMatch(/4444.?3333.?2222.?1111/);
  });
});
