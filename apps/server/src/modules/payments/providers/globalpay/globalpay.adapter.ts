/**
 * Global Payments (Realex) adapter: the HPP form (signed fields the page posts into its frame), the signed
 * response our MERCHANT_RESPONSE_URL receives, and the XML API (settle, void, rebate, query) over fetch.
 *
 * Sources: see globalpay.protocol.ts and README.md (realexpayments/rxp-hpp-java, rxp-hpp-php, globalpayments/
 * node-sdk, dotnet-sdk, rxp-js; https://developer.globalpay.com/hpp/card-payments,
 * https://developer.globalpay.com/api/transaction-management).
 *
 * Rules kept here: no card data is ever sent, stored, logged or returned (the card is typed on the provider's
 * page); secrets never leave this object; every call has a timeout, and a network failure or timeout throws
 * ProviderUnavailableError (leave the attempt pending for the reconciler) while the provider's own refusal
 * throws GlobalPayRefusedError with its result code. Nothing is written to the database here.
 */
import { createHash } from 'node:crypto';
import type { Ctx } from '../../../../lib/context.js';
import {
  type AttemptContext,
  type PaymentProvider,
  type ProviderMessage,
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
  type AgeIndicator,
  type ApiRequestInput,
  type ApiResponse,
  ageIndicator,
  apiRequestXml,
  apiResponseTrusted,
  type CardErrorKey,
  gpDate,
  gpTimestamp,
  HASH_FIELD,
  type HashAlgorithm,
  hppFormFields,
  merchantResponsePage,
  RESULT,
  readApiResponse,
  responseHash,
  resultErrorKey,
  sameDigest,
} from './globalpay.protocol.js';

/** Global Payments answered and said no (result code other than 00; `code` is the result). */
export class GlobalPayRefusedError extends ProviderRefusalError {
  readonly errorKey: CardErrorKey;
  /** 2xx/3xx: bank or gateway trouble, worth trying again later. */
  readonly retryable: boolean;
  constructor(
    readonly result: string,
    readonly providerMessage: string,
  ) {
    super('GlobalPay', result, `Global Payments refused: ${result} ${providerMessage}`);
    this.name = 'GlobalPayRefusedError';
    this.errorKey = resultErrorKey(result) ?? 'default';
    this.retryable = /^[23]\d\d$/.test(result);
  }
}

/** A reply that is not what Global Payments sends (bad signature, wrong order): never trusted. */
export class GlobalPayProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GlobalPayProtocolError';
  }
}

