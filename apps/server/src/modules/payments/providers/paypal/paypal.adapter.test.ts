import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../lib/context.js';
import { freePort } from '../../../../lib/free-port.js';
import { ProviderUnavailableError } from '../../payment-provider.js';
import {
  type PayPalAttemptContext,
  PayPalMismatchError,
  PayPalProvider,
  PayPalRefusalError,
  PayPalWebhookRejectedError,
} from './paypal.adapter.js';
import { PAYPAL_CARD_REJECTION_TRIGGERS, type PayPalSandboxFault, paypalSandbox } from './paypal.sandbox.js';

/**
 * The adapter against the sandbox over real HTTP on 127.0.0.1: the shop's side (adapter and a
 * webhook receiver that verifies through the adapter) and PayPal's side (the sandbox) meet only
 * over HTTP, exactly as in production.
 */

const ctx = {} as Ctx;
const WEBHOOK_ID = 'WH-SANDBOX-1';

let sandbox: FastifyInstance;
let shop: FastifyInstance;
let base: string;
let provider: PayPalProvider;
const received: { headers: Record<string, string | string[] | undefined>; raw: string; verified: string | null }[] = [];

function newProvider(overrides: Partial<ConstructorParameters<typeof PayPalProvider>[0]> = {}) {
  return new PayPalProvider({
    baseUrl: base,
    clientId: 'test-client',
    clientSecret: 'test-secret',
    webhookId: WEBHOOK_ID,
    timeoutMs: 1_000,
    ...overrides,
  });
}

beforeAll(async () => {
  // The shop's webhook receiver: raw body in, verified through the adapter (PayPal's verify API).
  shop = Fastify();
  await shop.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/hooks/paypal', async (request, reply) => {
      const raw = request.body as string;
      const entry = { headers: request.headers, raw, verified: null as string | null };
      received.push(entry);
      try {
        const { subject } = await provider.verifyWebhook(request.headers, raw);
        entry.verified = subject.eventType;
      } catch (error) {
        entry.verified = `rejected: ${(error as Error).message}`;
      }
      return reply.code(200).send();
    });
  });
  await shop.listen({ host: '127.0.0.1', port: 0 });
  const shopAddress = shop.server.address();
  const shopPort = typeof shopAddress === 'object' && shopAddress ? shopAddress.port : 0;

  const port = await freePort();
  base = `http://127.0.0.1:${port}/paypal`;
  sandbox = Fastify();
  await sandbox.register(
    paypalSandbox({
      publicUrl: base,
      clientId: 'test-client',
      clientSecret: 'test-secret',
      notify: { url: `http://127.0.0.1:${shopPort}/hooks/paypal`, webhookId: WEBHOOK_ID },
    }),
    { prefix: '/paypal' },
  );
  await sandbox.listen({ host: '127.0.0.1', port });
  provider = newProvider();
});

afterAll(async () => {
  await sandbox?.close();
  await shop?.close();
});

beforeEach(() => {
  received.length = 0;
});

function attempt(overrides: Partial<PayPalAttemptContext> = {}): PayPalAttemptContext {
  const tracking = `PAY-${randomUUID()}`;
  return {
    trackingNumber: tracking,
    orderReference: 'ORD-1',
    amountMinor: 12_845,
    currency: 'AUD',
    customer: { email: 'jo@example.com', firstName: 'Jo', lastName: 'Citizen', phone: '0412345678' },
    returnUrl: `http://shop.test/c3api/checkout/paypal/accept?securityKey=${tracking}`,
    cancelUrl: 'http://shop.test/c3api/checkout/paypal/cancel',
    paypal: {
      items: [
        { name: 'Fender Stratocaster', sku: 'P-1', priceMinor: 10_000 },
        { name: 'Guitar lead', priceMinor: 2_345 },
      ],
      postageMinor: 1_000,
      discountMinor: 500,
      shipping: {
        fullName: 'Jo Citizen',
        line1: '1 George St',
        suburb: 'Sydney',
        state: 'NSW',
        postCode: '2000',
        countryCode: 'AUS',
      },
    },
    ...overrides,
  };
}

