/**
 * Clearpay sandbox: plays Clearpay's side over real HTTP for the demo and the tests. Registered
 * under a prefix (e.g. /clearpay) on the separate sandbox server, it serves:
 * - the API the adapter calls, same paths and shapes as https://global-api-sandbox.afterpay.com
 *   (Basic auth, Clearpay's error bodies and codes), with state kept like Clearpay's: a checkout
 *   token is captured once (a repeat capture answers the same payment, as Clearpay's capture is
 *   idempotent on the token), reversal within 10 minutes, refunds idempotent on requestId;
 * - the shopper's page at redirectCheckoutUrl (/checkout/?token=), marked "SANDBOX — no real
 *   money", taking Clearpay's published test cards: CVV 000 approves, 051 declines at capture;
 *   the form posts only to the sandbox itself (CSP form-action), and no card number is kept;
 * - /__sandbox/… controls for tests: faults, state, clock, expiry, reset.
 * Memory only: a demo and test double, never a store of anything that matters.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  APPROVE_CVV,
  basicAuthorization,
  type CreateCheckoutRequest,
  DECLINE_CVV,
  fromMoney,
  luhnValid,
  type Money,
  type Payment,
  REVERSAL_WINDOW_MS,
  type Refund,
  TEST_CARDS,
  toMoney,
} from './clearpay.protocol.js';

export const SANDBOX_MERCHANT = { merchantId: '100101382', secretKey: 'clearpay-sandbox-secret' } as const;

export type SandboxOperation =
  | 'configuration'
  | 'create-checkout'
  | 'get-checkout'
  | 'capture'
  | 'reversal'
  | 'get-payment'
  | 'list-payments'
  | 'refund';

export type SandboxFault =
  /** The operation commits, then the connection is dropped before any answer. Default: capture. */
  | { kind: 'lose-next-response'; operation?: SandboxOperation; count?: number }
  /** The next query (GET) waits delayMs (default 3000) before answering. */
  | { kind: 'timeout-next-query'; operation?: SandboxOperation; count?: number; delayMs?: number }
  /** The next call answers 5xx without doing anything. */
  | { kind: 'fail-next'; operation?: SandboxOperation; count?: number; status?: number }
  /** The next approval delivers the shopper's return three times at once through notify. */
  | { kind: 'triple-notify'; count?: number };

export interface ClearpaySandboxOptions {
  /** The sandbox's own base URL as browsers reach it, e.g. http://localhost:3001/clearpay */
  publicUrl: string;
  /**
   * Delivers a shopper's return URL server-side (Clearpay has no merchant webhooks; the
   * 'triple-notify' fault uses this to deliver the return three times at once). Default: GET it.
   */
  notify?: (returnUrl: string) => Promise<unknown>;
  merchant?: { merchantId: string; secretKey: string };
  currency?: string;
  /** Get Configuration's range; default £1.00 to £1,200.00 (a typical UK range). */
  minimumMinor?: number;
  maximumMinor?: number;
  /** Checkout token lifetime; default 60 minutes. */
  checkoutTtlMs?: number;
}

interface CheckoutRecord {
  token: string;
  request: CreateCheckoutRequest;
  createdAt: number;
  expiresAt: number;
  state: 'PENDING' | 'CONFIRMED' | 'CANCELLED';
  /** The test card's outcome, decided on the page (the card itself is never kept). */
  decision?: 'approve' | 'decline';
  cardLast4?: string;
  reversalPending: boolean;
  paymentId?: string;
}

interface PaymentRecord {
  payment: Payment;
  createdAt: number;
}

interface Armed {
  fault: SandboxFault;
  remaining: number;
}

interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  operation: SandboxOperation;
  status: number | 'dropped';
  requestId?: string;
  userAgent?: string;
  fault?: SandboxFault['kind'];
}

const QUERY_OPERATIONS: SandboxOperation[] = ['configuration', 'get-checkout', 'get-payment', 'list-payments'];

