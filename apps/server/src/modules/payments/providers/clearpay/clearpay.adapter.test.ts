import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../lib/context.js';
import { freePort } from '../../../../lib/free-port.js';
import type { AttemptContext } from '../../payment-provider.js';
import { ProviderUnavailableError } from '../../payment-provider.js';
import { ClearpayApiError, type ClearpayOptions, ClearpayProvider, PaymentMismatchError } from './clearpay.adapter.js';
import { clearpayAmountMessage, type Payment } from './clearpay.protocol.js';
import { clearpaySandbox, SANDBOX_MERCHANT, type SandboxFault } from './clearpay.sandbox.js';

const ctx = {} as Ctx;
let app: FastifyInstance;
let sandboxUrl: string;
/** The sandbox's notify goes through this, so a test can play the shop receiving the return. */
let onNotify: (url: string) => Promise<unknown> = async () => undefined;

beforeAll(async () => {
  const port = await freePort();
  sandboxUrl = `http://127.0.0.1:${port}/clearpay`;
  app = Fastify({ logger: false });
  await app.register(clearpaySandbox({ publicUrl: sandboxUrl, notify: (url) => onNotify(url) }), {
    prefix: '/clearpay',
  });
  await app.listen({ host: '127.0.0.1', port });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await fetch(`${sandboxUrl}/__sandbox/reset`, { method: 'POST' });
  onNotify = async () => undefined;
});

function provider(overrides: Partial<ClearpayOptions> = {}): ClearpayProvider {
  return new ClearpayProvider({
    baseUrl: sandboxUrl,
    merchantId: SANDBOX_MERCHANT.merchantId,
    secretKey: SANDBOX_MERCHANT.secretKey,
    userAgent: { merchantName: 'Demo Market', websiteUrl: 'https://shop.example' },
    timeoutMs: 2000,
    ...overrides,
  });
}

function attempt(overrides: Partial<AttemptContext> = {}): AttemptContext {
  return {
    trackingNumber: `PAY-${randomUUID()}`,
    orderReference: 'ORD-1',
    amountMinor: 12_345,
    currency: 'GBP',
    customer: { email: 'joe@example.com', firstName: 'Joe', lastName: 'Consumer', phone: '07777799999' },
    returnUrl: 'https://shop.example/checkout/clearpay/return',
    cancelUrl: 'https://shop.example/checkout/clearpay/cancel',
    ...overrides,
  };
}

