/**
 * The adapter against the sandbox over real HTTP on 127.0.0.1: what production would send, and
 * Eway's side played with state, test cards, magic cents and injected faults.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../lib/context.js';
import type { AttemptContext } from '../../payment-provider.js';
import { ProviderUnavailableError } from '../../payment-provider.js';
import { EwayAlreadyPaidError, EwayMismatchError, EwayProvider, EwayRefusedError } from './eway.adapter.js';
import { EWAY_TEST_CARDS, type EwayFault, type EwayNotification, ewaySandbox } from './eway.sandbox.js';

const KEY = 'sandbox-key';
const PASSWORD = 'sandbox-password';
const ctx = {} as Ctx;

let sandbox: FastifyInstance;
let base: string;
let eway: EwayProvider;
let onNotify: (n: EwayNotification) => unknown = () => {};

beforeAll(async () => {
  sandbox = Fastify();
  // publicUrl is only known once listening: the plugin reads it lazily through this holder.
  const holder = { url: '' };
  await sandbox.register(
    async (app) => {
      await app.register(
        ewaySandbox({
          get publicUrl() {
            return holder.url;
          },
          credentials: { apiKey: KEY, password: PASSWORD },
          notify: (n) => onNotify(n),
        }),
      );
    },
    { prefix: '/eway' },
  );
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  const address = sandbox.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}/eway`;
  holder.url = base;
  eway = new EwayProvider({ baseUrl: base, apiKey: KEY, password: PASSWORD, timeoutMs: 2000 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  onNotify = () => {};
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});

function attempt(amountMinor: number, overrides: Partial<AttemptContext> = {}): AttemptContext {
  return {
    trackingNumber: `PAY-${randomBytes(8).toString('hex')}`,
    orderReference: 'ORD-1001',
    amountMinor,
    currency: 'AUD',
    customer: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phone: '0412 345 678' },
    returnUrl: 'http://shop.test/checkout/eway/return',
    cancelUrl: 'http://shop.test/checkout/eway/cancelled',
    ...overrides,
  };
}

async function start(a: AttemptContext): Promise<{ accessCode: string; sharedPaymentUrl: string }> {
  const result = await eway.start(ctx, a);
  if (result.kind !== 'page-data') throw new Error('expected page-data');
  return { accessCode: String(result.value.Accesstoken), sharedPaymentUrl: String(result.value.EwayFormActionUrl) };
}

/** What the shared page's script posts (same origin as the page: the sandbox). */
async function pay(accessCode: string, card: string = EWAY_TEST_CARDS.visa, extra: Record<string, string> = {}) {
  const response = await fetch(`${base}/AccessCode/${encodeURIComponent(accessCode)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      EWAY_ACCESSCODE: accessCode,
      EWAY_CARDNAME: 'Ann Lee',
      EWAY_CARDNUMBER: card,
      EWAY_CARDEXPIRYMONTH: '12',
      EWAY_CARDEXPIRYYEAR: String(new Date().getFullYear() + 2),
      EWAY_CARDCVN: '123',
      ...extra,
    }),
  });
  return (await response.json()) as { Result: string; TransactionID: number | null; Errors: string | null };
}

async function fault(body: EwayFault) {
  const response = await fetch(`${base}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(204);
}

async function records() {
  return (await (await fetch(`${base}/__sandbox/records`)).json()) as {
    accessCodes: { AccessCode: string; TransactionID: number | null }[];
    transactions: { TransactionID: number; Card: string; RefundedAmount: number; Refunds: unknown[] }[];
    requests: { method: string; path: string; status: number | string }[];
    notifications: { delivery: number; outcome: string }[];
  };
}

describe('Eway adapter against the sandbox', () => {
  it('takes a payment: access code, shared page, test card, then the query says paid', async () => {
    const a = attempt(1000);
    const { accessCode, sharedPaymentUrl } = await start(a);
    expect(sharedPaymentUrl).toBe(`${base}/sharedpage/sharedpayment?AccessCode=${encodeURIComponent(accessCode)}`);

    const page = await fetch(sharedPaymentUrl);
    const html = await page.text();
    expect(html).toContain('SANDBOX — no real money');
    expect(html).toContain('$10.00 AUD');
    expect(page.headers.get('content-security-policy')).toMatch(/connect-src 'self'; form-action 'self'/);

    expect(await eway.confirm(ctx, a, { AccessCode: accessCode })).toBe('pending'); // not paid yet (S5099)
    const paid = await pay(accessCode);
    expect(paid.Result).toBe('Complete');

    expect(await eway.confirm(ctx, a, { AccessCode: accessCode, IsComplete: true })).toBe('succeeded');
    const result = await eway.queryAccessCode(accessCode);
    expect(result).toMatchObject({
      succeeded: true,
      amountMinor: 1000,
      invoiceReference: a.trackingNumber,
      responseCodes: ['A2000'],
      transactionId: paid.TransactionID,
    });
    expect(await eway.reconcile(ctx, a)).toBe('succeeded');

    const recorded = JSON.stringify(await records());
    expect(recorded).not.toContain(EWAY_TEST_CARDS.visa);
    expect(recorded).toContain('444433XXXXXX1111');
  });

  it('answers the page data the spec names (EwayFormActionUrl, Accesstoken, TrackingNumber)', async () => {
    const a = attempt(2500);
    const result = await eway.start(ctx, a);
    expect(result).toMatchObject({ kind: 'page-data', value: { TrackingNumber: a.trackingNumber } });
    if (result.kind === 'page-data') expect(Object.keys(result.value)).toContain('EwayFormActionUrl');
  });

  it.each([
    [1051, 'D4451', 'InsufficientCardFunds'],
    [1005, 'D4405', 'GenericAccountProblem'],
    [1014, 'D4414', 'InvalidCardNumber'],
    [1001, 'D4401', 'ContactCardIssuer'],
    [1054, 'D4454', 'GenericCardProblem'],
    [1096, 'D4496', 'GenericSystemProblem'],
  ])('declines by magic cents %i (%s) with error key %s', async (amount, code, key) => {
    const a = attempt(amount);
    const { accessCode } = await start(a);
    expect((await pay(accessCode)).Result).toBe('Complete'); // the modal completes; the query tells the decline
    const check = await eway.verifyAccessCode(accessCode, a);
    expect(check).toMatchObject({ verdict: 'failed', reason: 'declined', errorKey: key });
    expect(check.responseCodes).toEqual([code]);
    expect(await eway.confirm(ctx, a, { AccessCode: accessCode, IsComplete: true })).toBe('failed');
    expect(await eway.reconcile(ctx, a)).toBe('failed');
  });

  it('approves the Mastercard test card on .08 (Honour With Identification)', async () => {
    const a = attempt(2008);
    const { accessCode } = await start(a);
    await pay(accessCode, EWAY_TEST_CARDS.mastercard);
    expect(await eway.verifyAccessCode(accessCode, a)).toMatchObject({
      verdict: 'succeeded',
      responseCodes: ['A2008'],
    });
  });

  it('refuses Amex as an unsupported card type', async () => {
    const a = attempt(1000);
    const { accessCode } = await start(a);
    await pay(accessCode, EWAY_TEST_CARDS.amex);
    expect(await eway.verifyAccessCode(accessCode, a)).toMatchObject({
      verdict: 'failed',
      errorKey: 'UnsupportedCardType',
    });
  });

  it.each([
    ['F9011', 'AustralianOrdersOnly'],
    ['D4405,F9113', 'AustralianOrdersOnly'],
    ['F7009', 'BannedCustomer'],
  ])('maps fraud result %s to %s', async (responseMessage, key) => {
    const a = attempt(1000);
    const { accessCode } = await start(a);
    await fault({ kind: 'force-next-response', responseMessage, responseCode: '05' });
    await pay(accessCode);
    expect(await eway.verifyAccessCode(accessCode, a)).toMatchObject({ verdict: 'failed', errorKey: key });
  });

  it('keeps the access code open after a mistyped card number, then takes the payment', async () => {
    const a = attempt(1000);
    const { accessCode } = await start(a);
    expect(await pay(accessCode, '4444333322221112')).toMatchObject({ Result: 'Invalid', Errors: 'V6110' });
    expect(await pay(accessCode, EWAY_TEST_CARDS.visa, { EWAY_CARDEXPIRYYEAR: '2001' })).toMatchObject({
      Result: 'Invalid',
      Errors: 'V6033',
    });
    expect((await eway.queryAccessCode(accessCode)).outcome).toBe('pending');
    expect((await pay(accessCode)).Result).toBe('Complete');
    expect((await eway.queryAccessCode(accessCode)).outcome).toBe('succeeded');
  });

  it('cancels an unpaid attempt, and refuses to cancel one the shopper paid meanwhile', async () => {
    const a = attempt(1000);
    const { accessCode } = await start(a);
    await expect(eway.cancel(ctx, a)).resolves.toBeUndefined();
    const paid = await pay(accessCode);
    const error = await eway.cancel(ctx, a).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EwayAlreadyPaidError);
    expect((error as EwayAlreadyPaidError).transactionId).toBe(paid.TransactionID);
  });

  it("refuses another attempt's access code and a different amount", async () => {
    const a = attempt(1000);
    const b = attempt(1000);
    const { accessCode } = await start(a);
    await pay(accessCode);
    const foreign = await eway.confirm(ctx, b, { AccessCode: accessCode, IsComplete: true }).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(EwayMismatchError);
    expect((foreign as EwayMismatchError).reason).toBe('reference-mismatch');
    const cheaper = await eway
      .confirm(ctx, { ...a, amountMinor: 1 }, { AccessCode: accessCode, IsComplete: true })
      .catch((e: unknown) => e);
    expect(cheaper).toBeInstanceOf(EwayMismatchError);
    expect((cheaper as EwayMismatchError).reason).toBe('amount-mismatch');
  });

  it('refuses tampering: a forged access code, wrong credentials, a bad request', async () => {
    const a = attempt(1000);
    const forged = await eway.confirm(ctx, a, { AccessCode: 'forged-code', IsComplete: true }).catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(EwayRefusedError);
    expect((forged as EwayRefusedError).codes).toEqual(['V6107']);

    const intruder = new EwayProvider({ baseUrl: base, apiKey: KEY, password: 'guess', timeoutMs: 2000 });
    const denied = await intruder.start(ctx, a).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(EwayRefusedError);
    expect((denied as EwayRefusedError).httpStatus).toBe(401);
    expect(String((denied as Error).message)).not.toContain('guess');

    const badUrl = await eway.start(ctx, { ...a, cancelUrl: 'javascript:alert(1)' }).catch((e: unknown) => e);
    expect(badUrl).toBeInstanceOf(EwayRefusedError);
    expect((badUrl as EwayRefusedError).codes).toContain('V6059');
  });

  it('answers a payment posted twice with the first result, and a full refund repeated as already done', async () => {
    const a = attempt(1000);
    const { accessCode } = await start(a);
    const first = await pay(accessCode);
    const second = await pay(accessCode, EWAY_TEST_CARDS.mastercard);
    expect(second).toMatchObject({ Result: 'Complete', TransactionID: first.TransactionID });
    expect((await records()).transactions).toHaveLength(1);

    const txId = first.TransactionID as number;
    await expect(eway.refundTransaction(txId, 1001)).rejects.toMatchObject({ codes: ['V6151'] });
    const refunded = await eway.refundTransaction(txId, 1000);
    expect(refunded).toMatchObject({ alreadyRefunded: false, amountMinor: 1000 });
    expect(await eway.refundTransaction(txId, 1000)).toMatchObject({ alreadyRefunded: true });
    const [tx] = (await records()).transactions;
    expect(tx).toMatchObject({ RefundedAmount: 1000 });
    expect(tx?.Refunds).toHaveLength(1);
  });

  it('refunds through the port by the attempt, and refuses to refund a declined payment', async () => {
    const a = attempt(3000);
    await pay((await start(a)).accessCode);
    await eway.refund(ctx, a, 1200);
    expect((await records()).transactions[0]).toMatchObject({ RefundedAmount: 1200 });

    const declined = attempt(3051);
    await pay((await start(declined)).accessCode);
    await expect(eway.refund(ctx, declined, 100)).rejects.toBeInstanceOf(EwayRefusedError);
  });

  describe('faults', () => {
    it('payment committed but its reply lost: the reconciler learns the truth', async () => {
      const a = attempt(1000);
      const { accessCode } = await start(a);
      await fault({ kind: 'lose-next-response', target: 'payment' });
      await expect(pay(accessCode)).rejects.toThrow();
      expect(await eway.reconcile(ctx, a)).toBe('succeeded');
      expect(await eway.confirm(ctx, a, { AccessCode: accessCode })).toBe('succeeded');
    });

    it('refund done but its reply lost: ProviderUnavailable, then the repeat is recognised', async () => {
      const a = attempt(1000);
      const paid = await pay((await start(a)).accessCode);
      await fault({ kind: 'lose-next-response', target: 'refund' });
      const lost = await eway.refundTransaction(paid.TransactionID as number, 1000).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(ProviderUnavailableError);
      expect(await eway.refundTransaction(paid.TransactionID as number, 1000)).toMatchObject({ alreadyRefunded: true });
      expect((await records()).transactions[0]?.Refunds).toHaveLength(1);
    });

    it('access code created but the reply lost: starting again is harmless', async () => {
      const a = attempt(1000);
      await fault({ kind: 'lose-next-response', target: 'create' });
      await expect(eway.start(ctx, a)).rejects.toMatchObject({ name: 'ProviderUnavailableError', reason: 'network' });
      const { accessCode } = await start(a);
      await pay(accessCode);
      expect(await eway.reconcile(ctx, a)).toBe('succeeded');
      expect((await records()).accessCodes).toHaveLength(2);
    });

    it('a query that times out once, then answers', async () => {
      const a = attempt(1000);
      const { accessCode } = await start(a);
      await pay(accessCode);
      const quick = new EwayProvider({ baseUrl: base, apiKey: KEY, password: PASSWORD, timeoutMs: 300 });
      await fault({ kind: 'timeout-next-query', delayMs: 5000 });
      const timedOut = await quick.queryAccessCode(accessCode).catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(ProviderUnavailableError);
      expect((timedOut as ProviderUnavailableError).reason).toBe('timeout');
      expect((await quick.queryAccessCode(accessCode)).succeeded).toBe(true);
    });

    it('a 503 once: ProviderUnavailable, nothing done', async () => {
      await fault({ kind: 'server-error-next', target: 'create' });
      await expect(eway.start(ctx, attempt(1000))).rejects.toMatchObject({ reason: 'server', httpStatus: 503 });
      expect((await records()).accessCodes).toHaveLength(0);
    });

    it('a notification delivered three times at once settles the attempt once', async () => {
      const a = attempt(1000);
      const { accessCode } = await start(a);
      let status: 'pending' | 'paid' = 'pending';
      let wins = 0;
      const verdicts: string[] = [];
      // What the shop does per delivery: ask Eway, then one conditional write (WHERE status = 'pending').
      onNotify = async (n) => {
        const verdict = await eway.confirm(ctx, a, { AccessCode: n.AccessCode });
        verdicts.push(verdict);
        if (verdict === 'succeeded' && status === 'pending') {
          status = 'paid';
          wins++;
        }
      };
      await fault({ kind: 'triple-notify' });
      await pay(accessCode);
      const recorded = await records(); // waits for the deliveries in flight
      expect(recorded.notifications.map((n) => n.delivery).sort()).toEqual([1, 2, 3]);
      expect(verdicts).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(wins).toBe(1);
      expect(recorded.transactions).toHaveLength(1);
    });

    it('an unreachable Eway is ProviderUnavailable, not a refusal', async () => {
      const gone = new EwayProvider({
        baseUrl: 'http://127.0.0.1:9',
        apiKey: KEY,
        password: PASSWORD,
        timeoutMs: 1000,
      });
      await expect(gone.reconcile(ctx, attempt(1000))).rejects.toBeInstanceOf(ProviderUnavailableError);
    });
  });

  it('serves eCrypt.js with showModalPayment, and a clear page for an unknown access code', async () => {
    const script = await fetch(`${base}/scripts/eCrypt.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const text = await script.text();
    expect(text).toContain('showModalPayment');
    expect(text).toContain('event.origin !== origin');
    const page = await (await fetch(`${base}/sharedpage/sharedpayment?AccessCode=nope`)).text();
    expect(page).toContain('SANDBOX — no real money');
    expect(page).toContain('This payment link is not valid.');
  });
});

describe('Eway sandbox notifying a URL', () => {
  it('POSTs the validate body ({AccessCode, Errors, IsComplete}) to the shop', async () => {
    const shop = Fastify();
    const received: unknown[] = [];
    shop.post('/c3api/checkout/eway/validate', async (request) => {
      received.push(request.body);
      return { ConfirmationUrl: '/confirmation' };
    });
    await shop.listen({ host: '127.0.0.1', port: 0 });
    const shopAddress = shop.server.address();
    if (!shopAddress || typeof shopAddress === 'string') throw new Error('no port');
    const app = Fastify();
    const holder = { url: '' };
    await app.register(
      ewaySandbox({
        get publicUrl() {
          return holder.url;
        },
        notify: `http://127.0.0.1:${shopAddress.port}/c3api/checkout/eway/validate`,
      }),
      { prefix: '/eway' },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    holder.url = `http://127.0.0.1:${address.port}/eway`;
    try {
      const provider = new EwayProvider({ baseUrl: holder.url, apiKey: 'k', password: 'p' });
      const a = attempt(1000);
      const started = await provider.start(ctx, a);
      const code = started.kind === 'page-data' ? String(started.value.Accesstoken) : '';
      await fetch(`${holder.url}/AccessCode/${encodeURIComponent(code)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          EWAY_CARDNAME: 'Ann Lee',
          EWAY_CARDNUMBER: EWAY_TEST_CARDS.visa,
          EWAY_CARDEXPIRYMONTH: '01',
          EWAY_CARDEXPIRYYEAR: String(new Date().getFullYear() + 1),
          EWAY_CARDCVN: '999',
        }),
      });
      const recorded = (await (await fetch(`${holder.url}/__sandbox/records`)).json()) as {
        notifications: { outcome: string }[];
      };
      expect(recorded.notifications).toEqual([expect.objectContaining({ outcome: 'HTTP 200' })]);
      expect(received).toEqual([{ AccessCode: code, Errors: null, IsComplete: true }]);
    } finally {
      await app.close();
      await shop.close();
    }
  });
});
