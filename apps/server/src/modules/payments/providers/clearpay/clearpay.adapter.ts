/**
 * Clearpay (Afterpay UK) API v2 adapter: the PaymentProvider port spoken over Clearpay's real
 * protocol with Node's fetch. Protocol sources are listed at the top of clearpay.protocol.ts:
 * https://developers.clearpay.co.uk/api-introduction,
 * https://developers.clearpay.co.uk/immediate-payment-flow/capture-full-payment,
 * https://developers.clearpay.co.uk/clearpay-online/reference/reverse-payment-by-token,
 * https://developers.clearpay.co.uk/api-reference/get-payment-by-token,
 * https://developers.clearpay.co.uk/api-reference/create-refund.
 *
 * The flow (immediate payment): start creates a checkout (merchantReference = the attempt's
 * tracking number) and hands the page its token and redirectCheckoutUrl; the shopper approves on
 * Clearpay's page and comes back with ?orderToken=&status=; confirm checks the checkout against the
 * attempt (reference, amount, currency) and captures at once. A capture whose answer is lost is
 * retried once with the same token and requestId (Clearpay makes it idempotent on the token), then
 * reversed by token within Clearpay's 10-minute window. Nothing is recorded here: every method
 * returns what the caller stores. Secrets and the Authorization header are never logged or returned.
 */
import type { Ctx, DbCtx } from '../../../../lib/context.js';
import {
  type AttemptContext,
  type PaymentProvider,
  type ProviderAmountRange,
  type ProviderMessage,
  ProviderMismatchError,
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
  basicAuthorization,
  type CheckoutDetails,
  type CheckoutErrorKey,
  type CheckoutInput,
  type ClearpayErrorBody,
  type Configuration,
  type CreateCheckoutResponse,
  checkoutRequest,
  configurationRange,
  errorKeyFor,
  fromMoney,
  listPaymentsQuery,
  type Payment,
  type PaymentStatus,
  type PaymentsPage,
  paymentVerdict,
  type Refund,
  requestIdFor,
  sameMoney,
  toMoney,
  type UserAgentParts,
  userAgent,
} from './clearpay.protocol.js';
import { ClearpayConfigurationService } from './clearpay-configuration.service.js';

/** Clearpay answered and said no (4xx with its error body; `code` is its errorCode). */
export class ClearpayApiError extends ProviderRefusalError {
  override readonly name = 'ClearpayApiError';
  readonly errorKey: CheckoutErrorKey;
  constructor(
    readonly operation: string,
    override readonly httpStatus: number,
    readonly errorCode: string,
    readonly errorId: string | undefined,
    providerMessage: string,
  ) {
    super(
      'Clearpay',
      errorCode,
      `Clearpay ${operation}: HTTP ${httpStatus} ${errorCode}: ${providerMessage}`,
      httpStatus,
    );
    this.errorKey = errorKeyFor({ httpStatus, errorCode });
  }
}

/** What Clearpay holds does not belong to this attempt: another token, reference, amount or currency. */
export class PaymentMismatchError extends ProviderMismatchError {
  override readonly name = 'PaymentMismatchError';
  readonly errorKey: CheckoutErrorKey = 'default';
  constructor(
    readonly field: 'token' | 'reference' | 'amount' | 'currency' | 'status',
    detail: string,
  ) {
    super('Clearpay', field, `Clearpay evidence refused (${field}): ${detail}`);
  }
}

export interface ClearpayOptions {
  /** CLEARPAY_API_URL, e.g. https://global-api-sandbox.afterpay.com (no trailing /v2). */
  baseUrl: string;
  merchantId: string;
  secretKey: string;
  /** The parts of Clearpay's required User-Agent besides the merchant id. */
  userAgent: Omit<UserAgentParts, 'merchantId'>;
  fetch?: typeof fetch;
  /**
   * Per request; Clearpay's published read timeouts are 20 s (GET, checkouts) and 70 s (capture,
   * reversal, refund): PROVIDER_TIMEOUT_MS.Clearpay and .ClearpayMoney.
   */
  timeoutMs?: number;
  /** Capture, reversal and refund; defaults to timeoutMs or PROVIDER_TIMEOUT_MS.ClearpayMoney (70 s). */
  moneyTimeoutMs?: number;
  /** Extra tries of an idempotent call (GETs) after a network failure or timeout. */
  getRetries?: number;
  now?: () => number;
  /**
   * The shop's return route (absolute, e.g. PUBLIC_URL + CLEARPAY_RETURN_PATH): when set, both
   * redirect URLs are it with the attempt's TrackingNumber; otherwise the attempt's own URLs.
   */
  returnUrl?: string;
}