export interface GlobalPayConfig {
  /** Sets both URLs at once: `${baseUrl}/pay` and `${baseUrl}/epage-remote.cgi` (the sandbox's layout). */
  baseUrl?: string;
  /** HPP form action, e.g. https://pay.sandbox.realexpayments.com/pay. */
  hppUrl?: string;
  /** XML API, e.g. https://api.sandbox.realexpayments.com/epage-remote.cgi. */
  apiUrl?: string;
  merchantId: string;
  account: string;
  sharedSecret: string;
  rebatePassword: string;
  hashAlgorithm?: HashAlgorithm;
  /** MERCHANT_RESPONSE_URL: where Global Payments posts the signed result (absolute, on PUBLIC_URL). */
  responseUrl: string;
  /** The shop's origin (PUBLIC_URL), where the frame posts its messages. */
  shopOrigin: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

/** What the HPP needs beyond the port's AttemptContext; the checkout flow has all of it. */
export interface HppExtras {
  billing?: { line1: string; line2?: string | null; city?: string | null; postCode: string };
  shippingMatchesBilling?: boolean;
  customerNumber?: string;
  customer?: {
    authenticated: boolean;
    createdAt: Date | null;
    changedAt: Date | null;
    passwordChangedAt: Date | null;
    /** Orders in the last six months. */
    purchasesNumber: number;
  } | null;
  postagePaid?: boolean;
  payPalDisabled?: boolean;
}

/** The spec's Value.GlobalPayPayload (checkout.md section 7), plus the exact form fields to post. */
export interface GlobalPayPayload {
  Timestamp: string;
  Hash: string;
  AccountId: string;
  AccountType: string;
  Amount: string;
  Currency: string;
  WebsiteUrl: string;
  CustomerNumber: string;
  GlobalPayActionUrl: string;
  PoNumber: string;
  ISORegionName: string;
  CustomerIsAuthenticated: boolean;
  AccountCreatedDate: string;
  AccountAgeIndicator: AgeIndicator;
  AccountChangeDate: string;
  AccountChangeIndicator: AgeIndicator;
  PasswordChangeDate: string;
  PasswordChangeIndicator: AgeIndicator;
  PurchasesNumber: number;
  PaymentProcessingEndpoint: string;
  PayPalDisabled: boolean;
  TrackingNumber: string;
  /** Post these, in this order, as hidden inputs of a form whose action is GlobalPayActionUrl and target the frame. */
  FormFields: Record<string, string>;
}

export type HppVerification =
  | {
      ok: true;
      verdict: Exclude<ProviderVerdict, 'pending'>;
      result: string;
      message: string;
      errorKey: CardErrorKey | null;
      orderId: string;
      pasref: string;
      authcode: string;
      amountMinor: number;
      batchId: string;
    }
  | { ok: false; reason: 'missing-fields' | 'hash' | 'merchant' | 'order' | 'amount' };

export interface TransactionRef {
  orderId: string;
  pasref: string;
  authcode?: string;
  amountMinor: number;
  currency: string;
}

export type QueryResult =
  | { found: false }
  | {
      found: true;
      verdict: Exclude<ProviderVerdict, 'pending'>;
      result: string;
      message: string;
      pasref: string;
      authcode: string;
      /** '-1' while authorised and not yet settled. */
      batchId: string;
      settled: boolean;
      amountMinor: number | null;
    };

const s = (value: unknown) => (typeof value === 'string' ? value : '');

export class GlobalPayProvider implements PaymentProvider {
  readonly name = 'GlobalPay' as const;
  readonly paysOnItsOwnPage = true;
  private readonly hppUrl: string;
  private readonly apiUrl: string;
  private readonly algorithm: HashAlgorithm;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(private readonly config: GlobalPayConfig) {
    const base = config.baseUrl?.replace(/\/$/, '');
    const hppUrl = config.hppUrl ?? (base ? `${base}/pay` : undefined);
    const apiUrl = config.apiUrl ?? (base ? `${base}/epage-remote.cgi` : undefined);
    if (!hppUrl || !apiUrl) throw new Error('GlobalPayProvider needs baseUrl or both hppUrl and apiUrl');
    this.hppUrl = hppUrl;
    this.apiUrl = apiUrl;
    this.algorithm = config.hashAlgorithm ?? 'sha1';
    this.fetchImpl = config.fetch ?? fetch;
    this.timeoutMs = config.timeoutMs ?? PROVIDER_TIMEOUT_MS.GlobalPay;
    this.now = config.now ?? (() => new Date());
  }

  /** The shop's origin, where the frame's response page posts its message. */
  get shopOrigin(): string {
    return this.config.shopOrigin;
  }

  /** The action URL's origin: the only origin whose window messages the page may accept. */
  get hppOrigin(): string {
    return new URL(this.hppUrl).origin;
  }

  // ------------------------------------------------------------------ port

  /**
   * The signed HPP payload from the attempt's order: billing address (AVS), PayPal only with paid postage (UK
   * postage is the `Generic` delivery option). ORDER_ID is the tracking number, kept as the provider reference.
   */
  async start(ctx: Ctx, attempt: AttemptContext): Promise<StartResult> {
    const postagePaid = attempt.deliveryOption === 'Generic';
    const payload = this.buildHppPayload(attempt, {
      ...(attempt.billing ? { billing: attempt.billing } : {}),
      postagePaid,
      payPalDisabled: !postagePaid,
      customerNumber: ctx.viewer.kind === 'customer' ? String(ctx.viewer.userId) : '',
      customer:
        ctx.viewer.kind === 'customer'
          ? { authenticated: true, createdAt: null, changedAt: null, passwordChangedAt: null, purchasesNumber: 0 }
          : null,
    });
    return {
      kind: 'page-data',
      value: { GlobalPayPayload: payload, TrackingNumber: attempt.trackingNumber },
      providerReference: attempt.trackingNumber,
    };
  }

