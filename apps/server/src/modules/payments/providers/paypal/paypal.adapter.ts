/**
 * PayPal Orders v2 adapter: speaks PayPal's REST API over fetch (OAuth2 client credentials, create
 * order, show order, capture, refund, webhook verification) at `baseUrl`, which is
 * https://api-m.paypal.com live, https://api-m.sandbox.paypal.com in PayPal's sandbox, or our own
 * sandbox (paypal.sandbox.ts) in the demo and tests. Protocol and sources: paypal.protocol.ts.
 *
 * Sources: https://developer.paypal.com/docs/api/orders/v2/ ,
 * https://developer.paypal.com/docs/api/payments/v2/ , https://developer.paypal.com/api/rest/authentication/ ,
 * https://developer.paypal.com/reference/guidelines/idempotency ,
 * https://developer.paypal.com/api/webhooks/v1/#verify-webhook-signature_post
 *
 * Rules kept here: every call has a timeout; a network failure, a timeout or a 5xx/429 throws
 * ProviderUnavailableError (the attempt stays pending for the reconciler) and a refusal throws
 * PayPalRefusalError or answers 'failed'; create, capture and refund carry PayPal-Request-Id derived
 * from our tracking number, so a retry is the same request; an ORDER_ALREADY_CAPTURED answer counts
 * as success once a GET shows the order COMPLETED with our amount and reference; nothing here
 * writes to the database, logs a secret or sees card data (PayPal's page takes it).
 */
import type { Ctx } from '../../../../lib/context.js';
import {
  type AttemptContext,
  type OrderDescription,
  type PaymentProvider,
  type ProviderMessage,
  ProviderMismatchError,
  type ProviderReading,
  ProviderRefusalError,
  ProviderUnavailableError,
  type ProviderVerdict,
  type ProviderWord,
  type RefundOptions,
  type StartResult,
} from '../../payment-provider.js';
import {
  classifyStatus,
  outcomeUnknown,
  PROVIDER_TIMEOUT_MS,
  type ProviderRequest,
  providerFetch,
  providerText,
  unavailableStatus,
} from '../../provider-http.js';
import {
  approveLink,
  buildCreateOrderRequest,
  errorIssue,
  errorKeyForIssue,
  errorKeyForProcessorCode,
  firstCapture,
  minorToValue,
  PAYPAL_PATHS,
  type PayPalCapture,
  type PayPalErrorBody,
  type PayPalOrder,
  type PayPalOrderInput,
  type PayPalRefund,
  type PayPalTokenResponse,
  type PayPalVerifyWebhookRequest,
  type PayPalWebhookEvent,
  type PayPalWebhookSubject,
  paypalRequestId,
  type SpecErrorKey,
  webhookHeadersFrom,
  webhookSubject,
} from './paypal.protocol.js';

export interface PayPalProviderOptions {
  /** PAYPAL_API_URL: https://api-m.paypal.com, https://api-m.sandbox.paypal.com or our sandbox's URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PAYPAL_WEBHOOK_ID: the id PayPal gave our webhook subscription (needed to verify notifications). */
  webhookId?: string;
  /** Shown on PayPal's page (experience_context.brand_name). */
  brandName?: string;
  fetch?: typeof fetch;
  /** Per call; default PROVIDER_TIMEOUT_MS.PayPal (15 s). */
  timeoutMs?: number;
  now?: () => number;
  /**
   * The shop's PUBLIC_URL: start then sends PayPal our accept and cancel routes as return_url and
   * cancel_url (`/c3api/checkout/paypal/accept?securityKey=<tracking>`, `/c3api/checkout/paypal/cancel?securityKey=<tracking>`).
   */
  shopUrl?: string;
  /** The buttons' script (PAYPAL_SDK_URL, or the sandbox's /sdk/js), served to the page with the client id. */
  sdkUrl?: string;
  /** The reconciler captures an order the shopper approved but nobody captured (the browser never came back). */
  captureApprovedOnReconcile?: boolean;
}

/** PayPal answered and said no (4xx): `issue` is PayPal's, `errorKey` the spec's. */
export class PayPalRefusalError extends ProviderRefusalError {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly issue: string,
    readonly errorKey: SpecErrorKey,
    readonly debugId: string | null,
  ) {
    super(
      'PayPal',
      issue,
      `PayPal ${operation} refused: HTTP ${status} ${issue}${debugId ? ` (debug_id ${debugId})` : ''}`,
      status,
    );
    this.name = 'PayPalRefusalError';
  }
}