/** The option's amount limits as the shop's payment rules read them (clearpay-configuration.service.ts). */
export interface ClearpayLimitsSource {
  current(): { minMinor: number; maxMinor: number; message: string };
}

export type CaptureOutcome =
  | { kind: 'approved'; payment: Payment }
  | { kind: 'declined'; payment: Payment; errorKey: CheckoutErrorKey }
  /** The capture's answer was lost twice; the token was reversed: no money is kept. */
  | { kind: 'reversed'; errorKey: CheckoutErrorKey };

export interface ConfirmResult {
  verdict: ProviderVerdict;
  /** Set when the verdict is 'failed': the spec's error key for the page. */
  errorKey?: CheckoutErrorKey;
  token: string;
  /** Clearpay's order id, when a payment exists (store it: refunds need it). */
  paymentId?: string;
}

interface CallOptions {
  body?: unknown;
  timeoutMs: number;
  retries: number;
}

/** Evidence the shop's return route passes to confirm. */
export interface ClearpayEvidence {
  /** From the return URL's query. */
  orderToken?: unknown;
  status?: unknown;
  /** The token start() returned for this attempt (the attempt's provider_reference). */
  expectedToken?: unknown;
}

export class ClearpayProvider implements PaymentProvider {
  readonly name = 'Clearpay' as const;
  readonly paysOnItsOwnPage = false;
  private readonly base: string;
  private readonly doFetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly moneyTimeoutMs: number;
  private readonly getRetries: number;
  private readonly headers: Record<string, string>;
  private readonly returnUrl: string | undefined;
  /** Clearpay's configured range, set by the shop's setup (the configuration job keeps it fresh). */
  limits: ClearpayLimitsSource | null = null;

  constructor(options: ClearpayOptions) {
    this.returnUrl = options.returnUrl;
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.doFetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS.Clearpay;
    this.moneyTimeoutMs = options.moneyTimeoutMs ?? options.timeoutMs ?? PROVIDER_TIMEOUT_MS.ClearpayMoney;
    this.getRetries = options.getRetries ?? 1;
    this.headers = {
      Authorization: basicAuthorization(options.merchantId, options.secretKey),
      'User-Agent': userAgent({ ...options.userAgent, merchantId: options.merchantId }),
      Accept: 'application/json',
    };
  }

  // ---------- the port ----------

  /**
   * Creates the checkout; the page navigates to RedirectCheckoutUrl, and the token is kept as the
   * attempt's provider reference (the return and the reconciler name the checkout by it).
   */
  async start(_ctx: Ctx, attempt: AttemptContext): Promise<StartResult> {
    const input = checkoutInputFor(attempt);
    if (this.returnUrl) {
      const back = `${this.returnUrl}?TrackingNumber=${encodeURIComponent(attempt.trackingNumber)}`;
      input.redirectConfirmUrl = back;
      input.redirectCancelUrl = back;
    }
    const checkout = await this.createCheckout(input);
    return {
      kind: 'page-data',
      value: { RedirectCheckoutUrl: checkout.redirectCheckoutUrl, Token: checkout.token, Expires: checkout.expires },
      providerReference: checkout.token,
    };
  }

