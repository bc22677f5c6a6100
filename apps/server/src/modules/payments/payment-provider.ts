import type { Ctx, DbCtx } from '../../lib/context.js';

/**
 * The port every payment provider implements. The spec's five options (checkout.md section 7)
 * differ in what starting a payment hands the page, so `start` answers one of:
 * - confirmed: no money moves online (Generic, pay in store): the order is confirmed at once;
 * - page-data: what the page needs to take the shopper to the provider (Eway's access code and
 *   form URL, Global Payments' signed HPP fields, PayPal's order token, Clearpay's checkout token).
 * The truth about a payment always comes from the provider (`confirm`, `reconcile`), never from the
 * browser. No method is ever called inside a database transaction: they may wait on the network.
 */
export type PaymentOptionName = 'Generic' | 'Eway' | 'GlobalPay' | 'PayPal' | 'Clearpay';

export interface AttemptContext {
  trackingNumber: string;
  orderReference: string;
  amountMinor: number;
  currency: 'AUD' | 'GBP';
  customer: { email: string; firstName: string; lastName: string; phone: string };
  /** Where the provider sends the shopper back (absolute URLs on PUBLIC_URL). */
  returnUrl: string;
  cancelUrl: string;
  /** The provider's own id for this payment (access code, order id, checkout token) once start gave one. */
  providerReference?: string | null;
  /** The order's billing address and delivery option, for hosted pages that verify them (Global Payments' AVS, PM_METHODS). */
  billing?: { line1: string; line2: string; city: string; postCode: string };
  deliveryOption?: string;
  /**
   * The order as written, read only by a provider that itemises the payment on its page (PayPal's
   * purchase unit) when it starts: the caller that starts the payment supplies it, so no provider
   * reads orders itself.
   */
  describeOrder?: (ctx: Ctx) => Promise<OrderDescription | undefined>;
}

/**
 * An order's lines, postage, discount and delivery address (the first posted shipment's; null for
 * none), for a provider that shows them. Undefined when the order no longer matches the amount.
 */
export interface OrderDescription {
  items: { name: string; sku?: string; priceMinor: number }[];
  postageMinor: number;
  discountMinor: number;
  shipping: {
    fullName: string;
    line1: string;
    line2?: string;
    suburb: string;
    state: string;
    postCode: string;
    countryCode: string;
  } | null;
}

export type StartResult =
  | { kind: 'confirmed' }
  /** providerReference is kept on the attempt, so confirm, refund and the reconciler can name the payment. */
  | { kind: 'page-data'; value: Record<string, unknown>; providerReference?: string };

export interface RefundOptions {
  /** What this refund is for, unique within the attempt (e.g. `line-42`); default: the amount. */
  key?: string;
}

/** The amounts a provider takes (minor units), its text outside them, and when it last said so. */
export interface ProviderAmountRange {
  minMinor: number;
  maxMinor: number;
  message: string;
  fetchedAt: number | null;
}

/** What the provider says of an attempt. */
export type ProviderVerdict = 'succeeded' | 'failed' | 'pending';

/** What came back from a provider's side as received: its page's return, or its own notification. */
export interface ProviderMessage {
  /** The query's or the form's fields. */
  fields: Record<string, string | undefined>;
  /** A notification's headers and body as received (its signature covers them). */
  headers?: Record<string, string | string[] | undefined>;
  rawBody?: string;
}

/**
 * A provider's word decoded into one normalised verdict, whoever holds which provider (Medusa's
 * provider port decodes webhook payloads the same way): 'authorized' money held (settled later),
 * 'captured' money taken, 'failed' declined, 'cancelled' the shopper left the provider's page with
 * nothing taken, 'pending' no final word yet, 'rejected' not genuine
 * or not this attempt's (a bad signature, another order or amount): nothing may change;
 * 'not_supported' a notification the shop has nothing to do with.
 */
export type ProviderAction =
  | 'authorized'
  | 'captured'
  | 'failed'
  | 'cancelled'
  | 'pending'
  | 'rejected'
  | 'not_supported';

export interface ProviderWord {
  action: ProviderAction;
  /** The spec's error key of a decline, when the provider gave one. */
  errorKey: string | null;
  /** Recorded with the attempt: the provider's own codes and references, or why it was rejected. */
  detail: Record<string, unknown>;
  /** The provider refused the call that would have decided it (its message, recorded as an error first). */
  refusal?: string;
}

/**
 * What a provider answered about a message that names the provider's own reference rather than
 * our tracking number (Eway's access code): the attempt its answer names (null when the provider
 * refused the message or names none), that answer judged against the attempt once it is found, and
 * for money the provider took that is not the attempt's, a way to give it back.
 */
export interface ProviderReading {
  trackingNumber: string | null;
  /** The message is not genuine (a signature the provider did not confirm): nothing is read from it. */
  unverified?: boolean;
  judge(attempt: AttemptContext): ProviderWord;
  /** Gives back a payment that is not the attempt's (never throws): what to record, as 'refund' or 'error'. */
  giveBack?(attempt: AttemptContext): Promise<{ kind: 'refund' | 'error'; detail: Record<string, unknown> }>;
}

/** Cancelling found the shopper had paid after all: the attempt finishes paid (`detail` names the payment). */
export class PaymentAlreadyTakenError extends Error {
  constructor(
    readonly detail: Record<string, unknown>,
    message: string,
  ) {
    super(message);
  }
}