/** The PayPal order is not the attempt's: another reference, amount or currency (or another payer). */
export class PayPalMismatchError extends ProviderMismatchError {
  constructor(readonly field: 'reference' | 'amount' | 'currency' | 'payer' | 'order') {
    super('PayPal', field, `PayPal order does not match the payment attempt (${field})`);
    this.name = 'PayPalMismatchError';
  }
}

/** A webhook whose signature PayPal did not confirm (or without its headers). */
export class PayPalWebhookRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`PayPal webhook rejected: ${reason}`);
    this.name = 'PayPalWebhookRejectedError';
  }
}

/**
 * What PayPal's purchase unit needs beyond the port's AttemptContext. The port has no items,
 * postage or address yet, and no provider reference: pass them on the attempt (see README).
 */
export interface PayPalAttemptContext extends AttemptContext {
  /** The PayPal order id (`Value.Token`) that start returned, as the lead stores it on the attempt. */
  providerReference?: string | null;
  paypal?: OrderDescription;
}

export interface PayPalCaptureOutcome {
  verdict: ProviderVerdict;
  orderId: string;
  captureId: string | null;
  /** PayPal's order / capture status or issue, for the record. */
  status: string;
  /** The spec's error key when the verdict is 'failed'. */
  errorKey: SpecErrorKey | null;
  payerId: string | null;
  /** True when PayPal answered ORDER_ALREADY_CAPTURED (or the request id replayed) and a GET confirmed it. */
  alreadyCaptured: boolean;
}

interface CallResult<T> {
  status: number;
  body: T | PayPalErrorBody | null;
}

function asPayPal(attempt: AttemptContext): PayPalAttemptContext {
  return attempt as PayPalAttemptContext;
}