  /**
   * The shopper back from Clearpay (the return URL's orderToken and status): the checkout checked
   * as this attempt's, captured, and judged (confirmWithDetails). Evidence of another checkout, or
   * Clearpay's refusal, is 'rejected' with the page's error key; a CANCELLED return with no payment
   * is 'cancelled'.
   */
  async interpret(_ctx: Ctx, attempt: AttemptContext, message: ProviderMessage): Promise<ProviderWord> {
    const { orderToken, status } = message.fields;
    let result: ConfirmResult;
    try {
      result = await this.confirmWithDetails(attempt, {
        orderToken,
        status,
        expectedToken: attempt.providerReference ?? undefined,
      });
    } catch (error) {
      if (error instanceof PaymentMismatchError || error instanceof ClearpayApiError)
        return { action: 'rejected', errorKey: error.errorKey, detail: { message: error.message } };
      throw error;
    }
    const detail = { paymentId: result.paymentId ?? null, errorKey: result.errorKey ?? null };
    if (result.verdict === 'succeeded') return { action: 'captured', errorKey: null, detail };
    if (result.verdict === 'pending') return { action: 'pending', errorKey: null, detail };
    // Nothing was captured: the shopper cancelled on Clearpay's page, or Clearpay declined.
    if (status === 'CANCELLED' && !result.paymentId) return { action: 'cancelled', errorKey: null, detail };
    return { action: 'failed', errorKey: result.errorKey ?? null, detail };
  }

  /** Clearpay's order range as stored by its configuration job (refreshed when stale); null without that store. */
  async amountRange(ctx: DbCtx): Promise<ProviderAmountRange | null> {
    return this.limits instanceof ClearpayConfigurationService ? this.limits.ensure(ctx) : null;
  }

  /** The option's limits from Clearpay's configuration (null until the shop wires them). */
  amountLimits(): { minMinor: number; maxMinor: number; message: string } | null {
    return this.limits?.current() ?? null;
  }

  async confirm(_ctx: Ctx, attempt: AttemptContext, evidence: Record<string, unknown>): Promise<ProviderVerdict> {
    return (await this.confirmWithDetails(attempt, evidence)).verdict;
  }

  /**
   * Order cancelled while its attempt is pending: nothing to do unless a capture went through
   * (its answer lost); then the money goes back by reversal (within 10 minutes) or a full refund.
   */
  async cancel(_ctx: Ctx, attempt: AttemptContext): Promise<void> {
    for (const payment of await this.paymentsForReference(attempt.trackingNumber)) {
      if (paymentVerdict(payment) !== 'succeeded') continue;
      try {
        await this.reverse(payment.token);
      } catch (error) {
        if (!(error instanceof ClearpayApiError && error.httpStatus === 412)) throw error;
        const refunded = payment.refunds.reduce((sum, r) => sum + fromMoney(r.amount), 0);
        const rest = fromMoney(payment.originalAmount) - refunded;
        if (rest > 0)
          await this.refundPayment(payment.id, rest, payment.originalAmount.currency, {
            requestId: requestIdFor(`${attempt.trackingNumber}:cancel-refund`),
            merchantReference: attempt.trackingNumber,
          });
      }
    }
  }

  /** Refunds amountMinor of the attempt's captured payment; idempotent per (attempt, amount). */
  async refund(_ctx: Ctx, attempt: AttemptContext, amountMinor: number, options: RefundOptions = {}): Promise<void> {
    const payment = (await this.paymentsForReference(attempt.trackingNumber)).find(
      (p) => paymentVerdict(p) === 'succeeded',
    );
    if (!payment) throw new Error(`No captured Clearpay payment for ${attempt.trackingNumber}`);
    await this.refundPayment(payment.id, amountMinor, attempt.currency, {
      // A partial refund (an item) is named by its key, so two items of equal price are two refunds.
      requestId: requestIdFor(`${attempt.trackingNumber}:refund:${options.key ?? amountMinor}`),
      merchantReference: attempt.trackingNumber,
    });
  }

  /**
   * The provider's word by our reference (List Payments). No payment yet is 'pending': only we
   * capture, so an unpaid checkout simply expires. With the attempt's token (its provider
   * reference) the checkout itself is asked too: 'failed' once it expired without an order.
   */
  async reconcile(_ctx: Ctx, attempt: AttemptContext): Promise<ProviderVerdict> {
    if (attempt.providerReference) return this.reconcileToken(attempt, attempt.providerReference);
    return verdictOf(await this.paymentsForReference(attempt.trackingNumber), attempt);
  }

