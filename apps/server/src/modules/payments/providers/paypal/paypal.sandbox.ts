/**
 * A stand-in for PayPal over real HTTP, for the demo and the tests: the REST API the adapter calls
 * (same paths and shapes as https://api-m.sandbox.paypal.com, under the plugin's prefix), the JS
 * SDK's buttons at `<prefix>/sdk/js`, the approval page at `<prefix>/checkoutnow`, webhooks signed
 * like PayPal's (RSA-SHA256 over `transmission_id|time|webhook_id|crc32(body)`) that its own
 * verify endpoint accepts, and fault injection. State is in memory, like a provider's: an order
 * goes CREATED/PAYER_ACTION_REQUIRED -> APPROVED -> COMPLETED; capturing twice answers 422
 * ORDER_ALREADY_CAPTURED; capturing an unapproved order answers 422 ORDER_NOT_APPROVED.
 *
 * Declines use PayPal's published sandbox triggers: the card rejection triggers (CCREJECT-* as the
 * name on card, with a published test card) and negative-testing codes (chosen on the approval
 * page, or the PayPal-Mock-Response header). Card details are posted only to this sandbox, and
 * only the last four digits are kept. Every page says "SANDBOX — no real money".
 */
import { generateKeyPairSync, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  minorToValue,
  PAYPAL_PATHS,
  type PayPalCapture,
  type PayPalOrder,
  type PayPalOrderStatus,
  type PayPalWebhookEvent,
  valueToMinor,
  webhookSignedString,
} from './paypal.protocol.js';

export interface PayPalSandboxOptions {
  /** The sandbox's own base URL as browsers and the adapter reach it, e.g. http://localhost:3001/paypal. */
  publicUrl: string;
  /** The credentials it accepts (defaults: sandbox-client-id / sandbox-client-secret). */
  clientId?: string;
  clientSecret?: string;
  /** Where webhooks go, and the webhook id they are signed for. */
  notify?: { url: string; webhookId: string };
  fetch?: typeof fetch;
}

export type PayPalSandboxFault =
  | { kind: 'lose-next-response'; on?: SandboxOperation }
  | { kind: 'timeout-next-query'; delayMs?: number }
  | { kind: 'fail-next'; on?: SandboxOperation; status?: number }
  | { kind: 'triple-notify' }
  | { kind: 'revoke-tokens' };

type SandboxOperation = 'create' | 'capture' | 'refund' | 'query' | 'verify';

/** PayPal's published sandbox test cards (developer.paypal.com/tools/sandbox/card-testing). */
export const PAYPAL_TEST_CARDS: Record<string, string> = {
  '371449635398431': 'AMEX',
  '376680816376961': 'AMEX',
  '36259600000004': 'DINERS',
  '6304000000000000': 'MAESTRO',
  '5063516945005047': 'MAESTRO',
  '2223000048400011': 'MASTERCARD',
  '4005519200000004': 'VISA',
  '4012000033330026': 'VISA',
  '4012000077777777': 'VISA',
  '4012888888881881': 'VISA',
  '4217651111111119': 'VISA',
  '4500600000000061': 'VISA',
  '4772129056533503': 'VISA',
  '4915805038587737': 'VISA',
};

/** Rejection triggers (name on card) -> processor response code, as PayPal's sandbox answers them. */
export const PAYPAL_CARD_REJECTION_TRIGGERS: Record<string, string> = {
  'CCREJECT-REFUSED': '0500',
  'CCREJECT-SF': '9500',
  'CCREJECT-EC': '5400',
  'CCREJECT-IRC': '5180',
  'CCREJECT-IF': '5120',
  'CCREJECT-LS': '9520',
  'CCREJECT-IA': '1330',
  'CCREJECT-BANK_ERROR': '5100',
  'CCREJECT-CVV_F': '00N7',
};

/** Wallet outcomes the approval page offers (negative-testing codes, plus a pending capture). */
export const PAYPAL_WALLET_SCENARIOS = [
  'SUCCESS',
  'PENDING',
  'INSTRUMENT_DECLINED',
  'PAYER_CANNOT_PAY',
  'PAYER_ACCOUNT_RESTRICTED',
  'TRANSACTION_REFUSED',
] as const;

export const SANDBOX_BUYER = { email: 'sb-buyer@personal.example.com', givenName: 'Sandbox', surname: 'Buyer' };

type Approval =
  | { kind: 'paypal'; fundingSource: string; scenario: (typeof PAYPAL_WALLET_SCENARIOS)[number] }
  | { kind: 'card'; brand: string; lastDigits: string; trigger: string | null };

interface SandboxOrder {
  id: string;
  status: PayPalOrderStatus;
  request: Record<string, unknown> & { purchase_units: Record<string, unknown>[] };
  payerId: string | null;
  approval: Approval | null;
  capture: PayPalCapture | null;
  refunds: { id: string; status: 'COMPLETED'; amount: { currency_code: string; value: string } }[];
  createTime: string;
  updateTime: string;
}

interface Replay {
  status: number;
  orderId: string | null;
  body: unknown;
}

const NEGATIVE_ISSUES: Record<string, string> = {
  INSTRUMENT_DECLINED:
    'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
  PAYER_CANNOT_PAY: 'Combination of payer and payee settings mean that this buyer cannot pay this seller.',
  PAYER_ACCOUNT_RESTRICTED: 'PAYER_ACCOUNT_RESTRICTED',
  TRANSACTION_REFUSED: 'The request was refused.',
  DUPLICATE_INVOICE_ID: 'Duplicate Invoice ID detected.',
};