async function startOrder(a: PayPalAttemptContext): Promise<string> {
  const result = await provider.start(ctx, a);
  if (result.kind !== 'page-data') throw new Error('expected page data');
  const token = result.value.Token as string;
  a.providerReference = token;
  return token;
}

/** What the shopper's browser does on the sandbox's approval page. */
async function approve(token: string, body: Record<string, unknown> = { method: 'paypal', scenario: 'SUCCESS' }) {
  const response = await fetch(`${base}/checkoutnow/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function fault(f: PayPalSandboxFault) {
  const response = await fetch(`${base}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(f),
  });
  expect(response.status).toBe(204);
}

interface SandboxState {
  orders: {
    id: string;
    status: string;
    referenceId: string;
    capture: { id: string; status: string } | null;
    refunds: unknown[];
  }[];
  requests: { method: string; path: string; requestId: string | null }[];
  webhooks: { eventId: string; eventType: string; status: number | string }[];
}

async function state(): Promise<SandboxState> {
  return (await (await fetch(`${base}/__sandbox/state`)).json()) as SandboxState;
}

async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function rawApi(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const token = (await (
    await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
  ).json()) as { access_token: string };
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('PayPal adapter against the sandbox over HTTP', () => {
  it('creates the order with our reference, items and breakdown, is approved, captures, and reconciles as paid', async () => {
    const a = attempt();
    const token = await startOrder(a);
    const order = await provider.getOrder(token);
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.purchase_units?.[0]?.reference_id).toBe(a.trackingNumber);
    expect(order.purchase_units?.[0]?.amount?.value).toBe('128.45');
    expect(order.links?.find((l) => l.rel === 'payer-action')?.href).toBe(`${base}/checkoutnow?token=${token}`);

    const approval = await approve(token);
    expect(approval.status).toBe(200);
    expect(approval.body.returnUrl).toContain(`securityKey=${a.trackingNumber}`);
    expect(approval.body.returnUrl).toContain(`token=${token}`);

    const outcome = await provider.captureOrder(a, token, { payerId: approval.body.payerID });
    expect(outcome).toMatchObject({
      verdict: 'succeeded',
      orderId: token,
      status: 'COMPLETED',
      alreadyCaptured: false,
    });
    expect(outcome.captureId).toMatch(/^[A-Z0-9]{17}$/);
    expect(await provider.reconcile(ctx, a)).toBe('succeeded');

    // The requests carried idempotency keys derived from the tracking number.
    const s = await state();
    expect(s.requests.find((r) => r.method === 'POST' && r.path.endsWith('/v2/checkout/orders'))?.requestId).toBe(
      `${a.trackingNumber}:create`,
    );
    expect(s.requests.find((r) => r.path.endsWith('/capture'))?.requestId).toBe(`${a.trackingNumber}:capture`);

    // Both webhooks arrived signed and were verified through PayPal's verify API.
    const hooks = await until(
      () => received.filter((r) => r.raw.includes(token)).map((r) => r.verified),
      (v) => v.length >= 2,
    );
    expect(hooks).toEqual(expect.arrayContaining(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']));
  });

  it('gets one token and keeps it; a revoked token is renewed once, transparently', async () => {
    const fresh = newProvider();
    const before = (await state()).requests.filter((r) => r.path.endsWith('/v1/oauth2/token')).length;
    const a = attempt();
    await fresh.start(ctx, a);
    await fresh.start(ctx, a);
    const afterTwo = (await state()).requests.filter((r) => r.path.endsWith('/v1/oauth2/token')).length;
    expect(afterTwo - before).toBe(1);
    await fault({ kind: 'revoke-tokens' });
    await fresh.start(ctx, a);
    const afterRevoke = (await state()).requests.filter((r) => r.path.endsWith('/v1/oauth2/token')).length;
    expect(afterRevoke - afterTwo).toBe(1);
  });

  it('refuses wrong credentials as a refusal, not an outage', async () => {
    const wrong = newProvider({ clientSecret: 'nope' });
    await expect(wrong.start(ctx, attempt())).rejects.toMatchObject({ name: 'PayPalRefusalError', status: 401 });
  });

  it('pays with pay later too', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token, { method: 'paypal', fundingSource: 'paylater', scenario: 'SUCCESS' });
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('succeeded');
  });

  it('pays with a published test card', async () => {
    const a = attempt();
    const token = await startOrder(a);
    const approval = await approve(token, {
      method: 'card',
      card: { number: '4012 8888 8888 1881', expiry: '12/39', cvv: '123', name: 'Jo Citizen' },
    });
    expect(approval.status).toBe(200);
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('succeeded');
    const order = await provider.getOrder(token);
    expect(order.payment_source).toEqual({ card: { last_digits: '1881', brand: 'VISA', type: 'CREDIT' } });
  });

  it('refuses a card that is not a published test card on the approval page', async () => {
    const token = await startOrder(attempt());
    const approval = await approve(token, {
      method: 'card',
      card: { number: '4111 1111 1111 1112', expiry: '12/39', cvv: '123', name: 'Jo' },
    });
    expect(approval.status).toBe(400);
  });

  const cardDeclines: [string, string][] = [
    ['CCREJECT-IF', 'InsufficientCardFunds'],
    ['CCREJECT-IRC', 'InvalidCardNumber'],
    ['CCREJECT-IA', 'InvalidCardNumber'],
    ['CCREJECT-EC', 'GenericCardProblem'],
    ['CCREJECT-CVV_F', 'GenericCardProblem'],
    ['CCREJECT-REFUSED', 'ContactCardIssuer'],
    ['CCREJECT-SF', 'ContactCardIssuer'],
    ['CCREJECT-LS', 'ContactCardIssuer'],
    ['CCREJECT-BANK_ERROR', 'GenericAccountProblem'],
  ];
  it('covers every published rejection trigger', () => {
    expect(cardDeclines.map(([t]) => t).sort()).toEqual(Object.keys(PAYPAL_CARD_REJECTION_TRIGGERS).sort());
  });
  for (const [trigger, key] of cardDeclines) {
    it(`declines a card named ${trigger} as ${key}`, async () => {
      const a = attempt();
      const token = await startOrder(a);
      await approve(token, {
        method: 'card',
        card: { number: '4012888888881881', expiry: '12/39', cvv: '123', name: trigger },
      });
      const outcome = await provider.captureOrder(a, token);
      expect(outcome).toMatchObject({ verdict: 'failed', status: 'DECLINED', errorKey: key });
      expect(await provider.reconcile(ctx, a)).toBe('failed');
    });
  }

  const walletDeclines: [string, string][] = [
    ['INSTRUMENT_DECLINED', 'GenericAccountProblem'],
    ['PAYER_CANNOT_PAY', 'GenericAccountProblem'],
    ['PAYER_ACCOUNT_RESTRICTED', 'GenericAccountProblem'],
    ['TRANSACTION_REFUSED', 'default'],
  ];
  for (const [scenario, key] of walletDeclines) {
    it(`declines a wallet payment with ${scenario} as ${key}, and the shopper may approve again`, async () => {
      const a = attempt();
      const token = await startOrder(a);
      await approve(token, { method: 'paypal', scenario });
      const outcome = await provider.captureOrder(a, token);
      expect(outcome).toMatchObject({ verdict: 'failed', status: scenario, errorKey: key });
      // PayPal wants the buyer to choose again (actions.restart()): the order is waiting again.
      expect((await provider.getOrder(token)).status).toBe('PAYER_ACTION_REQUIRED');
      expect(await provider.reconcile(ctx, a)).toBe('pending');
    });
  }

  it('leaves a capture pending review as pending', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token, { method: 'paypal', scenario: 'PENDING' });
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('pending');
    expect(await provider.reconcile(ctx, a)).toBe('pending');
  });

  it('answers pending for an unapproved order (422 ORDER_NOT_APPROVED), and the sandbox refuses the capture', async () => {
    const a = attempt();
    const token = await startOrder(a);
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('pending');
    const raw = await rawApi(`/v2/checkout/orders/${token}/capture`, { method: 'POST', body: '{}' });
    expect(raw.status).toBe(422);
    expect((raw.body.details as { issue: string }[])[0]?.issue).toBe('ORDER_NOT_APPROVED');
  });

  it('cancels: the approval page gives the cancel URL with the token; an unpaid order cancels, a paid one refuses', async () => {
    const a = attempt();
    const token = await startOrder(a);
    const response = await fetch(`${base}/checkoutnow/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(((await response.json()) as { cancelUrl: string }).cancelUrl).toBe(`${a.cancelUrl}?token=${token}`);
    await expect(provider.cancel(ctx, a)).resolves.toBeUndefined();
    expect(await provider.reconcile(ctx, a)).toBe('pending');

    const paid = attempt();
    const paidToken = await startOrder(paid);
    await approve(paidToken);
    await provider.confirm(ctx, paid, { orderId: paidToken });
    await expect(provider.cancel(ctx, paid)).rejects.toBeInstanceOf(PayPalRefusalError);
  });

  it('refuses to capture an order whose amount or reference is not the attempt’s, and captures nothing', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    await expect(provider.confirm(ctx, { ...a, amountMinor: a.amountMinor - 1 }, { orderId: token })).rejects.toEqual(
      new PayPalMismatchError('amount'),
    );
    await expect(provider.confirm(ctx, { ...a, currency: 'GBP' }, { orderId: token })).rejects.toEqual(
      new PayPalMismatchError('currency'),
    );
    await expect(provider.confirm(ctx, { ...a, trackingNumber: 'PAY-other' }, { orderId: token })).rejects.toEqual(
      new PayPalMismatchError('reference'),
    );
    await expect(provider.confirm(ctx, a, { orderId: token, payerId: 'SOMEONEELSE12' })).rejects.toEqual(
      new PayPalMismatchError('payer'),
    );
    expect((await provider.getOrder(token)).status).toBe('APPROVED');
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('succeeded');
  });

  it('refuses a tampered amount breakdown at PayPal (422 AMOUNT_MISMATCH)', async () => {
    const raw = await rawApi('/v2/checkout/orders', {
      method: 'POST',
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: 'X',
            amount: {
              currency_code: 'AUD',
              value: '10.00',
              breakdown: { item_total: { currency_code: 'AUD', value: '9.00' } },
            },
            items: [{ name: 'a', quantity: '1', unit_amount: { currency_code: 'AUD', value: '9.00' } }],
          },
        ],
      }),
    });
    expect(raw.status).toBe(422);
    expect((raw.body.details as { issue: string }[])[0]?.issue).toBe('AMOUNT_MISMATCH');
  });

  it('captures once: a repeat answers success, and a capture by someone else first (422 ORDER_ALREADY_CAPTURED) counts as success', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('succeeded');
    const again = await provider.captureOrder(a, token);
    expect(again).toMatchObject({ verdict: 'succeeded', alreadyCaptured: true });
    // PayPal's own answer to a second capture with another request id:
    const raw = await rawApi(`/v2/checkout/orders/${token}/capture`, {
      method: 'POST',
      body: '{}',
      headers: { 'paypal-request-id': 'another' },
    });
    expect(raw.status).toBe(422);
    expect((raw.body.details as { issue: string }[])[0]?.issue).toBe('ORDER_ALREADY_CAPTURED');

    // Another server captures between our GET and our capture: we get 422 ORDER_ALREADY_CAPTURED.
    const b = attempt();
    const bToken = await startOrder(b);
    await approve(bToken);
    const racing = newProvider({
      fetch: async (input, init) => {
        const url = String(input);
        if (url.endsWith('/capture')) {
          const first = await rawApi(`/v2/checkout/orders/${bToken}/capture`, {
            method: 'POST',
            body: '{}',
            headers: { 'paypal-request-id': 'other-server' },
          });
          expect(first.status).toBe(201);
        }
        return fetch(input, init);
      },
    });
    const raced = await racing.captureOrder(b, bToken);
    expect(raced).toMatchObject({ verdict: 'succeeded', alreadyCaptured: true, status: 'COMPLETED' });
    expect((await state()).orders.filter((o) => o.id === bToken && o.capture)).toHaveLength(1);
  });

  it('creates once per tracking number: a repeated start answers the same order', async () => {
    const a = attempt();
    const first = await startOrder(a);
    const second = await startOrder(a);
    expect(second).toBe(first);
    expect((await state()).orders.filter((o) => o.referenceId === a.trackingNumber)).toHaveLength(1);
  });

  it('create committed but the answer lost: unavailable, then the retry finds the same order', async () => {
    const a = attempt();
    await fault({ kind: 'lose-next-response', on: 'create' });
    await expect(provider.start(ctx, a)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect((await state()).orders.filter((o) => o.referenceId === a.trackingNumber)).toHaveLength(1);
    const token = await startOrder(a);
    expect((await state()).orders.filter((o) => o.referenceId === a.trackingNumber).map((o) => o.id)).toEqual([token]);
  });

  it('capture committed but the answer lost: unavailable, then reconcile tells the truth and confirm succeeds', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    await fault({ kind: 'lose-next-response', on: 'capture' });
    await expect(provider.confirm(ctx, a, { orderId: token })).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect((await state()).orders.find((o) => o.id === token)?.status).toBe('COMPLETED');
    expect(await provider.reconcile(ctx, a)).toBe('succeeded');
    expect(await provider.confirm(ctx, a, { orderId: token })).toBe('succeeded');
  });

  it('a query that times out once is unavailable, then answers', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    await provider.confirm(ctx, a, { orderId: token });
    await fault({ kind: 'timeout-next-query', delayMs: 3_000 });
    const quick = newProvider({ timeoutMs: 300 });
    await expect(quick.reconcile(ctx, a)).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      reason: 'timeout',
    });
    expect(await quick.reconcile(ctx, a)).toBe('succeeded');
  });

  it('a 5xx is unavailable, never a refusal', async () => {
    await fault({ kind: 'fail-next', on: 'create', status: 503 });
    await expect(provider.start(ctx, attempt())).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      reason: 'server',
      httpStatus: 503,
    });
  });

  it('an unreachable PayPal is unavailable', async () => {
    const nowhere = newProvider({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(nowhere.start(ctx, attempt())).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      reason: 'network',
    });
  });

  it('reconciles an attempt that never got an order id, or whose order PayPal forgot, as failed', async () => {
    expect(await provider.reconcile(ctx, attempt())).toBe('failed');
    expect(await provider.reconcile(ctx, attempt({ providerReference: 'NOSUCHORDER000000' }))).toBe('failed');
  });

  it('refunds a capture once per amount; more than was captured is refused', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    const outcome = await provider.captureOrder(a, token);
    await provider.refund(ctx, a, 1_000);
    await provider.refund(ctx, a, 1_000); // the same request again: replayed, not a second refund
    let order = (await state()).orders.find((o) => o.id === token);
    expect(order?.refunds).toHaveLength(1);
    expect(order?.capture?.status).toBe('PARTIALLY_REFUNDED');
    await expect(
      provider.refundCapture(outcome.captureId as string, {
        amountMinor: a.amountMinor,
        currency: 'AUD',
        requestId: `${a.trackingNumber}:refund:too-much`,
      }),
    ).rejects.toMatchObject({ issue: 'REFUND_AMOUNT_EXCEEDED' });
    await provider.refund(ctx, a, a.amountMinor - 1_000);
    order = (await state()).orders.find((o) => o.id === token);
    expect(order?.capture?.status).toBe('REFUNDED');
    expect(await provider.reconcile(ctx, a)).toBe('succeeded');
  });

  it('refunds two items of equal price as two partial refunds (named by key); a retry of either is the same refund', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    await provider.captureOrder(a, token);
    await provider.refund(ctx, a, 1_000, { key: 'line-1' });
    await provider.refund(ctx, a, 1_000, { key: 'line-2' });
    await provider.refund(ctx, a, 1_000, { key: 'line-1' }); // line 1's refund retried
    const order = (await state()).orders.find((o) => o.id === token);
    expect(order?.refunds).toHaveLength(2);
    expect(order?.capture?.status).toBe('PARTIALLY_REFUNDED');
  });

  it('believes a webhook only when PayPal verifies it: tampered body, signature or webhook id is rejected', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await approve(token);
    const [hook] = await until(
      () => received.filter((r) => r.verified === 'CHECKOUT.ORDER.APPROVED' && r.raw.includes(token)),
      (v) => v.length >= 1,
    );
    if (!hook) throw new Error('no webhook arrived');
    const verified = await provider.verifyWebhook(hook.headers, hook.raw);
    expect(verified.subject).toMatchObject({ orderId: token, trackingNumber: a.trackingNumber });

    const tamperedBody = hook.raw.replace('"APPROVED"', '"COMPLETED"');
    expect(tamperedBody).not.toBe(hook.raw);
    await expect(provider.verifyWebhook(hook.headers, tamperedBody)).rejects.toBeInstanceOf(PayPalWebhookRejectedError);
    const sig = String(hook.headers['paypal-transmission-sig']);
    const badSig = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    await expect(
      provider.verifyWebhook({ ...hook.headers, 'paypal-transmission-sig': badSig }, hook.raw),
    ).rejects.toBeInstanceOf(PayPalWebhookRejectedError);
    await expect(
      provider.verifyWebhook({ ...hook.headers, 'paypal-transmission-time': new Date().toISOString() }, hook.raw),
    ).rejects.toBeInstanceOf(PayPalWebhookRejectedError);
    await expect(newProvider({ webhookId: 'WH-OTHER' }).verifyWebhook(hook.headers, hook.raw)).rejects.toBeInstanceOf(
      PayPalWebhookRejectedError,
    );
    await expect(provider.verifyWebhook({}, hook.raw)).rejects.toBeInstanceOf(PayPalWebhookRejectedError);
  });

  it('delivers a notification three times at once when asked; each copy verifies and names the same event', async () => {
    const a = attempt();
    const token = await startOrder(a);
    await fault({ kind: 'triple-notify' });
    await approve(token);
    const copies = await until(
      () => received.filter((r) => r.verified === 'CHECKOUT.ORDER.APPROVED' && r.raw.includes(token)),
      (v) => v.length >= 3,
    );
    expect(copies).toHaveLength(3);
    const ids = new Set(copies.map((c) => (JSON.parse(c.raw) as { id: string }).id));
    expect(ids.size).toBe(1);
    // The shop then captures once, however many copies it acts on.
    const results = await Promise.all(copies.map(() => provider.captureOrder(a, token)));
    expect(results.every((r) => r.verdict === 'succeeded')).toBe(true);
    expect(new Set(results.map((r) => r.captureId)).size).toBe(1);
  });

  it('serves the buttons script and an approval page marked SANDBOX', async () => {
    const script = await fetch(`${base}/sdk/js?client-id=test-client&currency=AUD&enable-funding=paylater`);
    expect(script.headers.get('content-type')).toContain('javascript');
    const js = await script.text();
    expect(js).toContain('window.paypal');
    expect(js).toContain('Pay Later');
    const token = await startOrder(attempt());
    const page = await fetch(`${base}/checkoutnow?token=${token}&fundingSource=paylater`);
    const html = await page.text();
    expect(html).toContain('SANDBOX — no real money');
    expect(html).toContain('Pay in 4');
    expect(html).toContain('Approve');
    expect(html).toContain('Cancel');
    expect((await fetch(`${base}/checkoutnow?token=${token}`)).headers.get('content-security-policy')).toContain(
      "form-action 'self'",
    );
  });
});