  // ---------- provider-specific calls for the shop's routes and jobs ----------

  /** GET /v2/configuration: the merchant's range (refresh daily; see configurationRange, amountRefusal). */
  async configuration(): Promise<Configuration & { range: ReturnType<typeof configurationRange> }> {
    const config = await this.call<Configuration>('GET', '/v2/configuration', 'configuration', this.getOptions());
    return { ...config, range: configurationRange(config) };
  }

  /** POST /v2/checkouts. 422 unsupported_payment_type when outside the configured range. */
  createCheckout(input: CheckoutInput): Promise<CreateCheckoutResponse> {
    return this.call<CreateCheckoutResponse>('POST', '/v2/checkouts', 'create checkout', {
      body: checkoutRequest(input),
      timeoutMs: this.timeoutMs,
      retries: 0,
    });
  }

  /** GET /v2/checkouts/{token}: the checkout until it expires or an order is created (then 412 invalid_token). */
  getCheckout(token: string): Promise<CheckoutDetails> {
    return this.call<CheckoutDetails>(
      'GET',
      `/v2/checkouts/${encodeURIComponent(token)}`,
      'get checkout',
      this.getOptions(),
    );
  }

  /** POST /v2/payments/capture once, with no retry: the raw call. */
  captureOnce(token: string, merchantReference: string): Promise<Payment> {
    return this.call<Payment>('POST', '/v2/payments/capture', 'capture', {
      body: { requestId: requestIdFor(`capture:${token}`), token, merchantReference },
      timeoutMs: this.moneyTimeoutMs,
      retries: 0,
    });
  }

  /**
   * Capture Full Payment with Clearpay's recovery: an unknown outcome is retried once with the same
   * token and requestId (idempotent), then reversed. Throws ProviderUnavailableError only when the
   * reversal's outcome is unknown too (the reconciler settles it), ClearpayApiError on a refusal.
   */
  async capture(token: string, merchantReference: string): Promise<CaptureOutcome> {
    let payment: Payment | undefined;
    for (let attempt = 0; attempt < 2 && !payment; attempt++) {
      try {
        payment = await this.captureOnce(token, merchantReference);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
      }
    }
    if (!payment) {
      try {
        await this.reverse(token);
      } catch (error) {
        // 412: already reversed, not eligible (never captured) or outside the window; the reconciler reads the truth.
        if (!(error instanceof ClearpayApiError && (error.httpStatus === 412 || error.httpStatus === 402))) throw error;
      }
      return { kind: 'reversed', errorKey: 'GenericSystemProblem' };
    }
    if (payment.status === 'APPROVED') return { kind: 'approved', payment };
    return { kind: 'declined', payment, errorKey: errorKeyFor({ declined: true }) };
  }

  /** POST /v2/payments/token:{token}/reversal (204). 412 when already reversed, ineligible or outside 10 minutes. */
  async reverse(token: string): Promise<void> {
    await this.call<null>('POST', `/v2/payments/token:${encodeURIComponent(token)}/reversal`, 'reversal', {
      body: {},
      timeoutMs: this.moneyTimeoutMs,
      retries: 0,
    });
  }

  /** GET /v2/payments/token:{token}; null on 404 not_found (no order created for the token). */
  async paymentByToken(token: string): Promise<Payment | null> {
    try {
      return await this.call<Payment>(
        'GET',
        `/v2/payments/token:${encodeURIComponent(token)}`,
        'get payment by token',
        this.getOptions(),
      );
    } catch (error) {
      if (error instanceof ClearpayApiError && error.httpStatus === 404) return null;
      throw error;
    }
  }

  /** GET /v2/payments?merchantReferences=… (List Payments). */
  async listPayments(filter: Parameters<typeof listPaymentsQuery>[0]): Promise<PaymentsPage> {
    return this.call<PaymentsPage>(
      'GET',
      `/v2/payments?${listPaymentsQuery(filter)}`,
      'list payments',
      this.getOptions(),
    );
  }