function ppId(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

function iso(ms = Date.now()): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function paypalSandbox(options: PayPalSandboxOptions): FastifyPluginAsync {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const clientId = options.clientId ?? 'sandbox-client-id';
  const clientSecret = options.clientSecret ?? 'sandbox-client-secret';
  const doFetch = options.fetch ?? fetch;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const certUrl = `${publicUrl}/v1/notifications/certs/CERT-sandbox-${randomUUID().slice(0, 8)}`;

  return async (app) => {
    const tokens = new Map<string, number>();
    const orders = new Map<string, SandboxOrder>();
    const captures = new Map<string, string>();
    const replays = new Map<string, Replay>();
    let faults: PayPalSandboxFault[] = [];
    const requests: { method: string; path: string; requestId: string | null; at: string }[] = [];
    const webhooks: { eventId: string; eventType: string; transmissionId: string; status: number | string }[] = [];
    const hangs = new Set<() => void>();

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    // Lets a hung request go when the server closes, so close() never waits on a fault.
    app.addHook('preClose', async () => {
      for (const release of hangs) release();
    });

    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? request.url;
      if (path.includes('/__sandbox/')) return;
      const rid = request.headers['paypal-request-id'];
      requests.push({ method: request.method, path, requestId: typeof rid === 'string' ? rid : null, at: iso() });
      if (requests.length > 500) requests.shift();
    });

    // --- helpers ---------------------------------------------------------------------------

    const takeFault = <K extends PayPalSandboxFault['kind']>(
      kind: K,
      on?: SandboxOperation,
    ): Extract<PayPalSandboxFault, { kind: K }> | null => {
      const index = faults.findIndex(
        (f) => f.kind === kind && (!on || !('on' in f) || f.on === undefined || f.on === on),
      );
      if (index < 0) return null;
      const [fault] = faults.splice(index, 1);
      return fault as Extract<PayPalSandboxFault, { kind: K }>;
    };

    const ppError = (
      reply: FastifyReply,
      status: number,
      name: string,
      message: string,
      issue?: string,
      description?: string,
    ) =>
      reply.code(status).send({
        name,
        message,
        debug_id: randomBytes(7).toString('hex'),
        ...(issue ? { details: [{ issue, description: description ?? NEGATIVE_ISSUES[issue] ?? issue }] } : {}),
        links: [
          {
            href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue ?? name}`,
            rel: 'information_link',
            method: 'GET',
          },
        ],
      });
    const unprocessable = (reply: FastifyReply, issue: string, description?: string) =>
      ppError(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        issue,
        description,
      );
    const invalid = (reply: FastifyReply, issue: string, description: string) =>
      ppError(
        reply,
        400,
        'INVALID_REQUEST',
        'Request is not well-formed, syntactically incorrect, or violates schema.',
        issue,
        description,
      );
    const notFound = (reply: FastifyReply) =>
      ppError(
        reply,
        404,
        'RESOURCE_NOT_FOUND',
        'The specified resource does not exist.',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist. Please check the resource ID and try again.',
      );

    const authorised = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      const expires = tokens.get(token);
      if (expires && expires > Date.now()) return true;
      void reply.code(401).send({
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [{ href: 'https://developer.paypal.com/api/rest/authentication/', rel: 'information_link' }],
      });
      return false;
    };

    /** Sends the reply, or (fault) does the work and then drops the connection without answering. */
    const deliver = (
      request: FastifyRequest,
      reply: FastifyReply,
      op: SandboxOperation,
      status: number,
      body: unknown,
    ) => {
      if (takeFault('lose-next-response', op)) {
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      return reply.code(status).send(body);
    };

    const failInjected = (reply: FastifyReply, op: SandboxOperation): boolean => {
      const fault = takeFault('fail-next', op);
      if (!fault) return false;
      void ppError(reply, fault.status ?? 503, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');
      return true;
    };

    const mockIssue = (request: FastifyRequest): string | null => {
      const header = request.headers['paypal-mock-response'];
      if (typeof header !== 'string') return null;
      try {
        const parsed = JSON.parse(header) as { mock_application_codes?: string };
        return parsed.mock_application_codes ?? null;
      } catch {
        return null;
      }
    };

    const representation = (order: SandboxOrder): PayPalOrder => {
      const unit = { ...order.request.purchase_units[0] } as Record<string, unknown>;
      unit.payee = { merchant_id: 'SANDBOXMERCHANT', email_address: 'sb-merchant@business.example.com' };
      if (order.capture) unit.payments = { captures: [order.capture] };
      const payer = order.payerId
        ? {
            payer_id: order.payerId,
            email_address: SANDBOX_BUYER.email,
            name: { given_name: SANDBOX_BUYER.givenName, surname: SANDBOX_BUYER.surname },
          }
        : undefined;
      const source =
        order.approval?.kind === 'card'
          ? { card: { last_digits: order.approval.lastDigits, brand: order.approval.brand, type: 'CREDIT' } }
          : order.approval
            ? { paypal: { email_address: SANDBOX_BUYER.email, account_id: order.payerId, account_status: 'VERIFIED' } }
            : undefined;
      const links = [
        { href: `${publicUrl}${PAYPAL_PATHS.order(order.id)}`, rel: 'self', method: 'GET' },
        ...(order.status === 'APPROVED'
          ? [{ href: `${publicUrl}${PAYPAL_PATHS.capture(order.id)}`, rel: 'capture', method: 'POST' }]
          : []),
        ...(order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED'
          ? [
              {
                href: `${publicUrl}/checkoutnow?token=${order.id}`,
                rel: order.status === 'CREATED' ? 'approve' : 'payer-action',
                method: 'GET',
              },
            ]
          : []),
      ];
      return {
        id: order.id,
        intent: 'CAPTURE',
        status: order.status,
        ...(source ? { payment_source: source } : {}),
        purchase_units: [unit],
        ...(payer ? { payer } : {}),
        create_time: order.createTime,
        update_time: order.updateTime,
        links,
      } as PayPalOrder;
    };

    // --- webhooks ---------------------------------------------------------------------------

    const notify = (eventType: string, resourceType: string, resource: unknown, summary: string) => {
      const target = options.notify;
      if (!target) return;
      const event: PayPalWebhookEvent = {
        id: `WH-${ppId(17)}-${ppId(17)}`,
        event_version: '1.0',
        create_time: iso(),
        resource_type: resourceType,
        event_type: eventType,
        summary,
        resource: resource as Record<string, unknown>,
        links: [],
      };
      const body = JSON.stringify(event);
      const copies = takeFault('triple-notify') ? 3 : 1;
      const send = async () => {
        const transmissionId = randomUUID();
        const transmissionTime = iso();
        const signature = sign(
          'sha256',
          Buffer.from(webhookSignedString(transmissionId, transmissionTime, target.webhookId, body)),
          privateKey,
        ).toString('base64');
        const record = { eventId: event.id, eventType, transmissionId, status: 'sending' as number | string };
        webhooks.push(record);
        try {
          const response = await doFetch(target.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'paypal-transmission-id': transmissionId,
              'paypal-transmission-time': transmissionTime,
              'paypal-transmission-sig': signature,
              'paypal-cert-url': certUrl,
              'paypal-auth-algo': 'SHA256withRSA',
            },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          await response.body?.cancel();
          record.status = response.status;
        } catch (error) {
          record.status = `error: ${(error as Error).message}`;
        }
      };
      // After the API answer, like PayPal; copies go at once (a delivery tripled concurrently).
      setImmediate(() => {
        void Promise.all(Array.from({ length: copies }, send));
      });
    };

    // --- OAuth2 -----------------------------------------------------------------------------

    app.post(PAYPAL_PATHS.token, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
      const body = (request.body ?? {}) as Record<string, string>;
      if (decoded !== `${clientId}:${clientSecret}`)
        return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (body.grant_type !== 'client_credentials')
        return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'unsupported grant_type' });
      const accessToken = `A21AA${randomBytes(32).toString('base64url')}`;
      const expiresIn = 32_400;
      tokens.set(accessToken, Date.now() + expiresIn * 1000);
      return reply.send({
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-SANDBOX',
        expires_in: expiresIn,
        nonce: `${iso()}${randomBytes(8).toString('hex')}`,
      });
    });

    // --- Orders v2 --------------------------------------------------------------------------

    app.post(PAYPAL_PATHS.orders, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      if (failInjected(reply, 'create')) return reply;
      const requestId = request.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `create|${requestId}` : null;
      const previous = key ? replays.get(key) : undefined;
      if (previous?.orderId) {
        const order = orders.get(previous.orderId);
        if (order) return deliver(request, reply, 'create', 200, representation(order));
      }
      const mocked = mockIssue(request);
      if (mocked) return unprocessable(reply, mocked);
      const body = request.body as Record<string, unknown> | null;
      const problem = validateCreate(body);
      if (problem)
        return problem.status === 400
          ? invalid(reply, problem.issue, problem.description)
          : unprocessable(reply, problem.issue, problem.description);
      const unit = (body as { purchase_units: Record<string, unknown>[] }).purchase_units[0] as Record<string, unknown>;
      const invoiceId = unit.invoice_id;
      if (
        invoiceId &&
        [...orders.values()].some(
          (o) => o.status === 'COMPLETED' && o.request.purchase_units[0]?.invoice_id === invoiceId,
        )
      )
        return unprocessable(reply, 'DUPLICATE_INVOICE_ID');
      const now = iso();
      const order: SandboxOrder = {
        id: ppId(17),
        status: (body as { payment_source?: unknown }).payment_source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        request: body as SandboxOrder['request'],
        payerId: null,
        approval: null,
        capture: null,
        refunds: [],
        createTime: now,
        updateTime: now,
      };
      orders.set(order.id, order);
      if (key) replays.set(key, { status: 201, orderId: order.id, body: null });
      return deliver(request, reply, 'create', 201, representation(order));
    });

    app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const hang = takeFault('timeout-next-query');
      if (hang) {
        await new Promise<void>((resolve) => {
          const release = () => {
            clearTimeout(timer);
            hangs.delete(release);
            resolve();
          };
          const timer = setTimeout(release, hang.delayMs ?? 20_000);
          hangs.add(release);
        });
      }
      if (failInjected(reply, 'query')) return reply;
      const order = orders.get(request.params.id);
      if (!order) return notFound(reply);
      return deliver(request, reply, 'query', 200, representation(order));
    });

    app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      if (failInjected(reply, 'capture')) return reply;
      const order = orders.get(request.params.id);
      if (!order) return notFound(reply);
      const requestId = request.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `capture|${order.id}|${requestId}` : null;
      const previous = key ? replays.get(key) : undefined;
      // The same request again answers the latest state of the first one.
      if (previous)
        return deliver(
          request,
          reply,
          'capture',
          previous.status,
          previous.status < 300 ? representation(order) : previous.body,
        );
      const mocked = mockIssue(request);
      if (mocked) return unprocessable(reply, mocked);
      if (order.status === 'COMPLETED')
        return unprocessable(
          reply,
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      if (order.status !== 'APPROVED' || !order.approval)
        return unprocessable(
          reply,
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        );
      const approval = order.approval;
      if (approval.kind === 'paypal' && approval.scenario !== 'SUCCESS' && approval.scenario !== 'PENDING') {
        // A declined funding source: the buyer must choose again (actions.restart()).
        order.status = 'PAYER_ACTION_REQUIRED';
        order.approval = null;
        order.updateTime = iso();
        const issue = approval.scenario;
        const body = {
          name: 'UNPROCESSABLE_ENTITY',
          message:
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
          debug_id: randomBytes(7).toString('hex'),
          details: [{ issue, description: NEGATIVE_ISSUES[issue] ?? issue }],
        };
        if (key) replays.set(key, { status: 422, orderId: order.id, body });
        return deliver(request, reply, 'capture', 422, body);
      }
      const unit = order.request.purchase_units[0] as {
        amount: { currency_code: string; value: string };
        custom_id?: string;
        invoice_id?: string;
      };
      const now = iso();
      const code =
        approval.kind === 'card' && approval.trigger ? PAYPAL_CARD_REJECTION_TRIGGERS[approval.trigger] : undefined;
      const status = code
        ? 'DECLINED'
        : approval.kind === 'paypal' && approval.scenario === 'PENDING'
          ? 'PENDING'
          : 'COMPLETED';
      const captureId = ppId(17);
      order.capture = {
        id: captureId,
        status,
        ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        final_capture: true,
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        ...(approval.kind === 'card'
          ? {
              processor_response: {
                avs_code: code ? 'G' : 'Y',
                cvv_code: code ? 'P' : 'M',
                response_code: code ?? '0000',
              },
            }
          : {}),
        create_time: now,
        links: [{ href: `${publicUrl}${PAYPAL_PATHS.captureDetails(captureId)}`, rel: 'self', method: 'GET' }],
      };
      captures.set(captureId, order.id);
      order.status = 'COMPLETED';
      order.updateTime = now;
      if (key) replays.set(key, { status: 201, orderId: order.id, body: null });
      const resource = { ...order.capture, supplementary_data: { related_ids: { order_id: order.id } } };
      const eventType =
        status === 'COMPLETED'
          ? 'PAYMENT.CAPTURE.COMPLETED'
          : status === 'PENDING'
            ? 'PAYMENT.CAPTURE.PENDING'
            : 'PAYMENT.CAPTURE.DENIED';
      notify(
        eventType,
        'capture',
        resource,
        `Payment ${status.toLowerCase()} for ${unit.amount.value} ${unit.amount.currency_code}`,
      );
      return deliver(request, reply, 'capture', 201, representation(order));
    });

    // --- Payments v2 --------------------------------------------------------------------------

    app.get<{ Params: { id: string } }>('/v2/payments/captures/:id', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const orderId = captures.get(request.params.id);
      const order = orderId ? orders.get(orderId) : undefined;
      if (!order?.capture) return notFound(reply);
      return reply.send({ ...order.capture, supplementary_data: { related_ids: { order_id: order.id } } });
    });

    app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      if (failInjected(reply, 'refund')) return reply;
      const orderId = captures.get(request.params.id);
      const order = orderId ? orders.get(orderId) : undefined;
      const capture = order?.capture;
      if (!order || !capture) return notFound(reply);
      const requestId = request.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `refund|${capture.id}|${requestId}` : null;
      const previous = key ? replays.get(key) : undefined;
      if (previous) return deliver(request, reply, 'refund', previous.status, previous.body);
      if (capture.status === 'REFUNDED')
        return unprocessable(reply, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
        return unprocessable(reply, 'REFUND_NOT_ALLOWED', 'Refund cannot be issued for this capture.');
      const capturedMinor = valueToMinor(capture.amount.value);
      const refundedMinor = order.refunds.reduce((s, r) => s + valueToMinor(r.amount.value), 0);
      const body = (request.body ?? {}) as { amount?: { currency_code?: string; value?: string }; invoice_id?: string };
      let amountMinor = capturedMinor - refundedMinor;
      if (body.amount) {
        if (body.amount.currency_code !== capture.amount.currency_code)
          return unprocessable(
            reply,
            'REFUND_CURRENCY_MISMATCH',
            'Refund must be in the same currency as the capture.',
          );
        try {
          amountMinor = valueToMinor(String(body.amount.value));
        } catch {
          return invalid(reply, 'INVALID_PARAMETER_VALUE', 'amount/value');
        }
      }
      if (amountMinor <= 0) return invalid(reply, 'INVALID_PARAMETER_VALUE', 'amount/value');
      if (amountMinor > capturedMinor - refundedMinor)
        return unprocessable(
          reply,
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      const refund = {
        id: ppId(17),
        status: 'COMPLETED' as const,
        amount: { currency_code: capture.amount.currency_code, value: minorToValue(amountMinor) },
      };
      order.refunds.push(refund);
      capture.status = refundedMinor + amountMinor === capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const answer = {
        ...refund,
        ...(body.invoice_id ? { invoice_id: body.invoice_id } : {}),
        links: [{ href: `${publicUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' }],
      };
      if (key) replays.set(key, { status: 201, orderId: order.id, body: answer });
      notify(
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        answer,
        `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`,
      );
      return deliver(request, reply, 'refund', 201, answer);
    });

    // --- Webhook verification -----------------------------------------------------------------

    app.get('/v1/notifications/certs/:name', async (_request, reply) =>
      reply.type('application/x-pem-file').send(publicPem),
    );

    app.post(PAYPAL_PATHS.verifyWebhook, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      if (failInjected(reply, 'verify')) return reply;
      const b = (request.body ?? {}) as Record<string, unknown>;
      for (const field of [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ])
        if (typeof b[field] !== 'string' || !b[field]) return invalid(reply, 'MISSING_REQUIRED_PARAMETER', field);
      if (typeof b.webhook_event !== 'object' || b.webhook_event === null)
        return invalid(reply, 'MISSING_REQUIRED_PARAMETER', 'webhook_event');
      let ok = b.auth_algo === 'SHA256withRSA' && b.cert_url === certUrl && b.webhook_id === options.notify?.webhookId;
      if (ok) {
        const signed = webhookSignedString(
          b.transmission_id as string,
          b.transmission_time as string,
          b.webhook_id as string,
          JSON.stringify(b.webhook_event),
        );
        try {
          ok = verify('sha256', Buffer.from(signed), publicKey, Buffer.from(b.transmission_sig as string, 'base64'));
        } catch {
          ok = false;
        }
      }
      return reply.send({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    });

    // --- The browser part: SDK script and approval page ----------------------------------------

    app.get('/sdk/js', async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(SDK_SCRIPT),
    );

    app.get<{ Querystring: { token?: string; fundingSource?: string; origin?: string } }>(
      '/checkoutnow',
      async (request, reply) => {
        const order = request.query.token ? orders.get(request.query.token) : undefined;
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        );
        if (!order)
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(pageShell('Order not found', '<p>This PayPal order does not exist or has expired.</p>'));
        return reply
          .type('text/html; charset=utf-8')
          .send(
            approvalPage(
              order,
              representation(order),
              request.query.fundingSource ?? 'paypal',
              request.query.origin ?? '',
              publicUrl,
            ),
          );
      },
    );

    app.post<{
      Body: {
        token?: string;
        method?: string;
        scenario?: string;
        fundingSource?: string;
        card?: { number?: string; expiry?: string; cvv?: string; name?: string };
      };
    }>('/checkoutnow/approve', async (request, reply) => {
      const b = request.body ?? {};
      const order = b.token ? orders.get(b.token) : undefined;
      if (!order) return reply.code(404).send({ message: 'Order not found' });
      if (order.status === 'COMPLETED' || order.status === 'VOIDED')
        return reply.code(422).send({ message: `Order is ${order.status}` });
      const experience = (
        order.request.payment_source as { paypal?: { experience_context?: { return_url?: string } } } | undefined
      )?.paypal?.experience_context;
      if (b.method === 'card') {
        const number = (b.card?.number ?? '').replace(/[\s-]/g, '');
        const brand = PAYPAL_TEST_CARDS[number];
        if (!brand || !luhn(number))
          return reply.code(400).send({ message: 'Use one of PayPal\u2019s published sandbox test cards.' });
        const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(b.card?.expiry ?? '');
        const month = Number(expiry?.[1]);
        const year = expiry?.[2] ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
        const now = new Date();
        if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
          return reply.code(400).send({ message: 'Enter a future expiry date (MM/YY).' });
        if (!/^\d{3,4}$/.test(b.card?.cvv ?? ''))
          return reply.code(400).send({ message: 'Enter the 3- or 4-digit security code.' });
        const name = (b.card?.name ?? '').trim();
        // Only the brand and last four digits are kept; the number is dropped here.
        order.approval = {
          kind: 'card',
          brand,
          lastDigits: number.slice(-4),
          trigger: PAYPAL_CARD_REJECTION_TRIGGERS[name] ? name : null,
        };
      } else {
        const scenario = (PAYPAL_WALLET_SCENARIOS as readonly string[]).includes(b.scenario ?? '')
          ? b.scenario
          : 'SUCCESS';
        order.approval = {
          kind: 'paypal',
          fundingSource: b.fundingSource === 'paylater' ? 'paylater' : 'paypal',
          scenario: scenario as (typeof PAYPAL_WALLET_SCENARIOS)[number],
        };
      }
      order.payerId ??= ppId(13);
      order.status = 'APPROVED';
      order.updateTime = iso();
      notify('CHECKOUT.ORDER.APPROVED', 'checkout-order', representation(order), 'An order has been approved by buyer');
      const returnUrl = experience?.return_url
        ? withQuery(experience.return_url, { token: order.id, PayerID: order.payerId })
        : null;
      return reply.send({ orderID: order.id, payerID: order.payerId, returnUrl });
    });

    app.post<{ Body: { token?: string } }>('/checkoutnow/cancel', async (request, reply) => {
      const order = request.body?.token ? orders.get(request.body.token) : undefined;
      if (!order) return reply.code(404).send({ message: 'Order not found' });
      const experience = (
        order.request.payment_source as { paypal?: { experience_context?: { cancel_url?: string } } } | undefined
      )?.paypal?.experience_context;
      return reply.send({
        orderID: order.id,
        cancelUrl: experience?.cancel_url ? withQuery(experience.cancel_url, { token: order.id }) : null,
      });
    });

    // --- Controls for tests and the demo -------------------------------------------------------

    app.post<{ Body: PayPalSandboxFault }>('/__sandbox/faults', async (request, reply) => {
      const fault = request.body;
      const kinds = ['lose-next-response', 'timeout-next-query', 'fail-next', 'triple-notify', 'revoke-tokens'];
      if (!fault || !kinds.includes(fault.kind))
        return reply.code(400).send({ message: `kind must be one of ${kinds.join(', ')}` });
      if (fault.kind === 'revoke-tokens') tokens.clear();
      else faults.push(fault);
      return reply.code(204).send();
    });

    app.get('/__sandbox/state', async () => ({
      orders: [...orders.values()].map((o) => ({
        id: o.id,
        status: o.status,
        referenceId: o.request.purchase_units[0]?.reference_id ?? null,
        amount: (o.request.purchase_units[0] as { amount?: unknown } | undefined)?.amount ?? null,
        payerId: o.payerId,
        approval: o.approval,
        capture: o.capture ? { id: o.capture.id, status: o.capture.status } : null,
        refunds: o.refunds,
      })),
      requests,
      webhooks,
      pendingFaults: faults,
      certUrl,
    }));

    app.post('/__sandbox/reset', async (_request, reply) => {
      orders.clear();
      captures.clear();
      replays.clear();
      faults = [];
      requests.length = 0;
      webhooks.length = 0;
      return reply.code(204).send();
    });
  };
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Create-order validation as PayPal does it: shape (400) and sums (422). */
function validateCreate(
  body: Record<string, unknown> | null,
): { status: 400 | 422; issue: string; description: string } | null {
  if (!body || typeof body !== 'object')
    return { status: 400, issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' };
  if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
    return { status: 400, issue: 'INVALID_PARAMETER_VALUE', description: 'intent' };
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0)
    return { status: 400, issue: 'MISSING_REQUIRED_PARAMETER', description: 'purchase_units' };
  if (units.length > 1)
    return {
      status: 422,
      issue: 'MULTIPLE_SHIPPING_ADDRESS_NOT_SUPPORTED',
      description: 'The sandbox takes one purchase unit.',
    };
  const unit = units[0] as {
    amount?: {
      currency_code?: string;
      value?: string;
      breakdown?: Record<string, { currency_code?: string; value?: string }>;
    };
    items?: { unit_amount?: { currency_code?: string; value?: string }; quantity?: string; name?: string }[];
  };
  const amount = unit.amount;
  if (!amount?.currency_code || typeof amount.value !== 'string')
    return { status: 400, issue: 'MISSING_REQUIRED_PARAMETER', description: 'purchase_units/0/amount' };
  let total: number;
  try {
    total = valueToMinor(amount.value);
  } catch {
    return { status: 400, issue: 'DECIMAL_PRECISION', description: 'purchase_units/0/amount/value' };
  }
  if (total <= 0)
    return { status: 422, issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', description: 'purchase_units/0/amount/value' };
  const breakdown = amount.breakdown;
  if (!breakdown) return null;
  const part = (name: string): number | null => {
    const m = breakdown[name];
    if (!m) return 0;
    if (m.currency_code !== amount.currency_code) return null;
    return valueToMinor(String(m.value));
  };
  const names = ['item_total', 'shipping', 'handling', 'tax_total', 'insurance', 'shipping_discount', 'discount'];
  const parts: Record<string, number> = {};
  for (const name of names) {
    let value: number | null;
    try {
      value = part(name);
    } catch {
      return { status: 400, issue: 'DECIMAL_PRECISION', description: `purchase_units/0/amount/breakdown/${name}` };
    }
    if (value === null)
      return { status: 422, issue: 'CURRENCY_MISMATCH', description: `purchase_units/0/amount/breakdown/${name}` };
    parts[name] = value;
  }
  const p = (n: string) => parts[n] ?? 0;
  if (unit.items) {
    let itemsMinor = 0;
    for (const item of unit.items) {
      if (item.unit_amount?.currency_code !== amount.currency_code)
        return { status: 422, issue: 'CURRENCY_MISMATCH', description: 'items/unit_amount' };
      itemsMinor += valueToMinor(String(item.unit_amount.value)) * Number(item.quantity ?? '1');
    }
    if (itemsMinor !== p('item_total'))
      return {
        status: 422,
        issue: 'ITEM_TOTAL_MISMATCH',
        description: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit',
      };
  }
  const expected =
    p('item_total') +
    p('shipping') +
    p('handling') +
    p('tax_total') +
    p('insurance') -
    p('shipping_discount') -
    p('discount');
  if (expected !== total)
    return {
      status: 422,
      issue: 'AMOUNT_MISMATCH',
      description:
        'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
    };
  return null;
}

function pageShell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} — PayPal SANDBOX</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#2c2e2f}
.banner{background:#b00020;color:#fff;font-weight:700;text-align:center;padding:10px;letter-spacing:.04em}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 6px rgba(0,0,0,.12)}
h1{font-size:1.3rem;color:#003087} .amount{font-size:1.6rem;font-weight:700}
button{display:block;width:100%;padding:12px;margin:8px 0;border:0;border-radius:24px;font-size:1rem;font-weight:600;cursor:pointer}
.approve{background:#0070ba;color:#fff}.cancel{background:#e9ecef;color:#2c2e2f}
label{display:block;margin:8px 0 2px;font-size:.9rem} input,select{width:100%;padding:8px;box-sizing:border-box;font-size:1rem}
fieldset{border:1px solid #d0d4d9;border-radius:8px;margin:12px 0} .hint{font-size:.8rem;color:#6c7378}
.error{color:#b00020;font-weight:600} ul{padding-left:18px}
</style></head><body><div class="banner" role="status">SANDBOX — no real money</div><main>${body}</main></body></html>`;
}

function approvalPage(
  order: SandboxOrder,
  view: PayPalOrder,
  fundingSource: string,
  origin: string,
  publicUrl: string,
): string {
  const unit = order.request.purchase_units[0] as {
    amount: { currency_code: string; value: string };
    reference_id?: string;
    items?: { name?: string; unit_amount?: { value?: string } }[];
  };
  const currency = unit.amount.currency_code;
  const symbol = currency === 'GBP' ? '£' : '$';
  const payLater = fundingSource === 'paylater';
  const instalments = currency === 'GBP' ? 3 : 4;
  const totalMinor = valueToMinor(unit.amount.value);
  const first = Math.ceil(totalMinor / instalments);
  const items = (unit.items ?? [])
    .map((i) => `<li>${escapeHtml(i.name ?? '')} — ${symbol}${escapeHtml(i.unit_amount?.value ?? '')}</li>`)
    .join('');
  const done = order.status === 'COMPLETED';
  const data = JSON.stringify({ token: view.id, fundingSource, origin, base: publicUrl }).replace(/</g, '\\u003c');
  const scenarios = PAYPAL_WALLET_SCENARIOS.map(
    (s) =>
      `<option value="${s}">${s === 'SUCCESS' ? 'Pay (succeeds)' : s === 'PENDING' ? 'Pay (capture pending review)' : `Decline: ${s}`}</option>`,
  ).join('');
  return pageShell(
    'Approve payment',
    `<h1>${payLater ? `PayPal Pay in ${instalments}` : 'Pay with PayPal'} <small>(sandbox)</small></h1>
<p class="amount">${symbol}${escapeHtml(unit.amount.value)} ${escapeHtml(currency)}</p>
<p class="hint">Reference ${escapeHtml(unit.reference_id ?? '')} · order ${escapeHtml(view.id)}</p>
<ul>${items}</ul>
${done ? '<p class="error">This order has already been paid.</p>' : ''}
${payLater ? `<p>${instalments} interest-free payments: ${symbol}${minorToValue(first)} today, then every 2 weeks.</p>` : ''}
<p>Signed in as <strong>${SANDBOX_BUYER.email}</strong> (sandbox buyer).</p>
<label for="scenario">Sandbox outcome</label><select id="scenario">${scenarios}</select>
<button class="approve" id="approve" ${done ? 'disabled' : ''}>Approve</button>
<button class="cancel" id="cancel">Cancel and return</button>
${
  payLater
    ? ''
    : `<fieldset><legend>Or pay with debit or credit card</legend>
<p class="hint">Sandbox test cards only (e.g. 4012 8888 8888 1881). Name on card CCREJECT-IF, -REFUSED, -EC, -IRC, -SF, -LS, -IA, -BANK_ERROR or -CVV_F declines.</p>
<label for="cc-number">Card number</label><input id="cc-number" autocomplete="off" inputmode="numeric">
<label for="cc-expiry">Expiry (MM/YY)</label><input id="cc-expiry" autocomplete="off">
<label for="cc-cvv">Security code</label><input id="cc-cvv" autocomplete="off" inputmode="numeric">
<label for="cc-name">Name on card</label><input id="cc-name" autocomplete="off">
<button class="approve" id="pay-card" ${done ? 'disabled' : ''}>Pay with card</button></fieldset>`
}
<p id="message" class="error" role="alert"></p>
<script>
(function () {
  var d = ${data};
  var msg = document.getElementById('message');
  function post(path, body) {
    return fetch(d.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.message || 'Error'); return j; }); });
  }
  function tell(event, extra) {
    if (window.opener && d.origin) {
      window.opener.postMessage(Object.assign({ source: 'paypal-sandbox', event: event, orderID: d.token, fundingSource: d.fundingSource }, extra), d.origin);
      window.close();
      return true;
    }
    return false;
  }
  function approved(j) { if (!tell('approve', { payerID: j.payerID }) && j.returnUrl) location.href = j.returnUrl; }
  document.getElementById('approve').onclick = function () {
    post('/checkoutnow/approve', { token: d.token, method: 'paypal', fundingSource: d.fundingSource, scenario: document.getElementById('scenario').value })
      .then(approved, function (e) { msg.textContent = e.message; });
  };
  var card = document.getElementById('pay-card');
  if (card) card.onclick = function () {
    post('/checkoutnow/approve', { token: d.token, method: 'card', card: {
      number: document.getElementById('cc-number').value, expiry: document.getElementById('cc-expiry').value,
      cvv: document.getElementById('cc-cvv').value, name: document.getElementById('cc-name').value } })
      .then(approved, function (e) { msg.textContent = e.message; });
  };
  document.getElementById('cancel').onclick = function () {
    post('/checkoutnow/cancel', { token: d.token }).then(function (j) {
      if (!tell('cancel', {}) && j.cancelUrl) location.href = j.cancelUrl;
    }, function (e) { msg.textContent = e.message; });
  };
})();
</script>`,
  );
}

/**
 * The sandbox's `paypal` global: `paypal.Buttons({ style, fundingSource?, createOrder, onApprove,
 * onCancel, onError }).render(el)`, blue and vertical by default, PayPal and Pay Later buttons
 * (`disable-funding=paylater` on the script URL hides Pay Later, as with PayPal's SDK). A click
 * opens the approval page in a popup (or this window when popups are blocked) and listens for its
 * answer only from the sandbox's exact origin.
 */
const SDK_SCRIPT = `(function () {
  var script = document.currentScript;
  var src = new URL(script.src, location.href);
  var base = src.origin + src.pathname.replace(/\\/sdk\\/js$/, '');
  var disabled = (src.searchParams.get('disable-funding') || '').split(',');
  var FUNDING = { PAYPAL: 'paypal', PAYLATER: 'paylater', CARD: 'card' };
  var COLORS = { blue: ['#0070ba', '#fff'], gold: ['#ffc439', '#111'], silver: ['#eee', '#111'], white: ['#fff', '#111'], black: ['#111', '#fff'] };
  function Buttons(opts) {
    opts = opts || {};
    var style = opts.style || {};
    var sources = opts.fundingSource ? [opts.fundingSource] : ['paypal', 'paylater'];
    sources = sources.filter(function (s) { return (s === 'paypal' || s === 'paylater') && disabled.indexOf(s) < 0; });
    var pending = null;
    var container = null;
    function finish(kind, data) {
      var p = pending; pending = null;
      if (!p) return;
      if (p.timer) clearInterval(p.timer);
      var actions = { restart: function () { start(p.source); return Promise.resolve(); } };
      try {
        if (kind === 'approve' && opts.onApprove) opts.onApprove({ orderID: p.orderID, payerID: data.payerID, paymentSource: p.source }, actions);
        else if (kind === 'cancel' && opts.onCancel) opts.onCancel({ orderID: p.orderID });
        else if (kind === 'error' && opts.onError) opts.onError(data);
      } catch (e) { if (opts.onError) opts.onError(e); }
    }
    window.addEventListener('message', function (ev) {
      if (ev.origin !== src.origin || !ev.data || ev.data.source !== 'paypal-sandbox' || !pending) return;
      if (ev.data.orderID !== pending.orderID) return;
      finish(ev.data.event === 'approve' ? 'approve' : 'cancel', ev.data);
    });
    function start(source) {
      var popup = window.open('', 'paypal-sandbox', 'width=480,height=720');
      // Nothing is written into the blank popup: Chromium then drops its opener under the shop's
      // Cross-Origin-Opener-Policy (same-origin-allow-popups), and the answer could not come back.
      Promise.resolve(opts.createOrder ? opts.createOrder({ paymentSource: source }, {}) : null).then(function (orderID) {
        if (!orderID) throw new Error('createOrder gave no order id');
        var url = base + '/checkoutnow?token=' + encodeURIComponent(orderID) + '&fundingSource=' + source;
        if (popup && !popup.closed) {
          pending = { orderID: orderID, source: source };
          popup.location.href = url + '&origin=' + encodeURIComponent(location.origin);
          pending.timer = setInterval(function () { if (popup.closed && pending) finish('cancel', {}); }, 500);
        } else {
          location.href = url;
        }
      }).catch(function (err) {
        if (popup && !popup.closed) popup.close();
        if (opts.onError) opts.onError(err);
      });
    }
    return {
      isEligible: function () { return sources.length > 0; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('paypal.Buttons: container not found'));
        var colors = COLORS[style.color || 'blue'] || COLORS.blue;
        var wrap = document.createElement('div');
        wrap.setAttribute('data-paypal-sandbox', '');
        wrap.style.display = 'flex';
        wrap.style.flexDirection = style.layout === 'horizontal' ? 'row' : 'column';
        wrap.style.gap = '8px';
        sources.forEach(function (source) {
          var b = document.createElement('button');
          b.type = 'button';
          b.setAttribute('data-funding-source', source);
          b.textContent = (source === 'paylater' ? 'Pay Later' : 'PayPal') + ' (SANDBOX)';
          b.style.cssText = 'padding:12px;border:0;border-radius:' + (style.shape === 'rect' ? '4px' : '24px') + ';font-weight:700;font-size:16px;cursor:pointer;background:' + colors[0] + ';color:' + colors[1];
          b.onclick = function () { if (!opts.onClick || opts.onClick({ fundingSource: source }) !== false) start(source); };
          wrap.appendChild(b);
        });
        var note = document.createElement('small');
        note.textContent = 'SANDBOX — no real money';
        note.style.cssText = 'color:#b00020;font-weight:700;text-align:center';
        wrap.appendChild(note);
        container.appendChild(wrap);
        return Promise.resolve();
      },
      close: function () { if (container) container.innerHTML = ''; return Promise.resolve(); },
    };
  }
  window.paypal = { Buttons: Buttons, FUNDING: FUNDING, version: 'sandbox' };
})();
`;