export function clearpaySandbox(options: ClearpaySandboxOptions): FastifyPluginAsync {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const merchant = options.merchant ?? SANDBOX_MERCHANT;
  const currency = options.currency ?? 'GBP';
  const minimumMinor = options.minimumMinor ?? 100;
  const maximumMinor = options.maximumMinor ?? 120_000;
  const ttl = options.checkoutTtlMs ?? 60 * 60 * 1000;
  const expectedAuth = basicAuthorization(merchant.merchantId, merchant.secretKey);
  const notify =
    options.notify ?? ((url: string) => fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) }));

  return async (app) => {
    let clockOffset = 0;
    const now = () => Date.now() + clockOffset;
    const iso = (ms: number) => new Date(ms).toISOString();
    let checkouts = new Map<string, CheckoutRecord>();
    let payments = new Map<string, PaymentRecord>();
    let refunds = new Map<string, Refund>();
    let faults: Armed[] = [];
    let requests: LoggedRequest[] = [];
    let notifications: { url: string; at: string; ok: boolean }[] = [];
    let nextOrderId = 400_000_001;

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
      return reply.code(status).send(errorBody(status, status === 400 ? 'invalid_json' : 'error', error.message));
    });

    const takeFault = (operation: SandboxOperation, method: string): SandboxFault | undefined => {
      const armed = faults.find(({ fault }) => {
        if (fault.kind === 'triple-notify') return false;
        if (fault.operation) return fault.operation === operation;
        if (fault.kind === 'timeout-next-query') return method === 'GET' && QUERY_OPERATIONS.includes(operation);
        if (fault.kind === 'lose-next-response') return operation === 'capture';
        return true;
      });
      if (!armed) return undefined;
      armed.remaining -= 1;
      if (armed.remaining <= 0) faults = faults.filter((a) => a !== armed);
      return armed.fault;
    };

    type Result = { status: number; body?: unknown; headers?: Record<string, string> };

    /** Auth, faults and the request log around one API operation; work() commits its state change. */
    const api = async (
      operation: SandboxOperation,
      request: FastifyRequest,
      reply: FastifyReply,
      work: () => Result,
    ): Promise<unknown> => {
      const body = request.body as { requestId?: unknown } | undefined;
      const entry: LoggedRequest = {
        at: iso(now()),
        method: request.method,
        path: request.url,
        operation,
        status: 0,
        ...(typeof body?.requestId === 'string' ? { requestId: body.requestId } : {}),
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
      };
      requests.push(entry);
      if (request.headers.authorization !== expectedAuth) {
        entry.status = 401;
        return reply
          .code(401)
          .send(errorBody(401, 'unauthorized', 'Credentials are required to access this resource.'));
      }
      const fault = takeFault(operation, request.method);
      if (fault) entry.fault = fault.kind;
      if (fault?.kind === 'timeout-next-query') await pause(fault.delayMs ?? 3000, request);
      if (fault?.kind === 'fail-next') {
        const status = fault.status ?? 503;
        entry.status = status;
        return reply.code(status).send(errorBody(status, 'error', 'Service temporarily unavailable (sandbox fault).'));
      }
      const result = work();
      if (fault?.kind === 'lose-next-response') {
        entry.status = 'dropped';
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      entry.status = result.status;
      for (const [k, v] of Object.entries(result.headers ?? {})) reply.header(k, v);
      reply.code(result.status);
      return result.body === undefined ? reply.send() : reply.send(result.body);
    };

    const liveCheckout = (token: string): CheckoutRecord | undefined => {
      const checkout = checkouts.get(token);
      return checkout && checkout.expiresAt > now() ? checkout : undefined;
    };

    // ---------- the API ----------

    app.get('/v2/configuration', (request, reply) =>
      api('configuration', request, reply, () => ({
        status: 200,
        headers: { 'cache-control': 'private, max-age=86400' },
        body: { minimumAmount: toMoney(minimumMinor, currency), maximumAmount: toMoney(maximumMinor, currency) },
      })),
    );

    app.post('/v2/checkouts', (request, reply) =>
      api('create-checkout', request, reply, () => {
        const body = request.body as CreateCheckoutRequest;
        const invalid = checkoutProblem(body);
        if (invalid) return { status: 422, body: errorBody(422, 'invalid_object', invalid) };
        const moneys = [body.amount, body.shippingAmount, body.taxAmount, ...(body.items ?? []).map((i) => i.price)];
        if (moneys.some((m) => m !== undefined && m.currency !== currency))
          return { status: 422, body: errorBody(422, 'unsupported_currency', `Currency must be ${currency}.`) };
        const amount = fromMoney(body.amount);
        if (amount < minimumMinor || amount > maximumMinor)
          return {
            status: 422,
            body: errorBody(422, 'unsupported_payment_type', 'The amount is outside of the merchant payment limits.'),
          };
        const token = `002.${randomBytes(30).toString('hex').slice(0, 50)}`;
        const createdAt = now();
        checkouts.set(token, {
          token,
          request: body,
          createdAt,
          expiresAt: createdAt + ttl,
          state: 'PENDING',
          reversalPending: false,
        });
        return {
          status: 201,
          body: { token, expires: iso(createdAt + ttl), redirectCheckoutUrl: `${publicUrl}/checkout/?token=${token}` },
        };
      }),
    );

    app.get('/v2/checkouts/:token', (request, reply) =>
      api('get-checkout', request, reply, () => {
        const { token } = request.params as { token: string };
        const checkout = liveCheckout(token);
        if (!checkout || checkout.paymentId)
          return {
            status: 412,
            body: errorBody(
              412,
              'invalid_token',
              'The checkout token is invalid, expired, completed, or does not exist.',
            ),
          };
        return {
          status: 200,
          body: {
            token,
            expires: iso(checkout.expiresAt),
            redirectCheckoutUrl: `${publicUrl}/checkout/?token=${token}`,
            ...checkout.request,
          },
        };
      }),
    );

    app.post('/v2/payments/capture', (request, reply) =>
      api('capture', request, reply, () => {
        const body = request.body as { token?: unknown; merchantReference?: unknown } | null;
        const token = typeof body?.token === 'string' ? body.token : '';
        if (!token)
          return { status: 422, body: errorBody(422, 'invalid_object', 'The checkout token was missing or empty.') };
        const checkout = checkouts.get(token);
        // Idempotent on the token: a repeat answers the order the first capture created.
        if (checkout?.paymentId) {
          const existing = payments.get(checkout.paymentId);
          if (existing) return { status: 201, body: existing.payment };
        }
        if (!checkout || checkout.expiresAt <= now())
          return {
            status: 402,
            body: errorBody(402, 'invalid_token', 'The checkout token is invalid, expired, or does not exist.'),
          };
        if (checkout.reversalPending)
          return {
            status: 412,
            body: errorBody(412, 'precondition_failed', 'Order in pending reversal, no captures/auth accepted.'),
          };
        if (checkout.state !== 'CONFIRMED')
          return {
            status: 412,
            body: errorBody(
              412,
              'invalid_order_transaction_status',
              'The Consumer has not confirmed their payment for the order associated with this token.',
            ),
          };
        const approved = checkout.decision === 'approve';
        const created = now();
        const id = String(nextOrderId++);
        const amount = checkout.request.amount;
        const payment: Payment = {
          id,
          token,
          status: approved ? 'APPROVED' : 'DECLINED',
          created: iso(created),
          originalAmount: amount,
          openToCaptureAmount: toMoney(0, amount.currency),
          paymentState: approved ? 'CAPTURED' : 'CAPTURE_DECLINED',
          merchantReference:
            typeof body?.merchantReference === 'string' ? body.merchantReference : checkout.request.merchantReference,
          refunds: [],
          orderDetails: {
            consumer: checkout.request.consumer,
            ...(checkout.request.billing ? { billing: checkout.request.billing } : {}),
            ...(checkout.request.shipping ? { shipping: checkout.request.shipping } : {}),
            items: checkout.request.items ?? [],
          },
          events: [{ id: eventId(), created: iso(created), type: approved ? 'CAPTURED' : 'DECLINED', amount }],
        };
        payments.set(id, { payment, createdAt: created });
        checkout.paymentId = id;
        return { status: 201, body: payment };
      }),
    );

    app.post('/v2/payments/:ref/reversal', (request, reply) =>
      api('reversal', request, reply, () => {
        const { ref } = request.params as { ref: string };
        const token = ref.startsWith('token:') ? ref.slice('token:'.length) : '';
        const checkout = token ? checkouts.get(token) : undefined;
        if (!checkout) return { status: 402, body: errorBody(402, 'invalid_token', 'Invalid token') };
        const record = checkout.paymentId ? payments.get(checkout.paymentId) : undefined;
        const refuse = (message: string) => ({ status: 412, body: errorBody(412, 'precondition_failed', message) });
        if (!record) {
          // No order yet: one created later (a capture still in flight) is refused.
          if (checkout.reversalPending) return refuse('Payment reversal previously processed');
          checkout.reversalPending = true;
          return { status: 204 };
        }
        const p = record.payment;
        if (p.paymentState === 'VOIDED') return refuse('Payment reversal previously processed');
        if (p.status !== 'APPROVED') return refuse('Payment not eligible for a reversal');
        if (now() - record.createdAt > REVERSAL_WINDOW_MS) return refuse('Order outside reversal window');
        p.paymentState = 'VOIDED';
        p.events.push({ id: eventId(), created: iso(now()), type: 'REVERSED', amount: p.originalAmount });
        return { status: 204 };
      }),
    );

    app.get('/v2/payments/:ref', (request, reply) =>
      api('get-payment', request, reply, () => {
        const { ref } = request.params as { ref: string };
        const record = ref.startsWith('token:')
          ? [...payments.values()].find((r) => r.payment.token === ref.slice('token:'.length))
          : payments.get(ref);
        if (!record) return { status: 404, body: errorBody(404, 'not_found', 'No Clearpay Order was found.') };
        return { status: 200, body: record.payment };
      }),
    );

    app.get('/v2/payments', (request, reply) =>
      api('list-payments', request, reply, () => {
        const q = request.query as Record<string, string | string[] | undefined>;
        const list = (key: string) =>
          q[key] === undefined ? [] : ([] as string[]).concat(q[key] as string | string[]);
        const limit = q.limit === undefined ? 20 : Number(q.limit);
        const offset = q.offset === undefined ? 0 : Number(q.offset);
        if (!Number.isInteger(limit) || limit < 1 || limit > 250 || !Number.isInteger(offset) || offset < 0)
          return { status: 422, body: errorBody(422, 'error', 'An invalid query param was provided.') };
        const [tokens, ids, refs, statuses] = [
          list('tokens'),
          list('ids'),
          list('merchantReferences'),
          list('statuses'),
        ];
        const all = [...payments.values()]
          .map((r) => r.payment)
          .filter(
            (p) =>
              (tokens.length === 0 || tokens.includes(p.token)) &&
              (ids.length === 0 || ids.includes(p.id)) &&
              (refs.length === 0 || refs.includes(p.merchantReference ?? '')) &&
              (statuses.length === 0 || statuses.includes(p.status)),
          );
        return {
          status: 200,
          body: { totalResults: all.length, offset, limit, results: all.slice(offset, offset + limit) },
        };
      }),
    );

    app.post('/v2/payments/:ref/refund', (request, reply) =>
      api('refund', request, reply, () => {
        const { ref } = request.params as { ref: string };
        const body = (request.body ?? {}) as Partial<{
          requestId: string;
          amount: Money;
          merchantReference: string;
          refundMerchantReference: string;
        }>;
        const key = body.requestId && body.merchantReference ? `${body.requestId}|${body.merchantReference}` : null;
        const previous = key ? refunds.get(key) : undefined;
        if (previous) return { status: 201, body: previous };
        const record = payments.get(ref);
        if (record?.payment.status !== 'APPROVED' || record.payment.paymentState === 'VOIDED')
          return {
            status: 412,
            body: errorBody(
              412,
              'precondition_failed',
              'The orderId is invalid, does not exist, or is not eligible for a refund.',
            ),
          };
        let amount: number;
        try {
          amount = fromMoney(body.amount);
        } catch {
          return { status: 422, body: errorBody(422, 'invalid_object', 'The amount was missing or invalid.') };
        }
        const p = record.payment;
        if (body.amount?.currency !== p.originalAmount.currency)
          return { status: 422, body: errorBody(422, 'invalid_object', 'The currency of the refund does not match.') };
        const done = p.refunds.reduce((sum, r) => sum + fromMoney(r.amount), 0);
        if (amount <= 0 || amount > fromMoney(p.originalAmount) - done)
          return {
            status: 422,
            body: errorBody(422, 'invalid_amount', 'The amount requested exceeded the amount available.'),
          };
        const refund: Refund = {
          ...(body.requestId ? { requestId: body.requestId } : {}),
          amount: toMoney(amount, p.originalAmount.currency),
          ...(body.merchantReference ? { merchantReference: body.merchantReference } : {}),
          refundId: String(nextOrderId++),
          refundedAt: iso(now()),
          ...(body.refundMerchantReference ? { refundMerchantReference: body.refundMerchantReference } : {}),
        };
        p.refunds.push(refund);
        p.events.push({ id: eventId(), created: refund.refundedAt, type: 'REFUND', amount: refund.amount });
        if (key) refunds.set(key, refund);
        return { status: 201, body: refund };
      }),
    );

    // ---------- the shopper's page ----------

    app.get('/checkout/', (request, reply) => {
      const token = String((request.query as { token?: unknown }).token ?? '');
      const checkout = liveCheckout(token);
      if (checkout?.state !== 'PENDING')
        return page(
          reply,
          404,
          'Checkout unavailable',
          '<p>This Clearpay checkout has expired or is already complete.</p>',
        );
      return checkoutPage(reply, checkout, null);
    });

    app.post('/checkout/confirm', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const checkout = liveCheckout(String(form.token ?? ''));
      if (checkout?.state !== 'PENDING')
        return page(
          reply,
          404,
          'Checkout unavailable',
          '<p>This Clearpay checkout has expired or is already complete.</p>',
        );
      const number = String(form.cardNumber ?? '').replace(/[\s-]/g, '');
      const cvv = String(form.cvv ?? '').trim();
      const problem = !luhnValid(number)
        ? 'Please enter a valid card number.'
        : !expiryInFuture(String(form.expiry ?? ''), now())
          ? 'Please enter a future expiry date (MM/YY).'
          : !/^\d{3,4}$/.test(cvv)
            ? 'Please enter the 3-digit security code.'
            : null;
      if (problem) return checkoutPage(reply, checkout, problem);
      checkout.state = 'CONFIRMED';
      checkout.decision = cvv === DECLINE_CVV ? 'decline' : 'approve';
      checkout.cardLast4 = number.slice(-4);
      const url = withReturn(checkout.request.merchant.redirectConfirmUrl, checkout.token, 'SUCCESS');
      const triple = faults.find((a) => a.fault.kind === 'triple-notify');
      if (triple) {
        triple.remaining -= 1;
        if (triple.remaining <= 0) faults = faults.filter((a) => a !== triple);
        await Promise.all(
          [0, 1, 2].map(async () => {
            let ok = true;
            try {
              await notify(url);
            } catch {
              ok = false;
            }
            notifications.push({ url, at: iso(now()), ok });
          }),
        );
      }
      return reply.redirect(url, 303);
    });

    app.post('/checkout/cancel', (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const checkout = liveCheckout(String(form.token ?? ''));
      if (checkout?.state !== 'PENDING')
        return page(
          reply,
          404,
          'Checkout unavailable',
          '<p>This Clearpay checkout has expired or is already complete.</p>',
        );
      checkout.state = 'CANCELLED';
      return reply.redirect(withReturn(checkout.request.merchant.redirectCancelUrl, checkout.token, 'CANCELLED'), 303);
    });

    // ---------- controls for tests ----------

    app.post('/__sandbox/faults', (request, reply) => {
      const fault = request.body as SandboxFault;
      const kinds = ['lose-next-response', 'timeout-next-query', 'fail-next', 'triple-notify'];
      if (!fault || !kinds.includes(fault.kind))
        return reply.code(400).send({ message: `kind must be one of ${kinds.join(', ')}` });
      faults.push({ fault, remaining: Math.max(1, fault.count ?? 1) });
      return reply.code(201).send({ armed: faults.map((a) => ({ ...a.fault, remaining: a.remaining })) });
    });

    app.get('/__sandbox/state', async () => ({
      checkouts: [...checkouts.values()].map((c) => ({
        token: c.token,
        state: c.state,
        decision: c.decision ?? null,
        cardLast4: c.cardLast4 ?? null,
        merchantReference: c.request.merchantReference ?? null,
        amount: c.request.amount,
        expires: iso(c.expiresAt),
        reversalPending: c.reversalPending,
        paymentId: c.paymentId ?? null,
      })),
      payments: [...payments.values()].map((r) => r.payment),
      requests,
      notifications,
      faults: faults.map((a) => ({ ...a.fault, remaining: a.remaining })),
    }));

    app.post('/__sandbox/checkouts/:token/expire', (request, reply) => {
      const checkout = checkouts.get((request.params as { token: string }).token);
      if (!checkout) return reply.code(404).send({ message: 'no such checkout' });
      checkout.expiresAt = now() - 1;
      return reply.code(204).send();
    });

    /** Moves the sandbox's clock (e.g. past the 10-minute reversal window). */
    app.post('/__sandbox/clock', (request, reply) => {
      const advanceMs = Number((request.body as { advanceMs?: unknown } | null)?.advanceMs ?? 0);
      clockOffset += Number.isFinite(advanceMs) ? advanceMs : 0;
      return reply.send({ now: iso(now()) });
    });

    app.post('/__sandbox/reset', (_request, reply) => {
      checkouts = new Map();
      payments = new Map();
      refunds = new Map();
      faults = [];
      requests = [];
      notifications = [];
      clockOffset = 0;
      return reply.code(204).send();
    });
  };
}