/** The verdict an attempt is finished with for a provider's (not rejected) word. */
export function verdictOf(
  action: Exclude<ProviderAction, 'rejected' | 'not_supported'>,
): ProviderVerdict | 'cancelled' {
  if (action === 'authorized' || action === 'captured') return 'succeeded';
  return action;
}

/**
 * The provider answered and said no (a 4xx, or a body naming its reason): every adapter's refusal
 * is one of these (EwayRefusedError, PayPalRefusalError, ClearpayApiError, GlobalPayRefusedError).
 * `code` is the provider's own (Eway's codes, PayPal's issue, Clearpay's errorCode, Global
 * Payments' result); `httpStatus` the status it came with, when one did.
 */
export class ProviderRefusalError extends Error {
  readonly provider: PaymentOptionName;
  readonly code: string;
  readonly httpStatus: number | undefined;
  constructor(provider: PaymentOptionName, code: string, message: string, httpStatus?: number) {
    super(message);
    this.provider = provider;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/**
 * What the provider holds is not the attempt's: another amount (or reference, currency, payer,
 * token), or an order whose lines do not add up to the amount. Nothing may be finished with it.
 * `code` names what differs (e.g. 'amount', 'reference-mismatch'); every adapter's mismatch is one
 * of these (EwayMismatchError, PayPalMismatchError, PayPalAmountError, Clearpay's PaymentMismatchError).
 */
export class ProviderMismatchError extends Error {
  readonly provider: PaymentOptionName;
  readonly code: string;
  constructor(provider: PaymentOptionName, code: string, message: string) {
    super(message);
    this.provider = provider;
    this.code = code;
  }
}

export interface PaymentProvider {
  readonly name: PaymentOptionName;
  /**
   * True when the money moves on the provider's own page without a call from the shop (Eway's
   * shared page charges, Global Payments' page authorises): a payment can then land after the
   * attempt was closed here, so the reconciler looks once more. PayPal and Clearpay move money only
   * when the shop captures.
   */
  readonly paysOnItsOwnPage: boolean;
  start(ctx: Ctx, attempt: AttemptContext): Promise<StartResult>;
  /** Checks a payment the browser says finished, against the provider (amount and reference included). */
  confirm(ctx: Ctx, attempt: AttemptContext, evidence: Record<string, unknown>): Promise<ProviderVerdict>;
  cancel(ctx: Ctx, attempt: AttemptContext): Promise<void>;
  /**
   * Gives `amountMinor` back (all of the attempt, or part: one cancelled item). `options.key` names
   * this refund: a retry with the same key is the same refund at providers with idempotency keys
   * (PayPal, Clearpay), and two refunds of equal amounts under different keys are two refunds.
   */
  refund(ctx: Ctx, attempt: AttemptContext, amountMinor: number, options?: RefundOptions): Promise<void>;
  /** For the reconciler: the provider's current word on an attempt left pending. */
  reconcile(ctx: Ctx, attempt: AttemptContext): Promise<ProviderVerdict>;
  /**
   * Providers whose server tells the shop the outcome (a notification the shop answers) decode it
   * here, so the route that receives it need not know which provider it holds:
   * - trackingNumberOf: the attempt the message names (our tracking number), or null;
   * - interpret: the message checked (signature, merchant, order, amount) and decoded;
   * - notificationReply: what the provider's server is answered (Global Payments shows it).
   */
  trackingNumberOf?(message: ProviderMessage): string | null;
  /** The same for a message that names the provider's own reference: the provider is asked first. */
  read?(ctx: Ctx, message: ProviderMessage): Promise<ProviderReading>;
  interpret?(ctx: Ctx, attempt: AttemptContext, message: ProviderMessage): Promise<ProviderWord>;
  notificationReply?(answer: { confirmationUrl?: string; errorKey?: string }): { contentType: string; body: string };
  /** The order range the provider takes, as it last told the shop (Clearpay's configuration); null when it keeps none. */
  amountRange?(ctx: DbCtx): Promise<ProviderAmountRange | null>;
  /**
   * The provider's current word with its codes, for the page that asks after the provider's own
   * page finished; null when it cannot be asked now or has not seen the payment yet.
   */
  inquire?(ctx: Ctx, attempt: AttemptContext): Promise<ProviderWord | null>;
}

/** Why a provider gave no usable answer. */
export type UnavailableReason = 'timeout' | 'network' | 'server' | 'bad-response';

/**
 * A provider could not be reached or gave no usable answer (timeout, network failure, 5xx, a 429 or
 * 409 where provider-http.ts's table says so, a reply cut off or unreadable): the outcome is
 * unknown, so the caller leaves the attempt pending and the reconciler asks again. A refusal (the
 * provider answered "no") is a ProviderRefusalError. The message names the operation and never a
 * credential or a body.
 */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
  readonly provider: PaymentOptionName;
  readonly operation: string;
  readonly reason: UnavailableReason;
  readonly httpStatus: number | undefined;
  constructor(
    provider: PaymentOptionName,
    operation: string,
    reason: UnavailableReason,
    options: { httpStatus?: number; detail?: string; cause?: unknown } = {},
  ) {
    const status = options.httpStatus ? ` (HTTP ${options.httpStatus})` : '';
    super(`${provider} ${operation}: ${options.detail ?? reason}${status}`, { cause: options.cause });
    this.provider = provider;
    this.operation = operation;
    this.reason = reason;
    this.httpStatus = options.httpStatus;
  }
}