  /**
   * The browser says the frame finished. Evidence is the signed response our MERCHANT_RESPONSE_URL received
   * (its form fields); when it verifies (hash, merchant, order id, amount) it decides. Missing or forged
   * evidence never fails a payment: the provider is asked instead.
   */
  async confirm(ctx: Ctx, attempt: AttemptContext, evidence: Record<string, unknown>): Promise<ProviderVerdict> {
    const checked = this.verifyHppResponse(evidence, attempt);
    if (checked.ok) return checked.verdict;
    return this.reconcile(ctx, attempt);
  }

  /** The shopper left: an authorisation not yet settled is voided so no money is held; nothing to do otherwise. */
  async cancel(_ctx: Ctx, attempt: AttemptContext): Promise<void> {
    const q = await this.query(attempt.trackingNumber);
    if (!q.found || q.verdict !== 'succeeded' || q.settled) return;
    await this.void({
      orderId: attempt.trackingNumber,
      pasref: q.pasref,
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
    });
  }

  /**
   * Before settlement a full refund is a void and a partial one settles only the rest; after settlement it is a
   * rebate. Global Payments keeps no idempotency key for rebates: the caller records refunds and never repeats one.
   */
  async refund(_ctx: Ctx, attempt: AttemptContext, amountMinor: number): Promise<void> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > attempt.amountMinor)
      throw new RangeError('refund amount must be 1..the attempt amount, minor units');
    const q = await this.query(attempt.trackingNumber);
    if (!q.found || q.verdict !== 'succeeded')
      throw new GlobalPayRefusedError(RESULT.notFound, 'no successful payment to refund');
    const ref = { orderId: attempt.trackingNumber, pasref: q.pasref, authcode: q.authcode, currency: attempt.currency };
    if (!q.settled) {
      if (amountMinor === attempt.amountMinor) await this.void({ ...ref, amountMinor });
      else await this.settle({ ...ref, amountMinor: attempt.amountMinor - amountMinor });
      return;
    }
    await this.rebate({ ...ref, amountMinor });
  }

  /** The provider's word: authorised -> succeeded, declined -> failed, never seen -> pending (the shopper may still pay). */
  async reconcile(_ctx: Ctx, attempt: AttemptContext): Promise<ProviderVerdict> {
    const q = await this.query(attempt.providerReference ?? attempt.trackingNumber);
    return q.found ? q.verdict : 'pending';
  }

  /** The HPP result names the attempt by ORDER_ID, our tracking number. */
  trackingNumberOf(message: ProviderMessage): string | null {
    return message.fields.ORDER_ID ?? null;
  }

  /** The signed HPP result (MERCHANT_RESPONSE_URL), believed only when its hash, merchant, order and amount check. */
  async interpret(_ctx: Ctx, attempt: AttemptContext, message: ProviderMessage): Promise<ProviderWord> {
    const checked = this.verifyHppResponse(message.fields, attempt);
    if (!checked.ok) return { action: 'rejected', errorKey: null, detail: { reason: checked.reason } };
    return {
      action: checked.verdict === 'succeeded' ? 'authorized' : 'failed',
      errorKey: checked.errorKey,
      detail: {
        result: checked.result,
        errorKey: checked.errorKey,
        pasref: checked.pasref,
        authcode: checked.authcode,
      },
    };
  }

  /** The page the frame shows: it tells the shop's page it was paid (with where to go) or the error key. */
  notificationReply(answer: { confirmationUrl?: string; errorKey?: string }) {
    return {
      contentType: 'text/html; charset=utf-8',
      body: merchantResponsePage({ shopOrigin: this.shopOrigin, ...answer }),
    };
  }

  /** The payment as Global Payments has it (its query), or null when it cannot be asked or has not seen it. */
  async inquire(_ctx: Ctx, attempt: AttemptContext): Promise<ProviderWord | null> {
    try {
      const q = await this.query(attempt.trackingNumber);
      if (!q.found) return null;
      const errorKey = resultErrorKey(q.result);
      const held = q.settled ? 'captured' : 'authorized';
      return { action: q.verdict === 'succeeded' ? held : 'failed', errorKey, detail: { result: q.result, errorKey } };
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return null;
      throw error;
    }
  }

  // ------------------------------------------------------------------ HPP

  /** The spec's GlobalPayPayload with the signed HPP form fields. ORDER_ID is the attempt's tracking number. */
  buildHppPayload(attempt: AttemptContext, extras: HppExtras = {}): GlobalPayPayload {
    const now = this.now();
    const timestamp = gpTimestamp(now);
    const customer = extras.customer ?? null;
    const payPal = Boolean(extras.postagePaid) && !extras.payPalDisabled;
    const form = hppFormFields(
      {
        timestamp,
        merchantId: this.config.merchantId,
        account: this.config.account,
        orderId: attempt.trackingNumber,
        amountMinor: attempt.amountMinor,
        currency: attempt.currency,
        customerNumber: extras.customerNumber ?? '',
        email: attempt.customer.email,
        firstName: attempt.customer.firstName,
        lastName: attempt.customer.lastName,
        phone: attempt.customer.phone,
        billing: extras.billing ?? { line1: '', postCode: '' },
        shippingMatchesBilling: extras.shippingMatchesBilling ?? true,
        responseUrl: this.config.responseUrl,
        shopOrigin: this.config.shopOrigin,
        payPal,
        comment: attempt.orderReference,
      },
      this.config.sharedSecret,
      this.algorithm,
    );
    return {
      Timestamp: timestamp,
      Hash: form[HASH_FIELD[this.algorithm]] ?? '',
      AccountId: this.config.merchantId,
      AccountType: this.config.account,
      Amount: String(attempt.amountMinor),
      Currency: attempt.currency,
      WebsiteUrl: this.config.shopOrigin,
      CustomerNumber: extras.customerNumber ?? '',
      GlobalPayActionUrl: this.hppUrl,
      PoNumber: attempt.orderReference,
      ISORegionName: 'GB',
      CustomerIsAuthenticated: customer?.authenticated ?? false,
      AccountCreatedDate: gpDate(customer?.createdAt ?? null),
      AccountAgeIndicator: ageIndicator(customer?.createdAt ?? null, now),
      AccountChangeDate: gpDate(customer?.changedAt ?? null),
      AccountChangeIndicator: ageIndicator(customer?.changedAt ?? null, now),
      PasswordChangeDate: gpDate(customer?.passwordChangedAt ?? null),
      PasswordChangeIndicator: ageIndicator(customer?.passwordChangedAt ?? null, now),
      PurchasesNumber: customer?.purchasesNumber ?? 0,
      PaymentProcessingEndpoint: this.config.responseUrl,
      PayPalDisabled: !payPal,
      TrackingNumber: attempt.trackingNumber,
      FormFields: form,
    };
  }

  /**
   * Checks the form Global Payments posted to MERCHANT_RESPONSE_URL: the response hash (constant time), our
   * merchant id, the attempt's order id and its amount (the hash does not cover AMOUNT). Pure: no I/O.
   */
  verifyHppResponse(
    fields: Record<string, unknown>,
    expected: { trackingNumber: string; amountMinor: number },
  ): HppVerification {
    const f = {
      timestamp: s(fields.TIMESTAMP),
      merchantId: s(fields.MERCHANT_ID),
      orderId: s(fields.ORDER_ID),
      result: s(fields.RESULT),
      message: s(fields.MESSAGE),
      pasref: s(fields.PASREF),
      authcode: s(fields.AUTHCODE),
    };
    const hash = s(fields[HASH_FIELD[this.algorithm]]);
    if (!f.timestamp || !f.merchantId || !f.orderId || !f.result || !hash)
      return { ok: false, reason: 'missing-fields' };
    if (!sameDigest(hash, responseHash(f, this.config.sharedSecret, this.algorithm)))
      return { ok: false, reason: 'hash' };
    if (f.merchantId !== this.config.merchantId) return { ok: false, reason: 'merchant' };
    if (f.orderId !== expected.trackingNumber) return { ok: false, reason: 'order' };
    const amount = s(fields.AMOUNT);
    // A failed result may come back without AMOUNT; a successful one must carry ours.
    if (amount !== String(expected.amountMinor) && (f.result === RESULT.ok || amount !== ''))
      return { ok: false, reason: 'amount' };
    return {
      ok: true,
      verdict: f.result === RESULT.ok ? 'succeeded' : 'failed',
      result: f.result,
      message: f.message,
      errorKey: resultErrorKey(f.result),
      orderId: f.orderId,
      pasref: f.pasref,
      authcode: f.authcode,
      amountMinor: expected.amountMinor,
      batchId: s(fields.BATCHID),
    };
  }

  // ------------------------------------------------------------------ XML API

  /** Settles an authorisation (auto-settle is off); the settlement job calls this. A repeat answers alreadyDone. */
  async settle(ref: TransactionRef): Promise<{ alreadyDone: boolean; pasref: string }> {
    return this.manage({
      type: 'settle',
      orderId: ref.orderId,
      pasref: ref.pasref,
      amountMinor: ref.amountMinor,
      currency: ref.currency,
    });
  }

  async void(
    ref: Pick<TransactionRef, 'orderId' | 'pasref'> & Partial<TransactionRef>,
  ): Promise<{ alreadyDone: boolean; pasref: string }> {
    return this.manage({ type: 'void', orderId: ref.orderId, pasref: ref.pasref });
  }

  async rebate(ref: TransactionRef): Promise<{ alreadyDone: boolean; pasref: string }> {
    return this.manage({
      type: 'rebate',
      orderId: ref.orderId,
      pasref: ref.pasref,
      authcode: ref.authcode ?? '',
      amountMinor: ref.amountMinor,
      currency: ref.currency,
      refundHash: createHash('sha1').update(this.config.rebatePassword).digest('hex'),
    });
  }

  /** The provider's record of an order id (the attempt's tracking number). */
  async query(orderId: string): Promise<QueryResult> {
    const r = await this.call({ type: 'query', orderId });
    if (r.result === RESULT.notFound) return { found: false };
    if (/^5\d\d$/.test(r.result)) throw new GlobalPayRefusedError(r.result, r.message);
    if (r.orderId !== orderId) throw new GlobalPayProtocolError('query answered for another order');
    return {
      found: true,
      verdict: r.result === RESULT.ok ? 'succeeded' : 'failed',
      result: r.result,
      message: r.message,
      pasref: r.pasref,
      authcode: r.authcode,
      batchId: r.batchId,
      settled: r.batchId !== '' && r.batchId !== '-1',
      amountMinor: r.amountMinor,
    };
  }

  private async manage(request: Omit<ApiRequestInput, 'timestamp' | 'merchantId' | 'account'>) {
    const r = await this.call(request);
    if (r.result === RESULT.ok) return { alreadyDone: false, pasref: r.pasref };
    if (r.result === RESULT.alreadyDone) return { alreadyDone: true, pasref: r.pasref };
    throw new GlobalPayRefusedError(r.result, r.message);
  }

  private async call(request: Omit<ApiRequestInput, 'timestamp' | 'merchantId' | 'account'>): Promise<ApiResponse> {
    const body = apiRequestXml(
      {
        ...request,
        timestamp: gpTimestamp(this.now()),
        merchantId: this.config.merchantId,
        account: this.config.account,
      },
      this.config.sharedSecret,
      this.algorithm,
    );
    // Through the payments' HTTP core: a network failure, reset connection or timeout (while sending
    // or reading) may or may not have been applied, so it is ProviderUnavailableError ('network').
    const http: ProviderRequest = {
      provider: 'GlobalPay',
      operation: request.type,
      fetch: this.fetchImpl,
      timeoutMs: this.timeoutMs,
    };
    const response = await providerFetch(http, this.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body,
    });
    const text = await providerText(http, response);
    // PROVIDER_STATUS_RULES.GlobalPay: 5xx is theirs; any other status but 2xx is not its protocol.
    const statusClass = classifyStatus('GlobalPay', response.status);
    if (outcomeUnknown(statusClass)) throw unavailableStatus('GlobalPay', request.type, response.status);
    if (statusClass !== 'ok') throw new GlobalPayProtocolError(`Global Payments answered HTTP ${response.status}`);
    let parsed: ApiResponse;
    try {
      parsed = readApiResponse(text, this.algorithm);
    } catch {
      throw new GlobalPayProtocolError('Global Payments answered something that is not its XML');
    }
    if (!apiResponseTrusted(parsed, this.config.sharedSecret, this.algorithm))
      throw new GlobalPayProtocolError(`Global Payments ${request.type} reply failed its signature check`);
    return parsed;
  }
}
