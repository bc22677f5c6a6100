import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../lib/context.js';
import { freePort } from '../../../../lib/free-port.js';
import type { AttemptContext } from '../../payment-provider.js';
import { ProviderUnavailableError } from '../../payment-provider.js';
import { GlobalPayProtocolError, GlobalPayProvider, GlobalPayRefusedError } from './globalpay.adapter.js';
import { merchantResponsePage, resultErrorKey } from './globalpay.protocol.js';
import { globalpaySandbox, SANDBOX_DEFAULTS } from './globalpay.sandbox.js';

const ctx = {} as Ctx;
let sandbox: FastifyInstance;
let merchant: FastifyInstance;
let sandboxUrl: string;
let merchantUrl: string;
let adapter: GlobalPayProvider;
/** What our MERCHANT_RESPONSE_URL received, as the lead's route would see it. */
let received: Record<string, string>[] = [];

let counter = 0;
function attempt(amountMinor = 1999): AttemptContext {
  counter += 1;
  return {
    trackingNumber: `PAY-TEST-${Date.now().toString(36).toUpperCase()}-${counter}`,
    orderReference: `ORD-TEST-${counter}`,
    amountMinor,
    currency: 'GBP',
    customer: { email: 'jo@example.co.uk', firstName: 'Jo', lastName: 'Bloggs', phone: '07911 123456' },
    returnUrl: 'http://shop.test/checkout/confirmation',
    cancelUrl: 'http://shop.test/checkout',
  };
}

async function openHpp(a: AttemptContext, tamper?: (f: Record<string, string>) => void) {
  const payload = adapter.buildHppPayload(a, {
    billing: { line1: '10 Downing Street', postCode: 'SW1A 2AA' },
    postagePaid: true,
  });
  const fields = { ...payload.FormFields };
  tamper?.(fields);
  const response = await fetch(payload.GlobalPayActionUrl, { method: 'POST', body: new URLSearchParams(fields) });
  const html = await response.text();
  return { html, session: /name="session" value="([^"]+)"/.exec(html)?.[1] };
}

async function pay(a: AttemptContext, card: string) {
  const { session, html: page } = await openHpp(a);
  if (!session) throw new Error(`no card page: ${page}`);
  const response = await fetch(`${sandboxUrl}/pay/submit`, {
    method: 'POST',
    body: new URLSearchParams({
      session,
      pas_ccnum: card,
      pas_expiry: '12/39',
      pas_cvn: '123',
      pas_chname: 'Jo Bloggs',
      method: 'card',
    }),
  });
  return response.text();
}

const fault = (body: Record<string, string>) =>
  fetch(`${sandboxUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const records = async () =>
  (await (await fetch(`${sandboxUrl}/__sandbox/records`)).json()) as {
    transactions: { orderId: string; status: string; rebatedMinor: number; cardLast4: string }[];
    notifications: { orderId: string; status: number }[];
  };

beforeAll(async () => {
  merchant = Fastify();
  merchant.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  merchant.post('/c3api/checkout/globalpay/response', async (request, reply) => {
    const fields = request.body as Record<string, string>;
    received.push(fields);
    const ok = fields.RESULT === '00';
    return reply.type('text/html').send(
      merchantResponsePage({
        shopOrigin: 'http://shop.test',
        ...(ok
          ? { confirmationUrl: 'http://shop.test/confirmation' }
          : { errorKey: resultErrorKey(fields.RESULT ?? '') ?? 'default' }),
      }),
    );
  });
  merchantUrl = await merchant.listen({ port: 0, host: '127.0.0.1' });

  const port = await freePort();
  sandboxUrl = `http://127.0.0.1:${port}/globalpay`;
  sandbox = Fastify();
  await sandbox.register(globalpaySandbox({ publicUrl: sandboxUrl }), { prefix: '/globalpay' });
  await sandbox.listen({ port, host: '127.0.0.1' });

  adapter = new GlobalPayProvider({
    baseUrl: sandboxUrl,
    ...SANDBOX_DEFAULTS,
    responseUrl: `${merchantUrl}/c3api/checkout/globalpay/response`,
    shopOrigin: 'http://shop.test',
    timeoutMs: 1000,
  });
});

afterAll(async () => {
  await sandbox?.close();
  await merchant?.close();
});

beforeEach(() => {
  received = [];
});

