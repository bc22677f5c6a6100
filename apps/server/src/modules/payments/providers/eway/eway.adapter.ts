/**
 * Eway Rapid v3 adapter: speaks Eway's real REST API (JSON, HTTP Basic with the API key and
 * password) at a configured base URL: https://api.sandbox.ewaypayments.com,
 * https://api.ewaypayments.com, or our sandbox (eway.sandbox.ts) in the demo and the tests.
 *
 * Sources (public): https://eway.io/api-v3/ (Responsive Shared Page, Transaction Query, Refunds,
 * Response Codes); https://github.com/eWAYPayment/eway-rapid-node (lib/Rapid/Service.js for the
 * paths, tests/data for the bodies, locale/en.json for the codes); see eway.protocol.ts.
 *
 * Rules it keeps:
 * - The truth is Eway's query (GET /AccessCode/{code}, or GET /Transaction/InvoiceRef/{tracking}),
 *   never the browser: a payment counts only when it succeeded for our amount and our reference.
 * - Every call has a timeout. A network failure, a timeout, a 5xx or an unreadable reply throws
 *   ProviderUnavailableError (the caller leaves the attempt pending for the reconciler); Eway's
 *   refusal (Errors codes, 401) throws EwayRefusedError.
 * - Eway has no idempotency keys. Creating an access code moves no money, so repeating it is
 *   harmless; a refund repeated after a lost reply answers V6152 (already refunded), which counts
 *   as done. The attempt's tracking number is the InvoiceReference every later query uses.
 * - No card data or secrets are logged or returned: replies are reduced to what the shop stores.
 * - It records nothing: the caller stores what it returns (outside any transaction).
 */
import type { Ctx } from '../../../../lib/context.js';
import {
  type AttemptContext,
  PaymentAlreadyTakenError,
  type PaymentProvider,
  type ProviderMessage,
  ProviderMismatchError,
  type ProviderReading,
  ProviderRefusalError,
  ProviderUnavailableError,
  type ProviderVerdict,
  type ProviderWord,
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
  type AccessCodeInput,
  basicAuthorization,
  buildAccessCodeSharedRequest,
  buildRefundRequest,
  type CreateAccessCodeSharedResponse,
  checkAgainstAttempt,
  EWAY_PATHS,
  EWAY_SCRIPT_URL,
  type EwayAccessCodeResult,
  type EwayCheckReason,
  type EwayErrorKey,
  type EwayTransaction,
  ewayErrorKey,
  parseCodes,
  type QueryAccessCodeResponse,
  type RefundResponse,
  readAccessCodeResult,
  type TransactionQueryResponse,
} from './eway.protocol.js';

/** Eway answered and said no (validation codes, bad credentials, a refund it will not make). */
export class EwayRefusedError extends ProviderRefusalError {
  override readonly name = 'EwayRefusedError';
  readonly errorKey: EwayErrorKey;
  constructor(
    readonly codes: string[],
    override readonly httpStatus: number,
    message: string,
  ) {
    super('Eway', codes.join(','), message, httpStatus);
    this.errorKey = ewayErrorKey(codes) ?? 'default';
  }
}

/** The browser's evidence does not belong to this attempt, or names another amount. */
export class EwayMismatchError extends ProviderMismatchError {
  override readonly name = 'EwayMismatchError';
  constructor(
    readonly reason: Extract<EwayCheckReason, 'amount-mismatch' | 'reference-mismatch'>,
    /** Set when Eway did take money under this attempt's reference (the lead must refund or investigate). */
    readonly transactionId: number | null,
  ) {
    super('Eway', reason, `Eway result refused: ${reason}`);
  }
}

/** Cancel found the attempt already paid at Eway: settle it as paid (or refund), never as cancelled. */
export class EwayAlreadyPaidError extends PaymentAlreadyTakenError {
  override readonly name = 'EwayAlreadyPaidError';
  constructor(readonly transactionId: number) {
    super({ transactionId }, 'The Eway payment for this attempt has already succeeded');
  }
}

export interface EwayProviderOptions {
  /** EWAY_API_URL: https://api.sandbox.ewaypayments.com, https://api.ewaypayments.com or the sandbox's URL. */
  baseUrl: string;
  /** EWAY_API_KEY and EWAY_API_PASSWORD (HTTP Basic). */
  apiKey: string;
  password: string;
  /** EWAY_SCRIPT_URL: eCrypt.js for the page (https://secure.ewaypayments.com/scripts/eCrypt.js in production). */
  scriptUrl?: string;
  /** EWAY_PARTNER_ID, when Eway issued one. */
  partnerId?: string;
  fetch?: typeof fetch;
  /** Per call (default PROVIDER_TIMEOUT_MS.Eway, 10 s). */
  timeoutMs?: number;
}