export class PayPalProvider implements PaymentProvider {
  readonly name = 'PayPal' as const;
  readonly paysOnItsOwnPage = false;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PayPalProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS.PayPal;
    this.now = options.now ?? Date.now;
  }

  // --- the port ------------------------------------------------------------------------------

  /** Creates the PayPal order; the page gets `Token` (the order id) for the buttons' createOrder. */
  async start(ctx: Ctx, attempt: AttemptContext): Promise<StartResult> {
    const { shopUrl } = this.options;
    // The purchase unit's lines, postage, discount and address, as the shop wrote the order.
    const { describeOrder, ...context } = attempt;
    const paypal = describeOrder ? await describeOrder(ctx) : undefined;
    const key = encodeURIComponent(attempt.trackingNumber);
    const order = await this.createOrder({
      ...context,
      ...(shopUrl
        ? {
            returnUrl: `${shopUrl}/c3api/checkout/paypal/accept?securityKey=${key}`,
            cancelUrl: `${shopUrl}/c3api/checkout/paypal/cancel?securityKey=${key}`,
          }
        : {}),
      ...(paypal ? { paypal } : {}),
    } as PayPalAttemptContext);
    // The order id is kept on the attempt: capture, cancel, refund and the reconciler name it.
    return {
      kind: 'page-data',
      value: { Token: order.id, ApproveUrl: approveLink(order) },
      providerReference: order.id,
    };
  }

  /**
   * The shopper approved (the accept route; PayPal's APPROVED notification): the order is checked
   * as the attempt's (and the payer as the one who approved, when named) and captured. A foreign
   * order is 'rejected'; PayPal's refusal to capture is a decline, its message kept as `refusal`.
   */
  async interpret(_ctx: Ctx, attempt: AttemptContext, message: ProviderMessage): Promise<ProviderWord> {
    const orderId = asPayPal(attempt).providerReference ?? '';
    const { payerId } = message.fields;
    let capture: PayPalCaptureOutcome;
    try {
      capture = await this.captureOrder(attempt, orderId, payerId ? { payerId } : {});
    } catch (error) {
      if (error instanceof PayPalMismatchError)
        return { action: 'rejected', errorKey: 'default', detail: { message: error.message } };
      if (error instanceof PayPalRefusalError)
        return {
          action: 'failed',
          errorKey: error.errorKey,
          refusal: error.message,
          detail: { orderId, status: error.issue, errorKey: error.errorKey },
        };
      throw error;
    }
    return {
      action: capture.verdict === 'succeeded' ? 'captured' : capture.verdict,
      errorKey: capture.errorKey,
      detail: {
        orderId: capture.orderId,
        captureId: capture.captureId,
        status: capture.status,
        errorKey: capture.errorKey,
        alreadyCaptured: capture.alreadyCaptured,
      },
    };
  }

  /**
   * PayPal's webhook: believed only after PayPal verified its signature (else `unverified`), and
   * even then only as a prompt: an APPROVED order is 'authorized' (the shop captures it), a
   * PAYMENT.CAPTURE.* event 'captured' (the shop asks PayPal's word, reconcile), anything else
   * 'not_supported'; an event about another PayPal order than the attempt's is 'rejected'.
   */
  async read(_ctx: Ctx, message: ProviderMessage): Promise<ProviderReading> {
    let subject: PayPalWebhookSubject;
    try {
      ({ subject } = await this.verifyWebhook(message.headers ?? {}, message.rawBody ?? ''));
    } catch (error) {
      if (error instanceof PayPalWebhookRejectedError || error instanceof PayPalRefusalError)
        return {
          trackingNumber: null,
          unverified: true,
          judge: () => ({ action: 'rejected', errorKey: null, detail: {} }),
        };
      throw error;
    }
    const detail = { eventId: subject.eventId, eventType: subject.eventType, captureId: subject.captureId };
    return {
      trackingNumber: subject.trackingNumber,
      judge: (attempt): ProviderWord => {
        if (subject.orderId && subject.orderId !== attempt.providerReference)
          return { action: 'rejected', errorKey: null, detail };
        if (subject.eventType === 'CHECKOUT.ORDER.APPROVED') return { action: 'authorized', errorKey: null, detail };
        if (subject.eventType.startsWith('PAYMENT.CAPTURE.')) return { action: 'captured', errorKey: null, detail };
        return { action: 'not_supported', errorKey: null, detail };
      },
    };
  }

  /** The buttons' script and client id for the page, or null when no script URL is configured. */
  browserScript(): { sdkUrl: string; clientId: string } | null {
    return this.options.sdkUrl ? { sdkUrl: this.options.sdkUrl, clientId: this.options.clientId } : null;
  }

  /** The shopper approved (accept route): check the order is the attempt's, then capture it. */
  async confirm(_ctx: Ctx, attempt: AttemptContext, evidence: Record<string, unknown>): Promise<ProviderVerdict> {
    const orderId = stringOr(evidence.orderId) ?? stringOr(evidence.token) ?? asPayPal(attempt).providerReference;
    if (!orderId) throw new PayPalMismatchError('order');
    const payerId = stringOr(evidence.payerId) ?? stringOr(evidence.PayerID);
    return (await this.captureOrder(attempt, orderId, payerId ? { payerId } : {})).verdict;
  }

  /**
   * PayPal has no void for an unapproved CAPTURE order: it simply expires. Cancelling checks that
   * no money moved; a captured order throws (refund it instead).
   */
  async cancel(_ctx: Ctx, attempt: AttemptContext): Promise<void> {
    const orderId = asPayPal(attempt).providerReference;
    if (!orderId) return;
    const order = await this.findOrder(orderId);
    if (order && firstCapture(order)?.status === 'COMPLETED')
      throw new PayPalRefusalError('cancel', 422, 'ORDER_ALREADY_CAPTURED', 'default', null);
  }

  async refund(_ctx: Ctx, attempt: AttemptContext, amountMinor: number, options: RefundOptions = {}): Promise<void> {
    const orderId = asPayPal(attempt).providerReference;
    if (!orderId) throw new PayPalMismatchError('order');
    const order = await this.getOrder(orderId);
    this.assertMatches(attempt, order);
    const capture = firstCapture(order);
    if (!capture) throw new PayPalRefusalError('refund', 422, 'ORDER_NOT_CAPTURED', 'default', null);
    await this.refundCapture(capture.id, {
      amountMinor,
      currency: attempt.currency,
      requestId: paypalRequestId.refund(attempt.trackingNumber, amountMinor, options.key),
      invoiceId: attempt.trackingNumber,
    });
  }

  /** PayPal's word now: a query only (an APPROVED order stays 'pending'; the shop may then confirm it). */
  async reconcile(_ctx: Ctx, attempt: AttemptContext): Promise<ProviderVerdict> {
    const state = await this.inspect(attempt);
    const orderId = asPayPal(attempt).providerReference;
    // Approved, never captured (the shopper's browser did not come back): the shop captures it now.
    if (
      this.options.captureApprovedOnReconcile &&
      orderId &&
      state.verdict === 'pending' &&
      state.orderStatus === 'APPROVED'
    )
      return (await this.captureOrder(attempt, orderId)).verdict;
    return state.verdict;
  }

  // --- PayPal-specific -----------------------------------------------------------------------

  /** POST /v2/checkout/orders with PayPal-Request-Id `${tracking}:create`: a retry returns the same order. */
  async createOrder(attempt: AttemptContext): Promise<PayPalOrder> {
    const body = buildCreateOrderRequest(this.orderInput(attempt));
    const result = await this.call<PayPalOrder>('create order', 'POST', PAYPAL_PATHS.orders, {
      body,
      requestId: paypalRequestId.create(attempt.trackingNumber),
    });
    if (result.status !== 200 && result.status !== 201) throw this.refusal('create order', result);
    return result.body as PayPalOrder;
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    const result = await this.call<PayPalOrder>('show order', 'GET', PAYPAL_PATHS.order(orderId));
    if (result.status !== 200) throw this.refusal('show order', result);
    return result.body as PayPalOrder;
  }

  /**
   * Captures an approved order after checking it is the attempt's. Answers 'succeeded' (also when
   * it was already captured), 'failed' with the spec's error key (declined instrument or card), or
   * 'pending' (capture PENDING). Unknown outcomes throw ProviderUnavailableError: retrying is safe,
   * the request id is the same.
   */
  async captureOrder(
    attempt: AttemptContext,
    orderId: string,
    check: { payerId?: string } = {},
  ): Promise<PayPalCaptureOutcome> {
    const before = await this.getOrder(orderId);
    this.assertMatches(attempt, before);
    if (check.payerId && before.payer?.payer_id && check.payerId !== before.payer.payer_id)
      throw new PayPalMismatchError('payer');
    if (before.status === 'COMPLETED') return this.outcome(attempt, before, true);

    const result = await this.call<PayPalOrder>('capture', 'POST', PAYPAL_PATHS.capture(orderId), {
      body: {},
      requestId: paypalRequestId.capture(attempt.trackingNumber),
    });
    if (result.status === 200 || result.status === 201) {
      const order = result.body as PayPalOrder;
      this.assertMatches(attempt, order);
      return this.outcome(attempt, order, result.status === 200);
    }
    const issue = errorIssue(result.body as PayPalErrorBody);
    if (result.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
      const order = await this.getOrder(orderId);
      this.assertMatches(attempt, order);
      return this.outcome(attempt, order, true);
    }
    if (result.status === 422 && issue === 'ORDER_NOT_APPROVED') {
      // The shopper has not approved (or must approve again after a decline): nothing moved yet.
      return {
        verdict: 'pending',
        orderId,
        captureId: null,
        status: issue,
        errorKey: null,
        payerId: before.payer?.payer_id ?? null,
        alreadyCaptured: false,
      };
    }
    if (result.status === 422) {
      // INSTRUMENT_DECLINED and kin: the money did not move; the shopper may choose again.
      return {
        verdict: 'failed',
        orderId,
        captureId: null,
        status: issue,
        errorKey: errorKeyForIssue(issue),
        payerId: before.payer?.payer_id ?? null,
        alreadyCaptured: false,
      };
    }
    throw this.refusal('capture', result);
  }

  /** The attempt's state at PayPal (used by reconcile; also tells the reconciler an order is APPROVED). */
  async inspect(attempt: AttemptContext): Promise<PayPalCaptureOutcome & { orderStatus: string | null }> {
    const orderId = asPayPal(attempt).providerReference;
    // No order id was ever handed to the page, so no shopper could approve anything: no money moved.
    if (!orderId) return { ...failedOutcome('', 'NO_ORDER'), orderStatus: null };
    const order = await this.findOrder(orderId);
    // PayPal forgets unapproved orders once they expire.
    if (!order) return { ...failedOutcome(orderId, 'RESOURCE_NOT_FOUND'), orderStatus: null };
    this.assertMatches(attempt, order);
    return { ...this.outcome(attempt, order, false), orderStatus: order.status };
  }

  async refundCapture(
    captureId: string,
    input: { amountMinor: number; currency: string; requestId: string; invoiceId?: string },
  ): Promise<PayPalRefund> {
    const result = await this.call<PayPalRefund>('refund', 'POST', PAYPAL_PATHS.refund(captureId), {
      body: {
        amount: { currency_code: input.currency, value: minorToValue(input.amountMinor) },
        ...(input.invoiceId ? { invoice_id: input.invoiceId } : {}),
      },
      requestId: input.requestId,
    });
    if (result.status !== 200 && result.status !== 201) throw this.refusal('refund', result);
    return result.body as PayPalRefund;
  }

  /**
   * Verifies a webhook with PayPal (POST /v1/notifications/verify-webhook-signature) and answers the
   * event and what it is about. Throws PayPalWebhookRejectedError unless PayPal says SUCCESS.
   * `rawBody` is the request body exactly as received.
   */
  async verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<{ event: PayPalWebhookEvent; subject: PayPalWebhookSubject }> {
    if (!this.options.webhookId) throw new PayPalWebhookRejectedError('no webhook id configured');
    const h = webhookHeadersFrom(headers);
    if (!h) throw new PayPalWebhookRejectedError('missing transmission headers');
    let event: PayPalWebhookEvent;
    try {
      event = JSON.parse(rawBody) as PayPalWebhookEvent;
    } catch {
      throw new PayPalWebhookRejectedError('body is not JSON');
    }
    if (!event || typeof event.event_type !== 'string' || typeof event.resource !== 'object')
      throw new PayPalWebhookRejectedError('not a webhook event');
    const request: PayPalVerifyWebhookRequest = {
      auth_algo: h.authAlgo,
      cert_url: h.certUrl,
      transmission_id: h.transmissionId,
      transmission_sig: h.transmissionSig,
      transmission_time: h.transmissionTime,
      webhook_id: this.options.webhookId,
      webhook_event: event,
    };
    const result = await this.call<{ verification_status: string }>(
      'verify webhook',
      'POST',
      PAYPAL_PATHS.verifyWebhook,
      {
        body: request,
      },
    );
    if (result.status !== 200) throw this.refusal('verify webhook', result);
    const status = (result.body as { verification_status?: string }).verification_status;
    if (status !== 'SUCCESS') throw new PayPalWebhookRejectedError(`verification_status ${status}`);
    return { event, subject: webhookSubject(event) };
  }

  // --- internals -----------------------------------------------------------------------------

  private orderInput(attempt: AttemptContext): PayPalOrderInput {
    const extra = asPayPal(attempt).paypal;
    return {
      trackingNumber: attempt.trackingNumber,
      currency: attempt.currency,
      amountMinor: attempt.amountMinor,
      // Without the shop's lines, one line for the whole order (PayPal needs items to sum up).
      items: extra?.items ?? [{ name: `Order ${attempt.orderReference}`, priceMinor: attempt.amountMinor }],
      postageMinor: extra?.postageMinor ?? 0,
      discountMinor: extra?.discountMinor ?? 0,
      shipping: extra?.shipping ?? null,
      returnUrl: attempt.returnUrl,
      cancelUrl: attempt.cancelUrl,
      ...(this.options.brandName ? { brandName: this.options.brandName } : {}),
    };
  }

  private async findOrder(orderId: string): Promise<PayPalOrder | null> {
    const result = await this.call<PayPalOrder>('show order', 'GET', PAYPAL_PATHS.order(orderId));
    if (result.status === 404) return null;
    if (result.status !== 200) throw this.refusal('show order', result);
    return result.body as PayPalOrder;
  }

  /** The order is the attempt's: our tracking number as reference_id, our amount and currency. */
  private assertMatches(attempt: AttemptContext, order: PayPalOrder): void {
    const unit = order.purchase_units?.[0];
    if (!unit || unit.reference_id !== attempt.trackingNumber) throw new PayPalMismatchError('reference');
    if (unit.amount) {
      if (unit.amount.currency_code !== attempt.currency) throw new PayPalMismatchError('currency');
      if (unit.amount.value !== minorToValue(attempt.amountMinor)) throw new PayPalMismatchError('amount');
    }
    const capture = firstCapture(order);
    if (capture) {
      if (capture.amount.currency_code !== attempt.currency) throw new PayPalMismatchError('currency');
      if (capture.amount.value !== minorToValue(attempt.amountMinor)) throw new PayPalMismatchError('amount');
    }
  }

  private outcome(_attempt: AttemptContext, order: PayPalOrder, alreadyCaptured: boolean): PayPalCaptureOutcome {
    const capture: PayPalCapture | null = firstCapture(order);
    const base = {
      orderId: order.id,
      captureId: capture?.id ?? null,
      payerId: order.payer?.payer_id ?? null,
      alreadyCaptured,
    };
    if (!capture) {
      const failed = order.status === 'VOIDED';
      return {
        ...base,
        verdict: failed ? 'failed' : 'pending',
        status: order.status,
        errorKey: failed ? 'default' : null,
      };
    }
    switch (capture.status) {
      case 'COMPLETED':
      case 'PARTIALLY_REFUNDED':
      case 'REFUNDED':
        return { ...base, verdict: 'succeeded', status: capture.status, errorKey: null };
      case 'PENDING':
        return { ...base, verdict: 'pending', status: capture.status, errorKey: null };
      default:
        return {
          ...base,
          verdict: 'failed',
          status: capture.status,
          errorKey: errorKeyForProcessorCode(capture.processor_response?.response_code),
        };
    }
  }

  private refusal(operation: string, result: CallResult<unknown>): PayPalRefusalError {
    const body = result.body as PayPalErrorBody | null;
    const issue = errorIssue(body);
    return new PayPalRefusalError(operation, result.status, issue, errorKeyForIssue(issue), body?.debug_id ?? null);
  }

  /** A bearer token, cached until a minute before it expires; one request at a time. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now() + 60_000) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const request = this.request('token');
    const response = await providerFetch(request, `${this.baseUrl}${PAYPAL_PATHS.token}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await readJson(request, response)) as PayPalTokenResponse | PayPalErrorBody | null;
    if (response.status !== 200 || !body || !('access_token' in body)) {
      if (outcomeUnknown(classifyStatus('PayPal', response.status)))
        throw unavailableStatus('PayPal', 'token', response.status);
      // Never echo the credentials; PayPal's answer names the problem (invalid_client).
      throw new PayPalRefusalError(
        'token',
        response.status,
        (body as { error?: string } | null)?.error ?? 'AUTHENTICATION_FAILURE',
        'GenericSystemProblem',
        null,
      );
    }
    this.token = { value: body.access_token, expiresAt: this.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  /**
   * One authenticated JSON call through the payments' HTTP core: an unauthorised answer (401)
   * refreshes the token once; the statuses of an unknown outcome (5xx, 429) throw
   * ProviderUnavailableError; every other status is the caller's to read.
   */
  private async call<T>(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    init: { body?: unknown; requestId?: string } = {},
  ): Promise<CallResult<T>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.requestId) headers['paypal-request-id'] = init.requestId;
      const request = this.request(operation);
      const response = await providerFetch(request, `${this.baseUrl}${path}`, {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      const statusClass = classifyStatus('PayPal', response.status);
      if (statusClass === 'unauthorised' && attempt === 0) {
        await response.body?.cancel();
        this.token = null;
        continue;
      }
      if (outcomeUnknown(statusClass)) {
        await response.body?.cancel();
        throw unavailableStatus('PayPal', operation, response.status);
      }
      return { status: response.status, body: (await readJson(request, response)) as T | PayPalErrorBody | null };
    }
  }

  private request(operation: string): ProviderRequest {
    return { provider: 'PayPal', operation, fetch: this.fetchImpl, timeoutMs: this.timeoutMs };
  }
}

async function readJson(request: ProviderRequest, response: Response): Promise<unknown> {
  // A connection that died while the body was on its way: the outcome is unknown.
  const text = await providerText(request, response);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderUnavailableError('PayPal', request.operation, 'bad-response', { detail: 'unreadable response' });
  }
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function failedOutcome(orderId: string, status: string): PayPalCaptureOutcome {
  return {
    verdict: 'failed',
    orderId,
    captureId: null,
    status,
    errorKey: 'default',
    payerId: null,
    alreadyCaptured: false,
  };
}