// ---------- helpers ----------

function errorBody(httpStatusCode: number, errorCode: string, message: string) {
  return { errorCode, errorId: randomBytes(8).toString('hex'), message, httpStatusCode };
}

function eventId(): string {
  return randomBytes(14).toString('base64url');
}

function checkoutProblem(body: CreateCheckoutRequest | null | undefined): string | null {
  if (!body || typeof body !== 'object') return 'The request body is missing.';
  try {
    fromMoney(body.amount);
  } catch {
    return 'amount is required: {amount: "0.00", currency}.';
  }
  const c = body.consumer;
  if (!c || typeof c.givenNames !== 'string' || typeof c.surname !== 'string' || typeof c.email !== 'string')
    return 'consumer.givenNames, consumer.surname and consumer.email are required.';
  const m = body.merchant;
  if (!m || !isHttpUrl(m.redirectConfirmUrl) || !isHttpUrl(m.redirectCancelUrl))
    return 'merchant.redirectConfirmUrl and merchant.redirectCancelUrl must be URLs.';
  return null;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function withReturn(base: string, token: string, status: 'SUCCESS' | 'CANCELLED'): string {
  const url = new URL(base);
  url.searchParams.set('status', status);
  url.searchParams.set('orderToken', token);
  return url.toString();
}

function expiryInFuture(text: string, nowMs: number): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return false;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return false;
  const endOfMonth = Date.UTC(2000 + Number(match[2]), month, 1);
  return endOfMonth > nowMs;
}