/** What the check of an access code (the validate route) concludes. */
export interface EwayCheck {
  verdict: ProviderVerdict;
  reason: EwayCheckReason;
  transactionId: number | null;
  /** For a decline: the spec's error key (its message is EWAY_ERROR_MESSAGES[errorKey]). */
  errorKey: EwayErrorKey | null;
  responseCodes: string[];
}

export interface EwayRefundResult {
  /** The refund's own Eway transaction ID (null when Eway reports it already refunded). */
  refundTransactionId: number | null;
  amountMinor: number;
  /** True when Eway answered that the transaction was already refunded in full (a repeat). */
  alreadyRefunded: boolean;
}

/** One transaction found under an invoice reference, without card or customer data. */
export interface EwayTransactionSummary {
  transactionId: number;
  succeeded: boolean;
  amountMinor: number;
  invoiceReference: string | null;
  responseCode: string | null;
  responseCodes: string[];
  errorKey: EwayErrorKey | null;
}

export class EwayProvider implements PaymentProvider {
  readonly name = 'Eway' as const;
  readonly paysOnItsOwnPage = true;
  private readonly baseUrl: string;
  private readonly authorization: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly scriptUrl: string;
  private readonly partnerId: string | undefined;

  constructor(options: EwayProviderOptions) {
    if (!options.baseUrl) throw new Error('Eway: baseUrl is required');
    if (!options.apiKey || !options.password) throw new Error('Eway: the API key and password are required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.authorization = basicAuthorization(options.apiKey, options.password);
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS.Eway;
    this.scriptUrl = options.scriptUrl ?? EWAY_SCRIPT_URL;
    this.partnerId = options.partnerId;
  }

  // --- The port --------------------------------------------------------------------------------

  /**
   * Creates a shared-page access code for the attempt. The page gets what checkout.md section 7
   * names (EwayFormActionUrl, Accesstoken, TrackingNumber) plus the script to load; the shop may
   * store Accesstoken as the attempt's provider reference.
   */
  async start(_ctx: Ctx, attempt: AttemptContext): Promise<StartResult> {
    const created = await this.createAccessCode(accessCodeInputFor(attempt, this.partnerId));
    return {
      kind: 'page-data',
      providerReference: created.AccessCode,
      value: {
        EwayFormActionUrl: created.SharedPaymentUrl,
        Accesstoken: created.AccessCode,
        TrackingNumber: attempt.trackingNumber,
        EwayScriptUrl: this.scriptUrl,
      },
    };
  }

  /**
   * The browser says it finished: evidence is the validate body ({AccessCode, ...}); only the
   * access code is used, and Eway's query decides. Throws EwayMismatchError when the code's
   * payment is for another attempt or another amount.
   */
  async confirm(_ctx: Ctx, attempt: AttemptContext, evidence: Record<string, unknown>): Promise<ProviderVerdict> {
    const accessCode = evidence.AccessCode ?? evidence.accessCode;
    if (typeof accessCode !== 'string' || accessCode.length === 0)
      throw new EwayRefusedError(['V6107'], 400, 'No access code');
    const check = await this.verifyAccessCode(accessCode, attempt);
    if (check.reason === 'amount-mismatch' || check.reason === 'reference-mismatch')
      throw new EwayMismatchError(check.reason, check.transactionId);
    return check.verdict;
  }

  /**
   * Eway has no call to void an unused access code: it simply goes unused. Before the shop cancels,
   * this checks Eway still holds no successful payment under the attempt's reference, and throws
   * EwayAlreadyPaidError if it does (the shopper paid in the meantime).
   */
  async cancel(_ctx: Ctx, attempt: AttemptContext): Promise<void> {
    const paid = (await this.findTransactions(attempt.trackingNumber)).find(
      (t) => t.succeeded && t.amountMinor === attempt.amountMinor,
    );
    if (paid) throw new EwayAlreadyPaidError(paid.transactionId);
  }

  /** Refunds the attempt's successful payment (found by its reference) by amountMinor. */
  async refund(_ctx: Ctx, attempt: AttemptContext, amountMinor: number): Promise<void> {
    const paid = (await this.findTransactions(attempt.trackingNumber)).find((t) => t.succeeded);
    if (!paid) throw new EwayRefusedError(['V6115'], 200, 'No successful Eway payment for this attempt');
    await this.refundTransaction(paid.transactionId, amountMinor, { invoiceReference: attempt.trackingNumber });
  }

  /**
   * The reconciler's question. With the attempt's access code (its provider reference), Eway's
   * answer for that code decides: paid for our amount and reference, declined (an access code is
   * paid at most once, so a decline is final), or still unused. Without one, or when the code's
   * answer does not match the attempt, every transaction under the tracking number is read.
   */
  async reconcile(_ctx: Ctx, attempt: AttemptContext): Promise<ProviderVerdict> {
    if (attempt.providerReference) {
      const check = await this.verifyAccessCode(attempt.providerReference, attempt);
      if (check.reason === 'ok') return 'succeeded';
      if (check.reason === 'declined') return 'failed';
      if (check.reason === 'pending') return 'pending';
    }
    return verdictFromTransactions(await this.findTransactions(attempt.trackingNumber), attempt.amountMinor);
  }

  /**
   * The browser back from Eway's modal names its access code (never the truth of the payment):
   * Eway's answer for the code names the attempt (its InvoiceReference is our tracking number) and
   * is judged against it (reference, amount, outcome). A code Eway does not know names none.
   */
  async read(_ctx: Ctx, message: ProviderMessage): Promise<ProviderReading> {
    let result: EwayAccessCodeResult;
    try {
      result = await this.queryAccessCode(message.fields.AccessCode ?? '');
    } catch (error) {
      // Eway does not know the code: a forged or mistyped access code.
      if (error instanceof EwayRefusedError)
        return { trackingNumber: null, judge: () => ({ action: 'rejected', errorKey: null, detail: {} }) };
      throw error;
    }
    const { transactionId } = result;
    return {
      trackingNumber: result.invoiceReference,
      judge: (attempt): ProviderWord => {
        const reason = checkAgainstAttempt(result, attempt);
        const detail = { transactionId, responseCodes: result.responseCodes };
        if (reason === 'amount-mismatch' || reason === 'reference-mismatch')
          return { action: 'rejected', errorKey: null, detail: { reason, ...detail } };
        if (reason === 'pending') return { action: 'pending', errorKey: null, detail };
        return { action: reason === 'ok' ? 'captured' : 'failed', errorKey: result.errorKey, detail };
      },
      ...(result.succeeded && transactionId !== null
        ? {
            giveBack: async (attempt: AttemptContext) => {
              const amountMinor = result.amountMinor ?? 0;
              try {
                const refunded = await this.refundTransaction(transactionId, amountMinor, {
                  invoiceReference: attempt.trackingNumber,
                });
                return {
                  kind: 'refund' as const,
                  detail: { transactionId, amountMinor, ok: true, repeat: refunded.alreadyRefunded },
                };
              } catch (error) {
                // Recorded for the console to follow up (the transaction ID names it at Eway).
                const message = error instanceof Error ? error.message : String(error);
                return { kind: 'error' as const, detail: { during: 'refund', transactionId, message } };
              }
            },
          }
        : {}),
    };
  }

  // --- Eway-specific calls for the shop's routes -------------------------------------------------

  /** POST /AccessCodesShared. */
  async createAccessCode(
    input: AccessCodeInput,
  ): Promise<{ AccessCode: string; SharedPaymentUrl: string; FormActionURL: string | null }> {
    const body = buildAccessCodeSharedRequest(input);
    const reply = await this.call<CreateAccessCodeSharedResponse>('POST', EWAY_PATHS.accessCodesShared(), body);
    const codes = parseCodes(reply.Errors);
    if (codes.length > 0 || !reply.AccessCode || !reply.SharedPaymentUrl)
      throw new EwayRefusedError(codes, 200, `Eway refused the access code: ${codes.join(',') || 'no access code'}`);
    return {
      AccessCode: reply.AccessCode,
      SharedPaymentUrl: reply.SharedPaymentUrl,
      FormActionURL: reply.FormActionURL,
    };
  }

  /** GET /AccessCode/{code}: the payment made with this access code, reduced to what the shop needs. */
  async queryAccessCode(accessCode: string): Promise<EwayAccessCodeResult> {
    const reply = await this.call<QueryAccessCodeResponse>('GET', EWAY_PATHS.accessCode(accessCode));
    const errors = parseCodes(reply.Errors);
    if (errors.length > 0) throw new EwayRefusedError(errors, 200, `Eway refused the query: ${errors.join(',')}`);
    return readAccessCodeResult(accessCode, reply);
  }

  /** The validate route's check: query the code, then amount and reference against the attempt. */
  async verifyAccessCode(
    accessCode: string,
    attempt: Pick<AttemptContext, 'amountMinor' | 'trackingNumber'>,
  ): Promise<EwayCheck> {
    const result = await this.queryAccessCode(accessCode);
    const reason = checkAgainstAttempt(result, attempt);
    const verdict: ProviderVerdict = reason === 'ok' ? 'succeeded' : reason === 'declined' ? 'failed' : 'pending';
    return {
      verdict,
      reason,
      transactionId: result.transactionId,
      errorKey: reason === 'declined' ? (result.errorKey ?? 'default') : null,
      responseCodes: result.responseCodes,
    };
  }

  /** GET /Transaction/InvoiceRef/{reference}: every transaction made under our tracking number. */
  async findTransactions(invoiceReference: string): Promise<EwayTransactionSummary[]> {
    const reply = await this.call<TransactionQueryResponse>(
      'GET',
      EWAY_PATHS.transactionByInvoiceRef(invoiceReference),
    );
    const errors = parseCodes(reply.Errors).filter((c) => c !== 'V6171'); // V6171: nothing under that invoice
    if (errors.length > 0) throw new EwayRefusedError(errors, 200, `Eway refused the query: ${errors.join(',')}`);
    return (reply.Transactions ?? []).map(summarise);
  }

  /**
   * POST /Transaction/{id}/Refund. A repeat of a full refund (after a lost reply) comes back
   * V6152 "already refunded for total amount" and counts as done. Partial refunds have no such
   * guard at Eway: after a lost reply, check before repeating one.
   */
  async refundTransaction(
    transactionId: number,
    amountMinor: number,
    options: { invoiceReference?: string } = {},
  ): Promise<EwayRefundResult> {
    const body = buildRefundRequest(transactionId, amountMinor, options.invoiceReference);
    const reply = await this.call<RefundResponse>('POST', EWAY_PATHS.refund(transactionId), body);
    const errors = parseCodes(reply.Errors);
    if (errors.includes('V6152')) return { refundTransactionId: null, amountMinor, alreadyRefunded: true };
    if (errors.length > 0 || reply.TransactionStatus !== true) {
      const codes = errors.length > 0 ? errors : parseCodes(reply.ResponseMessage);
      throw new EwayRefusedError(codes, 200, `Eway refused the refund: ${codes.join(',')}`);
    }
    return { refundTransactionId: reply.TransactionID, amountMinor, alreadyRefunded: false };
  }

  // --- HTTP --------------------------------------------------------------------------------------

  /** One JSON call through the payments' HTTP core; Eway's statuses as PROVIDER_STATUS_RULES.Eway reads them. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    // The operation names the path only: never the credentials, never a body.
    const request: ProviderRequest = {
      provider: 'Eway',
      operation: `${method} ${pathOnly(path)}`,
      fetch: this.fetchImpl,
      timeoutMs: this.timeoutMs,
    };
    const response = await providerFetch(request, `${this.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: this.authorization,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await providerText(request, response);
    const statusClass = classifyStatus('Eway', response.status);
    if (statusClass === 'unauthorised')
      throw new EwayRefusedError(['S9993'], response.status, 'Eway refused the API key or password');
    if (outcomeUnknown(statusClass)) throw unavailableStatus('Eway', request.operation, response.status);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderUnavailableError('Eway', request.operation, 'bad-response', { detail: 'not JSON' });
    }
    if (!parsed || typeof parsed !== 'object')
      throw new ProviderUnavailableError('Eway', request.operation, 'bad-response', { detail: 'empty reply' });
    if (statusClass === 'refused') {
      const codes = parseCodes((parsed as { Errors?: string | null }).Errors ?? null);
      throw new EwayRefusedError(codes, response.status, `Eway ${request.operation}: HTTP ${response.status}`);
    }
    return parsed as T;
  }
}

/** The access-code request for a port attempt (AUD only: Eway is the AU card option). */
export function accessCodeInputFor(attempt: AttemptContext, partnerId?: string): AccessCodeInput {
  if (attempt.currency !== 'AUD') throw new RangeError('Eway takes AUD payments only');
  return {
    amountMinor: attempt.amountMinor,
    currency: 'AUD',
    trackingNumber: attempt.trackingNumber,
    orderReference: attempt.orderReference,
    customer: attempt.customer,
    redirectUrl: attempt.returnUrl,
    cancelUrl: attempt.cancelUrl,
    ...(partnerId ? { partnerId } : {}),
  };
}

/** Succeeded when one transaction succeeded for the amount; failed when all were declined (or the amount was wrong); else pending. */
export function verdictFromTransactions(transactions: EwayTransactionSummary[], amountMinor: number): ProviderVerdict {
  if (transactions.some((t) => t.succeeded && t.amountMinor === amountMinor)) return 'succeeded';
  if (transactions.length > 0) return 'failed';
  return 'pending';
}

function summarise(t: EwayTransaction): EwayTransactionSummary {
  const responseCodes = parseCodes(t.ResponseMessage);
  return {
    transactionId: t.TransactionID,
    succeeded: t.TransactionStatus === true,
    amountMinor: t.TotalAmount,
    invoiceReference: t.InvoiceReference ?? null,
    responseCode: t.ResponseCode ?? null,
    responseCodes,
    errorKey: t.TransactionStatus ? null : (ewayErrorKey([...responseCodes, t.ResponseCode ?? '']) ?? 'default'),
  };
}

/** Paths carry access codes: log the endpoint's shape, not the code. */
function pathOnly(path: string): string {
  return path.replace(/\/AccessCode\/[^/]+/, '/AccessCode/{code}');
}
