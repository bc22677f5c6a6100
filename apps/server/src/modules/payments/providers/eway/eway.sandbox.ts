/**
 * Eway Rapid v3 sandbox: plays Eway's side over real HTTP for the demo and the tests. Registered
 * by the lead on a separate sandbox server: `app.register(ewaySandbox({ publicUrl }), { prefix: '/eway' })`.
 *
 * Under its prefix it serves:
 * - the API the adapter calls, same paths and shapes as https://api.ewaypayments.com (HTTP Basic):
 *   POST /AccessCodesShared, GET /AccessCode/:code, GET /Transaction/InvoiceRef/:ref,
 *   GET /Transaction/:id, POST /Transaction/:id/Refund;
 * - the browser part: GET /scripts/eCrypt.js (window.eCrypt.showModalPayment), the responsive
 *   shared page GET /sharedpage/sharedpayment?AccessCode=… (marked SANDBOX — no real money), and
 *   its card post POST /AccessCode/:code (EWAY_CARDNUMBER … fields, to the sandbox only);
 * - controls for tests: POST /__sandbox/faults, POST /__sandbox/mode, GET /__sandbox/records,
 *   POST /__sandbox/reset.
 *
 * State is in memory, like the provider's: an access code is paid at most once and its result is
 * then frozen (paying it again answers the first result); a transaction is refunded at most up to
 * its amount (then V6152). Card numbers are never stored: only Eway's masked form (444433XXXXXX1111).
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CreateAccessCodeSharedRequest,
  type CreateAccessCodeSharedResponse,
  EWAY_LIMITS,
  type EwayTransaction,
  type QueryAccessCodeResponse,
  type RefundResponse,
} from './eway.protocol.js';

/** Eway's published test cards (https://go.eway.io/s/article/Test-Credit-Card-Numbers). */
export const EWAY_TEST_CARDS = {
  visa: '4444333322221111',
  mastercard: '5105105105105100',
  /** Amex: Eway knows it, but this shop takes Visa and Mastercard only, so it answers V6153. */
  amex: '378282246310005',
} as const;

/** Bank codes the "Use Cents Value" mode can answer (D44xx declines; A20xx approvals), per locale/en.json. */
const DECLINE_CENTS = new Set(
  (
    '01 02 03 04 05 06 07 09 12 13 14 15 19 21 22 23 25 30 31 33 34 35 36 37 38 39 40 41 42 43 44 51 52 53 54 55 ' +
    '56 57 58 59 60 61 62 63 64 66 67 75 82 90 91 92 93 94 95 96 97 98 99'
  ).split(' '),
);
const APPROVED_CENTS = new Set(['00', '08', '10', '11', '16']);

export type EwaySandboxMode = 'use-cents' | 'always-approve' | 'always-decline';

export type EwayFaultTarget = 'create' | 'query' | 'refund' | 'payment' | 'any';

export type EwayFault =
  /** The operation is done (committed), then the connection is dropped without a reply. */
  | { kind: 'lose-next-response'; target?: EwayFaultTarget }
  /** The next query (GET /AccessCode or /Transaction…) waits delayMs (default 30 s) before answering. */
  | { kind: 'timeout-next-query'; delayMs?: number }
  /** The next payment's notification is delivered three times at once. */
  | { kind: 'triple-notify' }
  /** The next call answers HTTP 503 without doing anything. */
  | { kind: 'server-error-next'; target?: EwayFaultTarget }
  /** The next payment answers these codes (e.g. 'F9011' for a foreign card, 'D4405'). */
  | { kind: 'force-next-response'; responseMessage: string; responseCode?: string | null; approved?: boolean };

/** Stands in for a notification: Eway has no webhooks, so this is the browser's return (validate) body. */
export interface EwayNotification {
  AccessCode: string;
  Errors: string | null;
  IsComplete: boolean;
  InvoiceReference: string | null;
  TransactionID: number;
}

export interface EwaySandboxOptions {
  /** The sandbox's own base URL as browsers reach it, with the prefix (e.g. http://localhost:3001/eway). */
  publicUrl: string;
  /** When set, the API accepts only this key and password; otherwise any non-empty pair. */
  credentials?: { apiKey: string; password: string };
  /** After each payment: a URL to POST the notification to as JSON, or a function. */
  notify?: string | ((notification: EwayNotification) => unknown);
  /** Default 'use-cents' (Eway's sandbox "Use Cents Value"). */
  mode?: EwaySandboxMode;
}