  async paymentsForReference(merchantReference: string, statuses?: PaymentStatus[]): Promise<Payment[]> {
    return (await this.listPayments({ merchantReferences: [merchantReference], statuses, limit: 250 })).results;
  }

  /** POST /v2/payments/{orderId}/refund; idempotent on requestId + merchantReference. */
  refundPayment(
    paymentId: string,
    amountMinor: number,
    currency: string,
    ids: { requestId: string; merchantReference: string; refundMerchantReference?: string },
  ): Promise<Refund> {
    return this.call<Refund>('POST', `/v2/payments/${encodeURIComponent(paymentId)}/refund`, 'refund', {
      body: {
        requestId: ids.requestId,
        amount: toMoney(amountMinor, currency),
        merchantReference: ids.merchantReference,
        ...(ids.refundMerchantReference ? { refundMerchantReference: ids.refundMerchantReference } : {}),
      },
      timeoutMs: this.moneyTimeoutMs,
      retries: 0,
    });
  }

  /**
   * The shopper is back (evidence: orderToken and status from the return URL, expectedToken from
   * start). Checks the checkout is this attempt's (reference, amount, currency) before capturing,
   * and the payment after. A CANCELLED return captures nothing.
   */
  async confirmWithDetails(attempt: AttemptContext, evidence: ClearpayEvidence): Promise<ConfirmResult> {
    const token = typeof evidence.orderToken === 'string' ? evidence.orderToken : '';
    if (!token) throw new PaymentMismatchError('token', 'no orderToken');
    if (evidence.expectedToken !== undefined && evidence.expectedToken !== token)
      throw new PaymentMismatchError('token', 'the return names another checkout');

    // Already captured (a second return, a concurrent one, or the reconciler got there first)?
    const existing = await this.paymentByToken(token);
    if (existing) return this.judge(attempt, token, existing);

    if (evidence.status !== 'SUCCESS') return { verdict: 'failed', errorKey: 'default', token };

    let checkout: CheckoutDetails;
    try {
      checkout = await this.getCheckout(token);
    } catch (error) {
      // 412 invalid_token: expired, or an order was created meanwhile (a concurrent capture).
      if (!(error instanceof ClearpayApiError && error.httpStatus === 412)) throw error;
      const raced = await this.paymentByToken(token);
      if (raced) return this.judge(attempt, token, raced);
      return { verdict: 'failed', errorKey: 'default', token };
    }
    if (checkout.merchantReference !== attempt.trackingNumber)
      throw new PaymentMismatchError('reference', 'the checkout belongs to another attempt');
    if (checkout.amount?.currency !== attempt.currency)
      throw new PaymentMismatchError('currency', `${checkout.amount?.currency} is not ${attempt.currency}`);
    if (!sameMoney(checkout.amount, attempt.amountMinor, attempt.currency))
      throw new PaymentMismatchError('amount', 'the checkout amount is not the order amount');

    let outcome: CaptureOutcome;
    try {
      outcome = await this.capture(token, attempt.trackingNumber);
    } catch (error) {
      // A concurrent capture may have won: the token then has its order.
      if (!(error instanceof ClearpayApiError)) throw error;
      const raced = await this.paymentByToken(token);
      if (raced) return this.judge(attempt, token, raced);
      return { verdict: 'failed', errorKey: error.errorKey, token };
    }
    if (outcome.kind === 'reversed') return { verdict: 'failed', errorKey: outcome.errorKey, token };
    return this.judge(attempt, token, outcome.payment);
  }

  /** The reconciler's call when it knows the token: an expired checkout with no order is 'failed'. */
  async reconcileToken(attempt: AttemptContext, token: string): Promise<ProviderVerdict> {
    const payment = await this.paymentByToken(token);
    if (payment) return this.judge(attempt, token, payment).verdict;
    try {
      const checkout = await this.getCheckout(token);
      return Date.parse(checkout.expires) < Date.now() ? 'failed' : 'pending';
    } catch (error) {
      if (error instanceof ClearpayApiError && error.httpStatus === 412) {
        // Gone: expired, or an order created since our first look.
        const late = await this.paymentByToken(token);
        return late ? this.judge(attempt, token, late).verdict : 'failed';
      }
      throw error;
    }
  }