describe('GlobalPay adapter against the sandbox over HTTP', () => {
  it('a test card pays: signed response verified, authorised not settled, then settled once', async () => {
    const a = attempt();
    const page = await pay(a, '4263970000005262');
    expect(page).toContain('SANDBOX');
    expect(page).toContain('confirmationUrl');
    expect(received).toHaveLength(1);
    const evidence = received[0] as Record<string, string>;
    expect(evidence.BATCHID).toBe('-1');
    expect(JSON.stringify(evidence)).not.toContain('4263970000005262');
    const v = adapter.verifyHppResponse(evidence, a);
    expect(v).toMatchObject({ ok: true, verdict: 'succeeded', result: '00', errorKey: null });
    expect(await adapter.confirm(ctx, a, evidence)).toBe('succeeded');
    expect(await adapter.reconcile(ctx, a)).toBe('succeeded');
    const q = await adapter.query(a.trackingNumber);
    expect(q).toMatchObject({ found: true, settled: false, amountMinor: 1999 });
    if (!q.found) throw new Error('unreachable');
    expect(
      await adapter.settle({ orderId: a.trackingNumber, pasref: q.pasref, amountMinor: 1999, currency: 'GBP' }),
    ).toMatchObject({ alreadyDone: false });
    // Settling twice answers as the provider does: already done, nothing moves twice.
    expect(
      await adapter.settle({ orderId: a.trackingNumber, pasref: q.pasref, amountMinor: 1999, currency: 'GBP' }),
    ).toMatchObject({ alreadyDone: true });
    expect(await adapter.query(a.trackingNumber)).toMatchObject({ settled: true });
    const txn = (await records()).transactions.find((t) => t.orderId === a.trackingNumber);
    expect(txn).toMatchObject({ status: 'settled', cardLast4: '5262' });
  });

  it.each([
    ['4000126842489127', '101', 'GenericAccountProblem'],
    ['4000136842489878', '102', 'ContactCardIssuer'],
    ['4000166842489115', '103', 'ContactCardIssuer'],
    ['4009837983422344', '205', 'GenericSystemProblem'],
  ])('card %s declines with %s -> %s', async (card, result, key) => {
    const a = attempt();
    const page = await pay(a, card);
    expect(page).toContain('"error');
    const v = adapter.verifyHppResponse(received[0] as Record<string, string>, a);
    expect(v).toMatchObject({ ok: true, verdict: 'failed', result, errorKey: key });
    expect(await adapter.confirm(ctx, a, received[0] as Record<string, string>)).toBe('failed');
    expect(await adapter.reconcile(ctx, a)).toBe('failed');
  });

  it('cancel voids an authorisation, twice is harmless; cancel before paying does nothing', async () => {
    const a = attempt();
    await pay(a, '4263970000005262');
    await adapter.cancel(ctx, a);
    await adapter.cancel(ctx, a);
    expect((await records()).transactions.find((t) => t.orderId === a.trackingNumber)?.status).toBe('voided');
    const unpaid = attempt();
    await adapter.cancel(ctx, unpaid);
    expect(await adapter.reconcile(ctx, unpaid)).toBe('pending');
  });

  it('refunds: a rebate after settlement, never more than was settled', async () => {
    const a = attempt(5000);
    await pay(a, '5425232820001308');
    const q = await adapter.query(a.trackingNumber);
    if (!q.found) throw new Error('not found');
    await adapter.settle({ orderId: a.trackingNumber, pasref: q.pasref, amountMinor: 5000, currency: 'GBP' });
    await adapter.refund(ctx, a, 2000);
    await adapter.refund(ctx, a, 3000);
    await expect(adapter.refund(ctx, a, 1)).rejects.toBeInstanceOf(GlobalPayRefusedError);
    expect((await records()).transactions.find((t) => t.orderId === a.trackingNumber)?.rebatedMinor).toBe(5000);
  });

  it('refunds items one by one before settlement: the first settles the rest, the next is a rebate of that', async () => {
    const a = attempt(5000);
    await pay(a, '5425232820001308');
    await adapter.refund(ctx, a, 2000);
    let txn = (await records()).transactions.find((t) => t.orderId === a.trackingNumber);
    expect(txn).toMatchObject({ status: 'settled', settledMinor: 3000, rebatedMinor: 0 });
    await adapter.refund(ctx, a, 1000);
    txn = (await records()).transactions.find((t) => t.orderId === a.trackingNumber);
    expect(txn).toMatchObject({ settledMinor: 3000, rebatedMinor: 1000 });
  });

  it('a response for another order or amount, or with a changed field, is refused; confirm then asks the provider', async () => {
    const a = attempt();
    await pay(a, '4263970000005262');
    const evidence = received[0] as Record<string, string>;
    expect(adapter.verifyHppResponse(evidence, { ...a, trackingNumber: 'PAY-OTHER' })).toEqual({
      ok: false,
      reason: 'order',
    });
    expect(adapter.verifyHppResponse(evidence, { ...a, amountMinor: 1 })).toEqual({ ok: false, reason: 'amount' });
    expect(adapter.verifyHppResponse({ ...evidence, AMOUNT: '1' }, a)).toEqual({ ok: false, reason: 'amount' });
    expect(adapter.verifyHppResponse({ ...evidence, RESULT: '00', MESSAGE: 'x' }, a)).toEqual({
      ok: false,
      reason: 'hash',
    });
    expect(adapter.verifyHppResponse({ ...evidence, SHA1HASH: '0'.repeat(40) }, a)).toEqual({
      ok: false,
      reason: 'hash',
    });
    expect(adapter.verifyHppResponse({}, a)).toEqual({ ok: false, reason: 'missing-fields' });
    // A forged "declined" for a paid attempt cannot fail it: the provider's word wins.
    const forged = { ...evidence, RESULT: '101', SHA1HASH: 'f'.repeat(40) };
    expect(await adapter.confirm(ctx, a, forged)).toBe('succeeded');
    // A forged "paid" for an unpaid attempt stays pending.
    const unpaid = attempt();
    expect(await adapter.confirm(ctx, unpaid, { ...evidence, ORDER_ID: unpaid.trackingNumber })).toBe('pending');
  });

  it('the HPP refuses a tampered amount (hash) and a reused ORDER_ID', async () => {
    const tampered = await openHpp(attempt(), (f) => {
      f.AMOUNT = '1';
    });
    expect(tampered.session).toBeUndefined();
    expect(tampered.html).toContain('Error 505');
    const a = attempt();
    await pay(a, '4263970000005262');
    const again = await openHpp(a);
    expect(again.html).toContain('Error 501');
    expect(again.html).toContain('has already been processed');
  });

  it('the card page is marked, posts only to the sandbox, and tells the parent its height', async () => {
    const { html } = await openHpp(attempt());
    expect(html).toContain('SANDBOX — no real money');
    const actions = [...html.matchAll(/action="([^"]+)"/g)].map((m) => m[1]);
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action?.startsWith(sandboxUrl)).toBe(true);
    expect(html).toContain('iframe:{height');
    expect(html).toContain('"http://shop.test"');
  });
});