interface AccessCodeRecord {
  code: string;
  createdAt: number;
  request: CreateAccessCodeSharedRequest;
  transactionId: number | null;
}

interface TransactionRecord extends EwayTransaction {
  AccessCode: string;
  CurrencyCode: string;
  maskedCard: string;
  refundedMinor: number;
  refunds: { TransactionID: number; TotalAmount: number }[];
}

interface RequestLogEntry {
  method: string;
  path: string;
  status: number | 'lost' | 'timeout';
  at: number;
}

interface NotificationLogEntry {
  AccessCode: string;
  delivery: number;
  outcome: string;
  at: number;
}

type Pending = EwayFault & { id: number };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): 'visa' | 'mastercard' | 'amex' | 'other' {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'other';
}

function mask(digits: string): string {
  return `${digits.slice(0, 6)}${'X'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-AU')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Validation of an AccessCodesShared body: the V6xxx codes Eway answers for each field. */
function validateCreate(body: unknown): string[] {
  if (!isObject(body)) return ['V6016'];
  const errors: string[] = [];
  const payment = body.Payment;
  const customer = isObject(body.Customer) ? body.Customer : {};
  if (!isObject(payment)) errors.push('V6016');
  else {
    const amount = payment.TotalAmount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) errors.push('V6011');
    if (str(payment.InvoiceNumber).length > EWAY_LIMITS.invoiceNumber) errors.push('V6013');
    if (str(payment.InvoiceDescription).length > EWAY_LIMITS.invoiceDescription) errors.push('V6012');
    if (str(payment.InvoiceReference).length > EWAY_LIMITS.invoiceReference) errors.push('V6014');
    if (payment.CurrencyCode != null && payment.CurrencyCode !== 'AUD') errors.push('V6018');
  }
  if (body.Method !== 'ProcessPayment') errors.push('V6004');
  if (body.TransactionType !== 'Purchase') errors.push('V6010');
  for (const [field, code] of [
    ['RedirectUrl', 'V6047'],
    ['CancelUrl', 'V6059'],
  ] as const) {
    const url = body[field];
    if (typeof url !== 'string' || url.length === 0) errors.push(code);
    else if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) errors.push('V6059');
  }
  if (str(customer.FirstName).length > EWAY_LIMITS.name) errors.push('V6051');
  if (str(customer.LastName).length > EWAY_LIMITS.name) errors.push('V6052');
  if (customer.Country != null && !/^[a-z]{2}$/.test(str(customer.Country))) errors.push('V6053');
  const email = str(customer.Email);
  if (email.length > EWAY_LIMITS.email || (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) errors.push('V6069');
  if (str(customer.Phone).length > EWAY_LIMITS.phone) errors.push('V6070');
  return [...new Set(errors)];
}

/** The card fields the shared page posts (Eway's transparent-redirect names). */
function validateCard(fields: Record<string, unknown>, now: Date): { errors: string[]; digits: string } {
  const errors: string[] = [];
  const name = str(fields.EWAY_CARDNAME).trim();
  const digits = str(fields.EWAY_CARDNUMBER).replace(/[\s-]/g, '');
  const month = Number(str(fields.EWAY_CARDEXPIRYMONTH));
  const yearText = str(fields.EWAY_CARDEXPIRYYEAR).trim();
  const cvn = str(fields.EWAY_CARDCVN).trim();
  if (!name) errors.push('V6021');
  else if (name.length > 50) errors.push('V6100');
  if (!digits) errors.push('V6022');
  else if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.push('V6110');
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.push('V6101');
  if (!/^(\d{2}|\d{4})$/.test(yearText)) errors.push('V6102');
  if (!errors.includes('V6101') && !errors.includes('V6102')) {
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.push('V6033');
  }
  if (!cvn) errors.push('V6023');
  else if (!/^\d{3,4}$/.test(cvn)) errors.push('V6106');
  return { errors, digits };
}

export function ewaySandbox(options: EwaySandboxOptions): FastifyPluginAsync {
  // Read per request: a test may learn its port only after registering the plugin.
  const publicUrl = () => options.publicUrl.replace(/\/+$/, '');

  return async (app) => {
    const accessCodes = new Map<string, AccessCodeRecord>();
    const transactions = new Map<number, TransactionRecord>();
    const requests: RequestLogEntry[] = [];
    const notifications: NotificationLogEntry[] = [];
    let faults: Pending[] = [];
    let faultId = 0;
    let nextTransactionId = 21_000_000 + randomInt(0, 100_000);
    let mode: EwaySandboxMode = options.mode ?? 'use-cents';
    const inflight = new Set<Promise<unknown>>();

    const prefix = app.prefix;

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    function takeFault<K extends EwayFault['kind']>(
      kind: K,
      target: Exclude<EwayFaultTarget, 'any'>,
    ): Extract<Pending, { kind: K }> | undefined {
      const index = faults.findIndex((f) => {
        if (f.kind !== kind) return false;
        const wanted = 'target' in f && f.target ? f.target : 'any';
        return wanted === 'any' || wanted === target;
      });
      if (index < 0) return undefined;
      const [fault] = faults.splice(index, 1);
      return fault as Extract<Pending, { kind: K }>;
    }

    function log(request: FastifyRequest, status: RequestLogEntry['status']) {
      requests.push({ method: request.method, path: request.url.slice(prefix.length), status, at: Date.now() });
    }

    function authorised(request: FastifyRequest): boolean {
      const header = request.headers.authorization ?? '';
      const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
      if (!match?.[1]) return false;
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon <= 0 || colon === decoded.length - 1) return false;
      if (!options.credentials) return true;
      const expected = Buffer.from(`${options.credentials.apiKey}:${options.credentials.password}`);
      const given = Buffer.from(decoded);
      return expected.length === given.length && timingSafeEqual(expected, given);
    }

    /**
     * Runs one API call with the faults that apply: 503 before doing anything, a delay before a
     * query, or the reply lost after the work is done.
     */
    async function api(
      request: FastifyRequest,
      reply: FastifyReply,
      target: Exclude<EwayFaultTarget, 'any'>,
      work: () => { status?: number; body: unknown },
    ): Promise<void> {
      if (target !== 'payment' && !authorised(request)) {
        log(request, 401);
        await reply.code(401).header('WWW-Authenticate', 'Basic realm="eWAY"').send({ Message: 'Unauthorized' });
        return;
      }
      if (takeFault('server-error-next', target)) {
        log(request, 503);
        await reply.code(503).send({ Errors: 'S5000' });
        return;
      }
      if (target === 'query') {
        const slow = takeFault('timeout-next-query', 'query');
        if (slow) {
          const closed = await waitOrClose(request, slow.delayMs ?? 30_000);
          if (closed) {
            log(request, 'timeout');
            reply.hijack();
            return;
          }
        }
      }
      const result = work();
      if (takeFault('lose-next-response', target)) {
        log(request, 'lost');
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      log(request, result.status ?? 200);
      await reply.code(result.status ?? 200).send(result.body);
    }

    function waitOrClose(request: FastifyRequest, ms: number): Promise<boolean> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          request.raw.socket.off('close', onClose);
          resolve(false);
        }, ms);
        const onClose = () => {
          clearTimeout(timer);
          resolve(true);
        };
        request.raw.socket.once('close', onClose);
      });
    }

    function notify(notification: EwayNotification, times: number) {
      const target = options.notify;
      if (!target) return;
      for (let delivery = 1; delivery <= times; delivery++) {
        const run = (async () => {
          let outcome: string;
          try {
            if (typeof target === 'string') {
              const response = await fetch(target, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({
                  AccessCode: notification.AccessCode,
                  Errors: notification.Errors,
                  IsComplete: notification.IsComplete,
                }),
                signal: AbortSignal.timeout(10_000),
              });
              outcome = `HTTP ${response.status}`;
            } else {
              await target(notification);
              outcome = 'delivered';
            }
          } catch (error) {
            outcome = `failed: ${error instanceof Error ? error.message : String(error)}`;
          }
          notifications.push({ AccessCode: notification.AccessCode, delivery, outcome, at: Date.now() });
        })();
        inflight.add(run);
        void run.finally(() => inflight.delete(run));
      }
    }

    function queryBody(code: string): QueryAccessCodeResponse {
      const record = accessCodes.get(code);
      const empty: QueryAccessCodeResponse = {
        AccessCode: code,
        AuthorisationCode: null,
        ResponseCode: null,
        ResponseMessage: null,
        InvoiceNumber: null,
        InvoiceReference: null,
        TotalAmount: null,
        TransactionID: null,
        TransactionStatus: false,
        TokenCustomerID: null,
        BeagleScore: null,
        Options: [],
        Verification: null,
        Errors: null,
      };
      if (!record) return { ...empty, Errors: 'V6107' };
      const payment = record.request.Payment;
      const base = {
        ...empty,
        InvoiceNumber: payment.InvoiceNumber ?? null,
        InvoiceReference: payment.InvoiceReference ?? null,
        TotalAmount: payment.TotalAmount,
      };
      const tx = record.transactionId == null ? undefined : transactions.get(record.transactionId);
      if (!tx) return { ...base, ResponseMessage: 'S5099' };
      return {
        ...base,
        AuthorisationCode: tx.AuthorisationCode,
        ResponseCode: tx.ResponseCode,
        ResponseMessage: tx.ResponseMessage,
        TransactionID: tx.TransactionID,
        TransactionStatus: tx.TransactionStatus,
        BeagleScore: 0,
        Verification: { CVN: 0, Address: 0, Email: 0, Mobile: 0, Phone: 0 },
      };
    }

    function publicTransaction(tx: TransactionRecord): EwayTransaction {
      return {
        AuthorisationCode: tx.AuthorisationCode,
        ResponseCode: tx.ResponseCode,
        ResponseMessage: tx.ResponseMessage,
        InvoiceNumber: tx.InvoiceNumber,
        InvoiceReference: tx.InvoiceReference,
        TotalAmount: tx.TotalAmount,
        TransactionID: tx.TransactionID,
        TransactionStatus: tx.TransactionStatus,
        TokenCustomerID: null,
        BeagleScore: 0,
      };
    }

    /** Decides a payment: forced codes, then the test cards, then the mode (the amount's cents). */
    function decide(
      digits: string,
      amount: number,
    ): { approved: boolean; responseCode: string | null; responseMessage: string } {
      const forced = takeFault('force-next-response', 'payment');
      if (forced)
        return {
          approved: forced.approved ?? false,
          responseCode: forced.responseCode ?? null,
          responseMessage: forced.responseMessage,
        };
      const brand = cardBrand(digits);
      if (brand === 'amex' || brand === 'other')
        return { approved: false, responseCode: null, responseMessage: 'V6153' };
      if (digits !== EWAY_TEST_CARDS.visa && digits !== EWAY_TEST_CARDS.mastercard)
        return { approved: false, responseCode: '14', responseMessage: 'D4414' };
      if (mode === 'always-approve') return { approved: true, responseCode: '00', responseMessage: 'A2000' };
      if (mode === 'always-decline') return { approved: false, responseCode: '05', responseMessage: 'D4405' };
      const cents = String(amount % 100).padStart(2, '0');
      if (APPROVED_CENTS.has(cents)) return { approved: true, responseCode: cents, responseMessage: `A20${cents}` };
      if (DECLINE_CENTS.has(cents)) return { approved: false, responseCode: cents, responseMessage: `D44${cents}` };
      return { approved: true, responseCode: '00', responseMessage: 'A2000' };
    }

    function redirectWithCode(url: string, code: string): string {
      const target = new URL(url);
      target.searchParams.set('AccessCode', code);
      return target.toString();
    }

    // --- API ---------------------------------------------------------------------------------

    app.post('/AccessCodesShared', (request, reply) =>
      api(request, reply, 'create', () => {
        const errors = validateCreate(request.body);
        if (errors.length > 0) {
          const body: CreateAccessCodeSharedResponse = {
            AccessCode: null,
            SharedPaymentUrl: null,
            FormActionURL: null,
            CompleteCheckoutURL: null,
            Errors: errors.join(','),
          };
          return { body };
        }
        const input = request.body as CreateAccessCodeSharedRequest;
        const code = `A1001${randomBytes(48).toString('base64url')}`;
        accessCodes.set(code, { code, createdAt: Date.now(), request: structuredClone(input), transactionId: null });
        const body: CreateAccessCodeSharedResponse = {
          AccessCode: code,
          SharedPaymentUrl: `${publicUrl()}/sharedpage/sharedpayment?AccessCode=${encodeURIComponent(code)}`,
          FormActionURL: `${publicUrl()}/AccessCode/${encodeURIComponent(code)}`,
          CompleteCheckoutURL: null,
          Customer: input.Customer,
          Payment: {
            TotalAmount: input.Payment.TotalAmount,
            InvoiceNumber: input.Payment.InvoiceNumber ?? null,
            InvoiceDescription: input.Payment.InvoiceDescription ?? null,
            InvoiceReference: input.Payment.InvoiceReference ?? null,
            CurrencyCode: input.Payment.CurrencyCode ?? 'AUD',
          },
          Errors: null,
        };
        return { body };
      }),
    );

    app.get<{ Params: { code: string } }>('/AccessCode/:code', (request, reply) =>
      api(request, reply, 'query', () => ({ body: queryBody(request.params.code) })),
    );

    app.get<{ Params: { ref: string } }>('/Transaction/InvoiceRef/:ref', (request, reply) =>
      api(request, reply, 'query', () => {
        const found = [...transactions.values()].filter((t) => t.InvoiceReference === request.params.ref);
        return { body: { Transactions: found.map(publicTransaction), Errors: found.length === 0 ? 'V6171' : null } };
      }),
    );

    app.get<{ Params: { id: string } }>('/Transaction/:id', (request, reply) =>
      api(request, reply, 'query', () => {
        const tx = transactions.get(Number(request.params.id));
        return { body: { Transactions: tx ? [publicTransaction(tx)] : [], Errors: tx ? null : 'V6115' } };
      }),
    );

    app.post<{ Params: { id: string } }>('/Transaction/:id/Refund', (request, reply) =>
      api(request, reply, 'refund', () => {
        const tx = transactions.get(Number(request.params.id));
        const refund = isObject(request.body) && isObject(request.body.Refund) ? request.body.Refund : null;
        const amount = refund?.TotalAmount;
        const refused = (code: string): { body: RefundResponse } => ({
          body: {
            AuthorisationCode: null,
            ResponseCode: null,
            ResponseMessage: code,
            TransactionID: null,
            TransactionStatus: false,
            Refund: null,
            Errors: code,
          },
        });
        if (!tx) return refused('V6115');
        if (!tx.TransactionStatus) return refused('V6113');
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return refused('V6150');
        if (tx.refundedMinor >= tx.TotalAmount) return refused('V6152');
        if (tx.refundedMinor + amount > tx.TotalAmount) return refused('V6151');
        const refundId = nextTransactionId++;
        tx.refundedMinor += amount;
        tx.refunds.push({ TransactionID: refundId, TotalAmount: amount });
        const body: RefundResponse = {
          AuthorisationCode: String(randomInt(100_000, 1_000_000)),
          ResponseCode: null,
          ResponseMessage: 'A2000',
          TransactionID: refundId,
          TransactionStatus: true,
          Refund: { TransactionID: tx.TransactionID, TotalAmount: amount, InvoiceReference: tx.InvoiceReference },
          Errors: '',
        };
        return { body };
      }),
    );

    // --- The browser part --------------------------------------------------------------------

    /** The card post from the shared page (Eway's field names). Card data is read, masked and dropped. */
    app.post<{ Params: { code: string } }>('/AccessCode/:code', (request, reply) =>
      api(request, reply, 'payment', () => {
        const record = accessCodes.get(request.params.code);
        if (!record) return { body: { Result: 'Error', Errors: 'V6107', TransactionID: null } };
        const redirect = redirectWithCode(record.request.RedirectUrl, record.code);
        const existing = record.transactionId == null ? undefined : transactions.get(record.transactionId);
        // Paid already: the first result again, never a second charge.
        if (existing)
          return {
            body: { Result: 'Complete', TransactionID: existing.TransactionID, Errors: null, RedirectUrl: redirect },
          };
        const fields = isObject(request.body) ? request.body : {};
        const { errors, digits } = validateCard(fields, new Date());
        if (errors.length > 0) return { body: { Result: 'Invalid', Errors: errors.join(','), TransactionID: null } };
        const amount = record.request.Payment.TotalAmount;
        const decision = decide(digits, amount);
        const id = nextTransactionId++;
        const tx: TransactionRecord = {
          AccessCode: record.code,
          AuthorisationCode: decision.approved ? String(randomInt(100_000, 1_000_000)) : null,
          ResponseCode: decision.responseCode,
          ResponseMessage: decision.responseMessage,
          InvoiceNumber: record.request.Payment.InvoiceNumber ?? null,
          InvoiceReference: record.request.Payment.InvoiceReference ?? null,
          TotalAmount: amount,
          TransactionID: id,
          TransactionStatus: decision.approved,
          CurrencyCode: record.request.Payment.CurrencyCode ?? 'AUD',
          maskedCard: mask(digits),
          refundedMinor: 0,
          refunds: [],
        };
        transactions.set(id, tx);
        record.transactionId = id;
        const times = takeFault('triple-notify', 'payment') ? 3 : 1;
        notify(
          {
            AccessCode: record.code,
            Errors: null,
            IsComplete: true,
            InvoiceReference: tx.InvoiceReference,
            TransactionID: id,
          },
          times,
        );
        return { body: { Result: 'Complete', TransactionID: id, Errors: null, RedirectUrl: redirect } };
      }),
    );

    app.get<{ Querystring: { AccessCode?: string } }>('/sharedpage/sharedpayment', async (request, reply) => {
      const code = request.query.AccessCode ?? '';
      const record = accessCodes.get(code);
      const nonce = randomBytes(16).toString('base64');
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Security-Policy',
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors *`,
        );
      return sharedPage({
        nonce,
        formAction: `${prefix}/AccessCode/${encodeURIComponent(code)}`,
        code,
        record,
        paid: record?.transactionId != null,
      });
    });

    app.get('/scripts/eCrypt.js', async (_request, reply) => {
      reply.header('Content-Type', 'application/javascript; charset=utf-8').header('Cache-Control', 'no-store');
      return ECRYPT_SCRIPT;
    });

    // --- Controls for tests ------------------------------------------------------------------

    app.post('/__sandbox/faults', async (request, reply) => {
      const body = request.body as EwayFault | undefined;
      const kinds = [
        'lose-next-response',
        'timeout-next-query',
        'triple-notify',
        'server-error-next',
        'force-next-response',
      ];
      if (!isObject(body) || !kinds.includes(str(body.kind)))
        return reply.code(400).send({ message: `kind must be one of ${kinds.join(', ')}` });
      faults.push({ ...body, id: ++faultId } as Pending);
      return reply.code(204).send();
    });

    app.post('/__sandbox/mode', async (request, reply) => {
      const wanted = isObject(request.body) ? request.body.mode : undefined;
      if (wanted !== 'use-cents' && wanted !== 'always-approve' && wanted !== 'always-decline')
        return reply.code(400).send({ message: 'mode must be use-cents, always-approve or always-decline' });
      mode = wanted;
      return reply.code(204).send();
    });

    app.get('/__sandbox/records', async () => {
      await Promise.allSettled([...inflight]);
      return {
        mode,
        pendingFaults: faults.map(({ id: _id, ...f }) => f),
        accessCodes: [...accessCodes.values()].map((r) => ({
          AccessCode: r.code,
          TotalAmount: r.request.Payment.TotalAmount,
          InvoiceReference: r.request.Payment.InvoiceReference ?? null,
          TransactionID: r.transactionId,
        })),
        transactions: [...transactions.values()].map((t) => ({
          ...publicTransaction(t),
          AccessCode: t.AccessCode,
          Card: t.maskedCard,
          RefundedAmount: t.refundedMinor,
          Refunds: t.refunds,
        })),
        requests,
        notifications,
      };
    });

    app.post('/__sandbox/reset', async (_request, reply) => {
      accessCodes.clear();
      transactions.clear();
      requests.length = 0;
      notifications.length = 0;
      faults = [];
      mode = options.mode ?? 'use-cents';
      return reply.code(204).send();
    });
  };
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