  // ---------- internals ----------

  private judge(attempt: AttemptContext, token: string, payment: Payment): ConfirmResult {
    if (payment.merchantReference !== attempt.trackingNumber)
      throw new PaymentMismatchError('reference', 'the payment belongs to another attempt');
    if (!sameMoney(payment.originalAmount, attempt.amountMinor, attempt.currency))
      throw new PaymentMismatchError('amount', 'the payment amount is not the order amount');
    const verdict = paymentVerdict(payment);
    return {
      verdict,
      token,
      paymentId: payment.id,
      ...(verdict === 'failed'
        ? { errorKey: payment.status === 'DECLINED' ? errorKeyFor({ declined: true }) : ('default' as const) }
        : {}),
    };
  }

  private getOptions(): CallOptions {
    return { timeoutMs: this.timeoutMs, retries: this.getRetries };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, operation: string, options: CallOptions): Promise<T> {
    let lastError: ProviderUnavailableError | undefined;
    for (let i = 0; i <= options.retries; i++) {
      try {
        return await this.callOnce<T>(method, path, operation, options);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        lastError = error;
      }
    }
    throw lastError ?? new ProviderUnavailableError('Clearpay', operation, 'network');
  }

  /** One JSON call through the payments' HTTP core; Clearpay's statuses as PROVIDER_STATUS_RULES.Clearpay reads them. */
  private async callOnce<T>(method: 'GET' | 'POST', path: string, operation: string, options: CallOptions): Promise<T> {
    const headers: Record<string, string> = { ...this.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const request: ProviderRequest = {
      provider: 'Clearpay',
      operation,
      fetch: this.doFetch,
      timeoutMs: options.timeoutMs,
    };
    const response = await providerFetch(request, `${this.base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'error',
    });
    const text = await providerText(request, response);
    // 409 (conflict): an idempotent request still being processed (retry with the same requestId); 5xx: theirs.
    const statusClass = classifyStatus('Clearpay', response.status);
    if (outcomeUnknown(statusClass)) throw unavailableStatus('Clearpay', operation, response.status);
    if (statusClass === 'refused') {
      const body = safeJson(text) as Partial<ClearpayErrorBody> | null;
      throw new ClearpayApiError(
        operation,
        response.status,
        typeof body?.errorCode === 'string' ? body.errorCode : 'error',
        typeof body?.errorId === 'string' ? body.errorId : undefined,
        typeof body?.message === 'string' ? body.message : response.statusText,
      );
    }
    if (response.status === 204 || text === '') return null as T;
    const parsed = safeJson(text);
    if (parsed === null)
      throw new ProviderUnavailableError('Clearpay', operation, 'server', { httpStatus: response.status });
    return parsed as T;
  }
}

/** The port's attempt as a checkout (the port carries no addresses or items; see createCheckout for those). */
export function checkoutInputFor(attempt: AttemptContext): CheckoutInput {
  return {
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    consumer: {
      firstName: attempt.customer.firstName,
      lastName: attempt.customer.lastName,
      email: attempt.customer.email,
      phone: attempt.customer.phone,
    },
    merchantReference: attempt.trackingNumber,
    redirectConfirmUrl: attempt.returnUrl,
    redirectCancelUrl: attempt.cancelUrl,
  };
}

function verdictOf(payments: Payment[], attempt: AttemptContext): ProviderVerdict {
  const matching = payments.filter(
    (p) =>
      p.merchantReference === attempt.trackingNumber &&
      sameMoney(p.originalAmount, attempt.amountMinor, attempt.currency),
  );
  if (matching.some((p) => paymentVerdict(p) === 'succeeded')) return 'succeeded';
  if (matching.some((p) => paymentVerdict(p) === 'pending')) return 'pending';
  return matching.length > 0 ? 'failed' : 'pending';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