describe('GlobalPay sandbox faults', () => {
  it('lost settle reply: unavailable, then the query tells the truth and a retry answers already done', async () => {
    const a = attempt();
    await pay(a, '4263970000005262');
    const q = await adapter.query(a.trackingNumber);
    if (!q.found) throw new Error('not found');
    await fault({ kind: 'lose-next-response', op: 'settle' });
    const ref = { orderId: a.trackingNumber, pasref: q.pasref, amountMinor: 1999, currency: 'GBP' };
    await expect(adapter.settle(ref)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await adapter.query(a.trackingNumber)).toMatchObject({ settled: true });
    expect(await adapter.settle(ref)).toMatchObject({ alreadyDone: true });
  });

  it('lost notification: the merchant hears nothing, the reconciler finds the payment', async () => {
    const a = attempt();
    await fault({ kind: 'lose-next-response', target: 'notify' });
    const page = await pay(a, '4263970000005262');
    expect(page).toContain('problem connecting back');
    expect(received).toHaveLength(0);
    expect(await adapter.reconcile(ctx, a)).toBe('succeeded');
  });

  it('a query that times out once: unavailable, then OK', async () => {
    const a = attempt();
    await pay(a, '4263970000005262');
    await fault({ kind: 'timeout-next-query' });
    const started = Date.now();
    await expect(adapter.reconcile(ctx, a)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await adapter.reconcile(ctx, a)).toBe('succeeded');
  });

  it('a notification delivered three times at once: three identical, each verifies', async () => {
    const a = attempt();
    await fault({ kind: 'triple-notify' });
    await pay(a, '4263970000005262');
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => JSON.stringify(r))).size).toBe(1);
    for (const r of received) expect(adapter.verifyHppResponse(r, a)).toMatchObject({ ok: true, verdict: 'succeeded' });
    expect((await records()).notifications.filter((n) => n.orderId === a.trackingNumber)).toHaveLength(3);
  });

  it('a reply with a bad signature is never trusted', async () => {
    const a = attempt();
    await pay(a, '4263970000005262');
    await fault({ kind: 'tamper-next-response' });
    await expect(adapter.query(a.trackingNumber)).rejects.toBeInstanceOf(GlobalPayProtocolError);
  });

  it('an unreachable provider is unavailable, not a refusal', async () => {
    const down = new GlobalPayProvider({
      baseUrl: `http://127.0.0.1:${await freePort()}/globalpay`,
      ...SANDBOX_DEFAULTS,
      responseUrl: 'http://shop.test/r',
      shopOrigin: 'http://shop.test',
      timeoutMs: 500,
    });
    await expect(down.reconcile(ctx, attempt())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('a wrong shared secret is refused by the provider (505), not mistaken for not found', async () => {
    const wrong = new GlobalPayProvider({
      baseUrl: sandboxUrl,
      ...SANDBOX_DEFAULTS,
      sharedSecret: 'nope',
      responseUrl: 'http://shop.test/r',
      shopOrigin: 'http://shop.test',
    });
    await expect(wrong.query('PAY-X')).rejects.toMatchObject({ result: '505' });
  });
});