async function arm(fault: SandboxFault): Promise<void> {
  const response = await fetch(`${sandboxUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
}

interface SandboxState {
  checkouts: { token: string; state: string; cardLast4: string | null }[];
  payments: Payment[];
  requests: { operation: string; status: number | 'dropped'; userAgent?: string; fault?: string }[];
  notifications: { ok: boolean }[];
}

async function state(): Promise<SandboxState> {
  return (await (await fetch(`${sandboxUrl}/__sandbox/state`)).json()) as SandboxState;
}

async function startCheckout(p: ClearpayProvider, a: AttemptContext) {
  const started = await p.start(ctx, a);
  if (started.kind !== 'page-data') throw new Error('expected page data');
  const value = started.value as { Token: string; RedirectCheckoutUrl: string; Expires: string };
  expect(started.providerReference).toBe(value.Token);
  return { token: value.Token, redirectCheckoutUrl: value.RedirectCheckoutUrl, expires: value.Expires };
}

/** The shopper on the sandbox page: open it, then Confirm with a card (or Cancel). Returns the return URL's query. */
async function shopper(
  redirectCheckoutUrl: string,
  action: { cvv: string; cardNumber?: string; expiry?: string } | 'cancel',
): Promise<Record<string, string>> {
  const pageResponse = await fetch(redirectCheckoutUrl);
  expect(pageResponse.status).toBe(200);
  const html = await pageResponse.text();
  expect(html).toContain('SANDBOX — no real money');
  expect(pageResponse.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example");
  const token = new URL(redirectCheckoutUrl).searchParams.get('token') ?? '';
  const form =
    action === 'cancel'
      ? new URLSearchParams({ token })
      : new URLSearchParams({
          token,
          cardNumber: action.cardNumber ?? '4111 1111 1111 1111',
          expiry: action.expiry ?? '01/99',
          cvv: action.cvv,
        });
  const response = await fetch(`${sandboxUrl}/checkout/${action === 'cancel' ? 'cancel' : 'confirm'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return Object.fromEntries(new URL(response.headers.get('location') ?? '').searchParams);
}

describe('Clearpay adapter against the sandbox over HTTP', () => {
  it('reads the configuration and states the range in the spec words', async () => {
    const config = await provider().configuration();
    expect(config.minimumAmount).toEqual({ amount: '1.00', currency: 'GBP' });
    expect(config.maximumAmount).toEqual({ amount: '1200.00', currency: 'GBP' });
    expect(clearpayAmountMessage(config.range.minimumMinor, config.range.maximumMinor)).toBe(
      'The Clearpay order amount, including postage fees, must be between £1.00 and £1,200.00.',
    );
  });

  it('pays: checkout, the shopper approves on the sandbox page, confirm captures once', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    expect(redirectCheckoutUrl).toBe(`${sandboxUrl}/checkout/?token=${token}`);
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    expect(back).toEqual({ status: 'SUCCESS', orderToken: token });

    const result = await p.confirmWithDetails(a, { ...back, expectedToken: token });
    expect(result).toMatchObject({ verdict: 'succeeded', token });
    expect(result.paymentId).toMatch(/^\d+$/);
    expect(await p.confirm(ctx, a, { ...back, expectedToken: token })).toBe('succeeded');
    expect(await p.reconcile(ctx, a)).toBe('succeeded');

    const s = await state();
    expect(s.payments).toHaveLength(1);
    expect(s.payments[0]).toMatchObject({
      status: 'APPROVED',
      paymentState: 'CAPTURED',
      merchantReference: a.trackingNumber,
      originalAmount: { amount: '123.45', currency: 'GBP' },
    });
    // No card number kept anywhere in the sandbox; the User-Agent names the merchant as Clearpay asks.
    expect(JSON.stringify(s)).not.toContain('4111111111111111');
    expect(s.checkouts[0]?.cardLast4).toBe('1111');
    expect(s.requests.every((r) => r.userAgent?.includes(`(SecondHandMarket/0.1.0; Node/`))).toBe(true);
    expect(s.requests[0]?.userAgent).toContain(`DemoMarket/${SANDBOX_MERCHANT.merchantId}) https://shop.example`);
  });

  it('declines with the published decline CVV 051 and maps it to GenericAccountProblem', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    const back = await shopper(redirectCheckoutUrl, { cvv: '051', cardNumber: '5215 0977 9282 6659' });
    expect(await p.confirmWithDetails(a, back)).toMatchObject({
      verdict: 'failed',
      errorKey: 'GenericAccountProblem',
      token,
    });
    expect((await p.paymentByToken(token))?.status).toBe('DECLINED');
    expect(await p.reconcile(ctx, a)).toBe('failed');
  });

  it('refuses a bad card on the page itself without leaving the sandbox', async () => {
    const p = provider();
    const { token } = await startCheckout(p, attempt());
    const response = await fetch(`${sandboxUrl}/checkout/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, cardNumber: '4111111111111112', expiry: '01/99', cvv: '000' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('Please enter a valid card number.');
  });

  it('cancel: the shopper cancels, nothing is captured; cancel() on an unpaid attempt does nothing', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    const back = await shopper(redirectCheckoutUrl, 'cancel');
    expect(back).toEqual({ status: 'CANCELLED', orderToken: token });
    expect(await p.confirmWithDetails(a, back)).toMatchObject({ verdict: 'failed', errorKey: 'default' });
    await p.cancel(ctx, a);
    expect((await state()).payments).toHaveLength(0);
  });

  it('a forged SUCCESS return for a checkout the shopper never approved is refused by Clearpay (412)', async () => {
    const p = provider();
    const a = attempt();
    const { token } = await startCheckout(p, a);
    await expect(p.captureOnce(token, a.trackingNumber)).rejects.toMatchObject({
      httpStatus: 412,
      errorCode: 'invalid_order_transaction_status',
      errorKey: 'default',
    });
    expect(await p.confirmWithDetails(a, { orderToken: token, status: 'SUCCESS' })).toMatchObject({
      verdict: 'failed',
      errorKey: 'default',
    });
    expect((await state()).payments).toHaveLength(0);
  });

  it('an expired checkout token answers 402 invalid_token; the reconciler calls it failed', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await shopper(redirectCheckoutUrl, { cvv: '000' });
    await fetch(`${sandboxUrl}/__sandbox/checkouts/${token}/expire`, { method: 'POST' });
    await expect(p.captureOnce(token, a.trackingNumber)).rejects.toMatchObject({
      httpStatus: 402,
      errorCode: 'invalid_token',
    });
    expect(await p.confirmWithDetails(a, { orderToken: token, status: 'SUCCESS' })).toMatchObject({
      verdict: 'failed',
    });
    expect(await p.reconcileToken(a, token)).toBe('failed');
  });

  it('refuses an amount that differs from the order before capturing', async () => {
    const p = provider();
    const a = attempt({ amountMinor: 5000 });
    const { redirectCheckoutUrl } = await startCheckout(p, a);
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    const error = await p.confirmWithDetails({ ...a, amountMinor: 4000 }, back).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect(error).toMatchObject({ field: 'amount' });
    expect((await state()).payments).toHaveLength(0);
  });

  it("refuses another attempt's token (reference) and a return naming another checkout (token)", async () => {
    const p = provider();
    const mine = attempt();
    const theirs = attempt();
    const { token: myToken } = await startCheckout(p, mine);
    const { token: theirToken, redirectCheckoutUrl } = await startCheckout(p, theirs);
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    await expect(p.confirmWithDetails(mine, back)).rejects.toMatchObject({ field: 'reference' });
    await expect(p.confirmWithDetails(mine, { ...back, expectedToken: myToken })).rejects.toMatchObject({
      field: 'token',
    });
    expect((await state()).payments).toHaveLength(0);
    // Their own confirm still works, and once captured a swapped token is still refused.
    expect((await p.confirmWithDetails(theirs, back)).verdict).toBe('succeeded');
    await expect(p.confirmWithDetails(mine, { orderToken: theirToken, status: 'SUCCESS' })).rejects.toBeInstanceOf(
      PaymentMismatchError,
    );
  });

  it('wrong credentials get 401 unauthorized (GenericSystemProblem), never a verdict', async () => {
    const p = provider({ secretKey: 'not-the-secret' });
    const error = await p.start(ctx, attempt()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClearpayApiError);
    expect(error).toMatchObject({ httpStatus: 401, errorCode: 'unauthorized', errorKey: 'GenericSystemProblem' });
    expect(String((error as Error).message)).not.toContain('not-the-secret');
  });

  it('an amount outside the configured range gets 422 unsupported_payment_type', async () => {
    await expect(provider().start(ctx, attempt({ amountMinor: 120_001 }))).rejects.toMatchObject({
      httpStatus: 422,
      errorCode: 'unsupported_payment_type',
    });
  });

  it('a capture twice answers the same payment (idempotent on the token); one order exists', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await shopper(redirectCheckoutUrl, { cvv: '000' });
    const first = await p.captureOnce(token, a.trackingNumber);
    const second = await p.captureOnce(token, a.trackingNumber);
    expect(second.id).toBe(first.id);
    expect((await state()).payments).toHaveLength(1);
    // The checkout is gone once it has an order (412 invalid_token on Get Checkout).
    await expect(p.getCheckout(token)).rejects.toMatchObject({ httpStatus: 412, errorCode: 'invalid_token' });
  });

  it('lost response: the capture committed, the query and the reconciler tell the truth', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await shopper(redirectCheckoutUrl, { cvv: '000' });
    await arm({ kind: 'lose-next-response', operation: 'capture' });
    await expect(p.captureOnce(token, a.trackingNumber)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await p.paymentByToken(token)).toMatchObject({ status: 'APPROVED', paymentState: 'CAPTURED' });
    expect(await p.reconcile(ctx, a)).toBe('succeeded');
  });

  it('lost response once: capture() retries with the same token and requestId and gets the same order', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    await arm({ kind: 'lose-next-response', operation: 'capture' });
    expect(await p.confirmWithDetails(a, { ...back, expectedToken: token })).toMatchObject({ verdict: 'succeeded' });
    const s = await state();
    const captures = s.requests.filter((r) => r.operation === 'capture') as { requestId?: string; status: unknown }[];
    expect(captures.map((c) => c.status)).toEqual(['dropped', 201]);
    expect(captures[0]?.requestId).toBe(captures[1]?.requestId);
    expect(s.payments).toHaveLength(1);
  });

  it('lost twice: capture() reverses by token; no money is kept and the reconciler says failed', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    await arm({ kind: 'lose-next-response', operation: 'capture', count: 2 });
    expect(await p.confirmWithDetails(a, back)).toMatchObject({ verdict: 'failed', errorKey: 'GenericSystemProblem' });
    expect(await p.paymentByToken(token)).toMatchObject({ status: 'APPROVED', paymentState: 'VOIDED' });
    expect(await p.reconcile(ctx, a)).toBe('failed');
    // Reversing again is refused as Clearpay does.
    await expect(p.reverse(token)).rejects.toMatchObject({ httpStatus: 412, errorCode: 'precondition_failed' });
  });

  it('a reversal before the capture lands refuses the late capture', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await shopper(redirectCheckoutUrl, { cvv: '000' });
    await p.reverse(token);
    await expect(p.captureOnce(token, a.trackingNumber)).rejects.toMatchObject({ httpStatus: 412 });
  });

  it('a query that times out once is retried and answers; with no retries the caller sees ProviderUnavailableError', async () => {
    const p = provider({ timeoutMs: 300 });
    const a = attempt();
    const { redirectCheckoutUrl } = await startCheckout(p, a);
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    expect((await p.confirmWithDetails(a, back)).verdict).toBe('succeeded');

    await arm({ kind: 'timeout-next-query', delayMs: 3000 });
    expect(await p.reconcile(ctx, a)).toBe('succeeded');
    const lists = (await state()).requests.filter((r) => r.operation === 'list-payments');
    expect(lists.at(-2)?.fault).toBe('timeout-next-query');

    const noRetry = provider({ timeoutMs: 300, getRetries: 0 });
    await arm({ kind: 'timeout-next-query', delayMs: 3000 });
    const error = await noRetry.reconcile(ctx, a).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(await noRetry.reconcile(ctx, a)).toBe('succeeded');
  });

  it('a 5xx from Clearpay is ProviderUnavailableError, not a refusal', async () => {
    await arm({ kind: 'fail-next', operation: 'create-checkout', status: 503 });
    await expect(provider().start(ctx, attempt())).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      reason: 'server',
      httpStatus: 503,
    });
  });

  it('the return delivered three times at once captures once; every delivery sees success', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    const verdicts: string[] = [];
    onNotify = async (url) => {
      const query = Object.fromEntries(new URL(url).searchParams);
      verdicts.push((await p.confirmWithDetails(a, { ...query, expectedToken: token })).verdict);
    };
    await arm({ kind: 'triple-notify' });
    const back = await shopper(redirectCheckoutUrl, { cvv: '000' });
    expect(verdicts).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // The browser's own return arrives afterwards and agrees.
    expect((await p.confirmWithDetails(a, back)).verdict).toBe('succeeded');
    const s = await state();
    expect(s.notifications).toHaveLength(3);
    expect(s.payments).toHaveLength(1);
  });

  it('refunds: idempotent per amount, refused beyond what is left, and cancel() gives back the rest', async () => {
    const p = provider();
    const a = attempt({ amountMinor: 10_000 });
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await p.confirmWithDetails(a, await shopper(redirectCheckoutUrl, { cvv: '000' }));
    await p.refund(ctx, a, 2500);
    await p.refund(ctx, a, 2500); // the same refund retried: no second refund
    let payment = await p.paymentByToken(token);
    expect(payment?.refunds.map((r) => r.amount.amount)).toEqual(['25.00']);
    await expect(p.refund(ctx, a, 9000)).rejects.toMatchObject({ httpStatus: 422, errorCode: 'invalid_amount' });

    // Past Clearpay's 10-minute reversal window, cancelling refunds what is left.
    await fetch(`${sandboxUrl}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 11 * 60 * 1000 }),
    });
    await expect(p.reverse(token)).rejects.toMatchObject({ httpStatus: 412 });
    await p.cancel(ctx, a);
    payment = await p.paymentByToken(token);
    expect(payment?.refunds.map((r) => r.amount.amount)).toEqual(['25.00', '75.00']);
  });

  it('refunds two items of equal price as two partial refunds (named by key); a retry of either is the same refund', async () => {
    const p = provider();
    const a = attempt({ amountMinor: 10_000 });
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await p.confirmWithDetails(a, await shopper(redirectCheckoutUrl, { cvv: '000' }));
    await p.refund(ctx, a, 2500, { key: 'line-1' });
    await p.refund(ctx, a, 2500, { key: 'line-2' });
    await p.refund(ctx, a, 2500, { key: 'line-2' }); // line 2's refund retried
    const payment = await p.paymentByToken(token);
    expect(payment?.refunds.map((r) => r.amount.amount)).toEqual(['25.00', '25.00']);
  });

  it('cancel() within the window reverses a capture whose answer was lost', async () => {
    const p = provider();
    const a = attempt();
    const { token, redirectCheckoutUrl } = await startCheckout(p, a);
    await shopper(redirectCheckoutUrl, { cvv: '000' });
    await arm({ kind: 'lose-next-response', operation: 'capture' });
    await expect(p.captureOnce(token, a.trackingNumber)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await p.cancel(ctx, a);
    expect((await p.paymentByToken(token))?.paymentState).toBe('VOIDED');
    expect(await p.reconcile(ctx, a)).toBe('failed');
  });
});