/** Waits ms, or less when the caller hangs up (a client that timed out). */
function pause(ms: number, request: FastifyRequest): Promise<void> {
  return new Promise((resolve) => {
    const socket = request.raw.socket;
    const done = () => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    socket.once('close', done);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function origin(url: string): string {
  return new URL(url).origin;
}

function page(reply: FastifyReply, status: number, title: string, body: string, formTargets: string[] = []) {
  const formAction = ["'self'", ...formTargets].join(' ');
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>SANDBOX — ${escapeHtml(title)} — Clearpay</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f6;color:#111}
.banner{background:#b00020;color:#fff;text-align:center;font-weight:700;padding:.75rem;letter-spacing:.05em}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 8px #0002}
.brand{background:#b2fce4;border-radius:8px;padding:.5rem 1rem;font-weight:800;display:inline-block}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #888;border-radius:6px}
button{margin-top:1rem;padding:.75rem 1rem;font-size:1rem;border-radius:24px;border:0;cursor:pointer;width:100%}
.confirm{background:#000;color:#b2fce4}.cancel{background:#eee;color:#111}
.error{background:#fde7ea;color:#8a0014;padding:.5rem;border-radius:6px}
table{font-size:.85rem;border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.25rem}
</style></head>
<body><div class="banner" role="alert">SANDBOX — no real money</div>
<main><span class="brand">Clearpay</span> <strong>sandbox</strong>
${body}
</main></body></html>`);
}

function checkoutPage(reply: FastifyReply, checkout: CheckoutRecord, problem: string | null) {
  const amount = fromMoney(checkout.request.amount);
  const rest = Math.floor(amount / 4);
  const first = amount - 3 * rest;
  const instalment = (minor: number) => `£${toMoney(minor, 'GBP').amount}`;
  const token = escapeHtml(checkout.token);
  const cards = TEST_CARDS.map(
    (c) =>
      `<tr><td>${c.brand}</td><td>${c.number}</td><td>${c.expiry}</td><td>${APPROVE_CVV} approves, ${DECLINE_CVV} declines</td></tr>`,
  ).join('');
  const body = `
<h1>Pay in 4 with Clearpay</h1>
<p>Order total <strong>${instalment(amount)}</strong> (${escapeHtml(checkout.request.merchantReference ?? '')}):
4 interest-free payments: ${instalment(first)} today, then 3 of ${instalment(rest)} every 2 weeks.</p>
<p>${escapeHtml(checkout.request.consumer.givenNames)} ${escapeHtml(checkout.request.consumer.surname)},
${escapeHtml(checkout.request.consumer.email)}</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="confirm" autocomplete="off">
<input type="hidden" name="token" value="${token}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="01/28" required>
<label for="cvv">Security code</label><input id="cvv" name="cvv" inputmode="numeric" maxlength="4" required>
<button class="confirm" type="submit">Confirm</button>
</form>
<form method="post" action="cancel"><input type="hidden" name="token" value="${token}">
<button class="cancel" type="submit">Cancel and return to the shop</button></form>
<h2>Test cards</h2><table><tr><th>Card</th><th>Number</th><th>Expiry</th><th>CVV</th></tr>${cards}</table>
<p>Card details go to this sandbox only, which keeps the last four digits and the outcome.</p>`;
  return page(reply, problem ? 422 : 200, 'Pay in 4', body, [
    origin(checkout.request.merchant.redirectConfirmUrl),
    origin(checkout.request.merchant.redirectCancelUrl),
  ]);
}