function sharedPage(input: {
  nonce: string;
  formAction: string;
  code: string;
  record: AccessCodeRecord | undefined;
  paid: boolean;
}): string {
  const { record } = input;
  const payment = record?.request.Payment;
  const customer = record?.request.Customer;
  const data = JSON.stringify({
    formAction: input.formAction,
    cancelUrl: record?.request.CancelUrl ?? null,
    usable: Boolean(record) && !input.paid,
    unusableError: record ? 'V6132' : 'V6107',
  }).replace(/</g, '\\u003c');
  const body = record
    ? input.paid
      ? '<p class="notice">This payment has already been processed.</p><button type="button" id="close">Close</button>'
      : `<dl>
  <dt>Amount</dt><dd id="amount">${escapeHtml(formatCents(payment?.TotalAmount ?? 0))} ${escapeHtml(payment?.CurrencyCode ?? 'AUD')}</dd>
  <dt>Reference</dt><dd>${escapeHtml(payment?.InvoiceNumber ?? '')}</dd>
  <dt>Customer</dt><dd>${escapeHtml(`${customer?.FirstName ?? ''} ${customer?.LastName ?? ''}`.trim())}</dd>
</dl>
<form id="card" method="post" action="${escapeHtml(input.formAction)}" autocomplete="off" novalidate>
  <input type="hidden" name="EWAY_ACCESSCODE" value="${escapeHtml(input.code)}">
  <label>Name on card <input name="EWAY_CARDNAME" autocomplete="cc-name" maxlength="50" required></label>
  <label>Card number <input name="EWAY_CARDNUMBER" inputmode="numeric" autocomplete="cc-number" maxlength="23" required></label>
  <div class="row">
    <label>Expiry month <input name="EWAY_CARDEXPIRYMONTH" inputmode="numeric" placeholder="MM" maxlength="2" required></label>
    <label>Expiry year <input name="EWAY_CARDEXPIRYYEAR" inputmode="numeric" placeholder="YY" maxlength="4" required></label>
    <label>CVN <input name="EWAY_CARDCVN" inputmode="numeric" maxlength="4" required></label>
  </div>
  <p id="message" role="alert"></p>
  <div class="row"><button type="submit" id="pay">Pay ${escapeHtml(formatCents(payment?.TotalAmount ?? 0))}</button>
  <button type="button" id="cancel">Cancel</button></div>
</form>
<details><summary>Sandbox test cards</summary>
<ul><li>Visa 4444 3333 2222 1111, Mastercard 5105 1051 0510 5100: any future expiry, any CVN.</li>
<li>The amount's cents choose the bank's answer: .00 or .08 approve; .51 insufficient funds; .05 do not honour;
.14 invalid card number; .01 refer to issuer; .54 expired card.</li>
<li>Amex 3782 822463 10005 is refused: this shop takes Visa and Mastercard only.</li></ul></details>`
    : '<p class="notice">This payment link is not valid.</p><button type="button" id="close">Close</button>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>SANDBOX — Eway payment (no real money)</title>
<style nonce="${input.nonce}">
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f4;color:#222}
.banner{background:repeating-linear-gradient(45deg,#ffd600,#ffd600 12px,#222 12px,#222 24px);padding:6px}
.banner strong{display:block;background:#ffd600;color:#000;text-align:center;font-size:1.1rem;padding:6px;letter-spacing:.05em}
main{max-width:420px;margin:16px auto;background:#fff;padding:16px 20px;border-radius:6px;box-shadow:0 1px 4px #0003}
label{display:block;margin:8px 0;font-size:.9rem}input{display:block;width:100%;box-sizing:border-box;padding:8px;font-size:1rem}
.row{display:flex;gap:8px}.row label{flex:1}button{padding:10px 16px;font-size:1rem;margin-top:8px}
#pay{background:#0a7c2f;color:#fff;border:0;border-radius:4px}#message{color:#b00020;min-height:1.2em}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{font-weight:600}details{margin-top:12px;font-size:.85rem}
</style></head>
<body><div class="banner"><strong>SANDBOX — no real money</strong></div>
<main><h1>Eway sandbox payment</h1>
${body}
</main>
<script type="application/json" id="data">${data}</script>
<script nonce="${input.nonce}">
(function () {
  var data = JSON.parse(document.getElementById('data').textContent);
  var inFrame = window.parent !== window;
  var parentOrigin = null;
  var m = /(?:^#|&)origin=([^&]+)/.exec(location.hash);
  if (m) { try { parentOrigin = new URL(decodeURIComponent(m[1])).origin; } catch (e) { parentOrigin = null; } }
  if (!parentOrigin && document.referrer) { try { parentOrigin = new URL(document.referrer).origin; } catch (e) {} }
  function finish(result, transactionID, errors, redirectUrl) {
    if (inFrame) {
      if (parentOrigin) window.parent.postMessage({ source: 'eway-sandbox', result: result, transactionID: transactionID, errors: errors }, parentOrigin);
    } else if (redirectUrl) { location.href = redirectUrl; }
  }
  var messages = { V6021: 'Enter the name on the card.', V6100: 'The name on the card is too long.', V6022: 'Enter the card number.',
    V6110: 'The card number is not valid.', V6101: 'The expiry month is not valid.', V6102: 'The expiry year is not valid.',
    V6033: 'The card has expired.', V6023: 'Enter the CVN.', V6106: 'The CVN is not valid.' };
  var close = document.getElementById('close');
  if (close) close.addEventListener('click', function () { finish('Error', null, data.unusableError, null); });
  var form = document.getElementById('card');
  if (!form) return;
  var message = document.getElementById('message');
  var pay = document.getElementById('pay');
  document.getElementById('cancel').addEventListener('click', function () { finish('Cancel', null, null, data.cancelUrl); });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    pay.disabled = true; message.textContent = 'Processing...';
    var body = new URLSearchParams(new FormData(form));
    fetch(data.formAction, { method: 'POST', credentials: 'same-origin', body: body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
      .then(function (r) { return r.json(); })
      .then(function (res) {
        if (res.Result === 'Invalid') {
          pay.disabled = false;
          message.textContent = res.Errors.split(',').map(function (c) { return messages[c] || c; }).join(' ');
          return;
        }
        form.reset();
        message.textContent = res.Result === 'Complete' ? 'Payment processed.' : 'Payment could not be processed.';
        finish(res.Result, res.TransactionID, res.Errors, res.RedirectUrl);
      })
      .catch(function () { pay.disabled = false; message.textContent = 'Could not reach the payment server. Please try again.'; });
  });
})();
</script></body></html>`;
}

/**
 * The sandbox's eCrypt.js: window.eCrypt.showModalPayment({ sharedPaymentUrl }, callback) opens
 * the shared page in a modal frame and calls back (result, transactionID, errors) with result
 * 'Complete' | 'Error' | 'Cancel', like Eway's script. Messages are accepted only from the frame,
 * at the shared page's exact origin.
 */
const ECRYPT_SCRIPT = `/* Eway eCrypt.js — SANDBOX stand-in (no real money) */
(function () {
  'use strict';
  var open = null;
  function showModalPayment(config, callback) {
    var cb = typeof callback === 'function' ? callback : function () {};
    if (open) return;
    var url;
    try { url = new URL(config && config.sharedPaymentUrl, location.href); } catch (e) { cb('Error', null, 'V6107'); return; }
    var origin = url.origin;
    var overlay = document.createElement('div');
    overlay.setAttribute('data-ecrypt-sandbox', '');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Eway payment (sandbox)');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:2147483647;display:flex;align-items:center;justify-content:center';
    var box = document.createElement('div');
    box.style.cssText = 'background:#fff;width:min(480px,96vw);height:min(680px,92vh);display:flex;flex-direction:column;border-radius:6px;overflow:hidden';
    var bar = document.createElement('div');
    bar.style.cssText = 'display:flex;justify-content:space-between;align-items:center;background:#ffd600;color:#000;font:600 14px system-ui,sans-serif;padding:6px 10px';
    bar.textContent = 'SANDBOX — no real money';
    var x = document.createElement('button');
    x.type = 'button'; x.textContent = '×'; x.setAttribute('aria-label', 'Close payment');
    x.style.cssText = 'font-size:20px;border:0;background:none;cursor:pointer';
    bar.appendChild(x);
    var frame = document.createElement('iframe');
    frame.title = 'Eway payment (sandbox)';
    frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    frame.style.cssText = 'border:0;flex:1;width:100%';
    url.hash = 'origin=' + encodeURIComponent(location.origin);
    frame.src = url.toString();
    box.appendChild(bar); box.appendChild(frame); overlay.appendChild(box);
    function finish(result, transactionID, errors) {
      if (!open) return;
      window.removeEventListener('message', onMessage);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      open = null;
      cb(result, transactionID == null ? null : transactionID, errors == null ? null : errors);
    }
    function onMessage(event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var d = event.data;
      if (!d || d.source !== 'eway-sandbox') return;
      if (d.result !== 'Complete' && d.result !== 'Error' && d.result !== 'Cancel') return;
      finish(d.result, d.transactionID, d.errors);
    }
    x.addEventListener('click', function () { finish('Cancel', null, null); });
    window.addEventListener('message', onMessage);
    open = overlay;
    document.body.appendChild(overlay);
  }
  window.eCrypt = window.eCrypt || {};
  window.eCrypt.showModalPayment = showModalPayment;
  window.eCrypt.init = window.eCrypt.init || function () {};
  window.eCrypt.sandbox = true;
})();
`;
