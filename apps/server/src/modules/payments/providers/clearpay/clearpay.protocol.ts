/**
 * Clearpay (Afterpay UK) Online API v2: wire shapes and pure functions. No I/O here.
 *
 * Sources (Clearpay / Afterpay public API reference):
 * - Environments, idempotency (requestId, HTTP 409 = still processing): https://developers.clearpay.co.uk/api-introduction
 * - User-Agent format: https://developers.clearpay.co.uk/clearpay-online/reference/user-agent-header
 * - Get Configuration: https://developers.clearpay.co.uk/api-reference/get-configuration
 * - Create Checkout (422 unsupported_payment_type, invalid_object, unsupported_currency):
 *   https://developers.clearpay.co.uk/clearpay-online/reference/create-checkout
 * - Get Checkout (412 invalid_token once completed/expired): https://developers.clearpay.co.uk/api-reference/get-checkout
 * - Capture Full Payment (201 APPROVED|DECLINED; 402 invalid_token; 412 invalid_order_transaction_status):
 *   https://developers.clearpay.co.uk/immediate-payment-flow/capture-full-payment
 * - Reverse Payment By Token (204; 412 precondition_failed; 10-minute window):
 *   https://developers.clearpay.co.uk/clearpay-online/reference/reverse-payment-by-token
 * - Get Payment By Token (404 not_found): https://developers.clearpay.co.uk/api-reference/get-payment-by-token
 * - List Payments (repeat array params, no commas): https://developers.clearpay.co.uk/clearpay-online/reference/list-payments
 * - Create Refund (requestId + merchantReference for safe retries): https://developers.clearpay.co.uk/api-reference/create-refund
 * - Payment / Refund / Contact / Consumer objects: https://developers.clearpay.co.uk/payment-object,
 *   https://developers.clearpay.co.uk/clearpay-online/reference/refund-object,
 *   https://developers.clearpay.co.uk/clearpay-online/reference/contact-object
 * - Errors {errorCode, errorId, message, httpStatusCode}: https://developers.clearpay.co.uk/clearpay-online/reference/common-errors,
 *   https://developers.clearpay.co.uk/clearpay-online/reference/put-post-errors
 * - Sandbox test cards (CVV 000 approves, 051 declines at capture):
 *   https://developers.clearpay.co.uk/clearpay-online/docs/sandbox-testing
 */
import { createHash } from 'node:crypto';
import { formatMoney } from '@shop/contract';

// Clearpay's API lives at https://global-api-sandbox.afterpay.com (sandbox) and
// https://global-api.afterpay.com (production); CLEARPAY_API_URL says which.

/** Clearpay's reversal window after an order is created (Reverse Payment By Token). */
export const REVERSAL_WINDOW_MS = 10 * 60 * 1000;

export interface Money {
  /** Decimal string with two places, e.g. "100.00". */
  amount: string;
  currency: string;
}

export interface Consumer {
  givenNames: string;
  surname: string;
  email: string;
  phoneNumber?: string;
}

export interface Contact {
  name: string;
  line1: string;
  line2?: string;
  /** UK: postal town. */
  area1: string;
  area2?: string;
  /** UK: county. */
  region: string;
  postcode: string;
  /** ISO 3166-1 alpha-2, "GB". */
  countryCode: string;
  phoneNumber?: string;
}

export interface Item {
  name: string;
  sku?: string;
  quantity: number;
  price: Money;
}

export interface CreateCheckoutRequest {
  amount: Money;
  consumer: Consumer;
  billing?: Contact;
  shipping?: Contact;
  items?: Item[];
  merchant: { redirectConfirmUrl: string; redirectCancelUrl: string };
  merchantReference?: string;
  shippingAmount?: Money;
  taxAmount?: Money;
}

export interface CreateCheckoutResponse {
  token: string;
  /** ISO 8601 UTC. */
  expires: string;
  redirectCheckoutUrl: string;
}

/** Get Checkout: the checkout as created (retrievable until it expires or an order is created). */
export interface CheckoutDetails extends CreateCheckoutResponse {
  amount: Money;
  consumer: Consumer;
  merchantReference?: string;
  merchant: { redirectConfirmUrl: string; redirectCancelUrl: string };
}

export interface CaptureRequest {
  token: string;
  merchantReference?: string;
  /** Capture Full Payment is idempotent on the token; a requestId is accepted and harmless. */
  requestId?: string;
}

export type PaymentStatus = 'APPROVED' | 'DECLINED';
export type PaymentState =
  | 'AUTH_APPROVED'
  | 'AUTH_DECLINED'
  | 'PARTIALLY_CAPTURED'
  | 'CAPTURED'
  | 'CAPTURE_DECLINED'
  | 'VOIDED'
  | 'EXPIRED';

export interface PaymentEvent {
  id: string;
  created: string;
  type: string;
  amount: Money;
}

export interface Refund {
  requestId?: string;
  amount: Money;
  merchantReference?: string;
  refundId: string;
  refundedAt: string;
  refundMerchantReference?: string;
}

export interface Payment {
  /** Clearpay's order id. */
  id: string;
  token: string;
  status: PaymentStatus;
  created: string;
  originalAmount: Money;
  openToCaptureAmount: Money;
  paymentState: PaymentState;
  merchantReference?: string;
  refunds: Refund[];
  orderDetails?: Record<string, unknown>;
  events: PaymentEvent[];
}

export interface RefundRequest {
  requestId: string;
  amount: Money;
  merchantReference: string;
  refundMerchantReference?: string;
}

export interface Configuration {
  minimumAmount?: Money;
  maximumAmount: Money;
}

export interface PaymentsPage {
  totalResults: number;
  offset: number;
  limit: number;
  results: Payment[];
}

/** Every non-2xx answer carries this body. */
export interface ClearpayErrorBody {
  errorCode: string;
  errorId: string;
  message: string;
  httpStatusCode: number;
}

/** The spec's error keys (checkout.md section 8) a Clearpay outcome can lead to. */
export type CheckoutErrorKey = 'default' | 'GenericAccountProblem' | 'GenericCardProblem' | 'GenericSystemProblem';

// ---- money ----

/** Integer minor units -> Clearpay's Money ("12.34"). */
export function toMoney(minor: number, currency: string): Money {
  if (!Number.isInteger(minor) || minor < 0)
    throw new RangeError(`Money must be whole non-negative minor units, got ${minor}`);
  const major = Math.floor(minor / 100);
  const rest = (minor % 100).toString().padStart(2, '0');
  return { amount: `${major}.${rest}`, currency };
}

/** Clearpay's Money -> integer minor units; refuses anything but a plain decimal with at most two places. */
export function fromMoney(money: Money | undefined | null): number {
  const text = money?.amount;
  const match = typeof text === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(text) : null;
  if (!match) throw new RangeError(`Not a Clearpay money amount: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function sameMoney(money: Money | undefined, minor: number, currency: string): boolean {
  try {
    return money !== undefined && money.currency === currency && fromMoney(money) === minor;
  } catch {
    return false;
  }
}

// ---- headers ----

/** HTTP Basic credentials: merchantId as user name, secretKey as password. */
export function basicAuthorization(merchantId: string, secretKey: string): string {
  return `Basic ${Buffer.from(`${merchantId}:${secretKey}`, 'utf8').toString('base64')}`;
}

export interface UserAgentParts {
  /** Our integration and its version, e.g. "ShopClearpay/1.0.0". */
  module?: string;
  /** The platform and its version, e.g. "SecondHandMarket/0.1.0". */
  platform?: string;
  /** The merchant's name (no spaces) for the "Merchantname/60032000" part. */
  merchantName: string;
  merchantId: string;
  websiteUrl: string;
  /** Runtime, e.g. "Node/20.11.0"; defaults to this process's. */
  system?: string;
}

/**
 * Clearpay's required User-Agent: "Module/1.0.0 (Platform/1.0.0; System/1.0; Merchantname/60032000) https://site".
 */
export function userAgent(parts: UserAgentParts): string {
  const module = parts.module ?? 'ShopClearpay/1.0.0';
  const platform = parts.platform ?? 'SecondHandMarket/0.1.0';
  const system = parts.system ?? `Node/${process.versions.node}`;
  const merchant = parts.merchantName.replace(/\s+/g, '');
  return `${module} (${platform}; ${system}; ${merchant}/${parts.merchantId}) ${parts.websiteUrl}`;
}

/**
 * A UUID (v4 layout) derived from a seed, so a retried call sends the same requestId across
 * processes and restarts (Clearpay recommends UUID requestIds).
 */
export function requestIdFor(seed: string): string {
  const h = createHash('sha256').update(seed).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x40;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

// ---- request bodies ----

export interface CheckoutInput {
  amountMinor: number;
  currency: string;
  consumer: { firstName: string; lastName: string; email: string; phone?: string };
  merchantReference: string;
  redirectConfirmUrl: string;
  redirectCancelUrl: string;
  billing?: Contact;
  shipping?: Contact;
  items?: { name: string; sku?: string; quantity: number; priceMinor: number }[];
  shippingAmountMinor?: number;
  taxAmountMinor?: number;
}

export function checkoutRequest(input: CheckoutInput): CreateCheckoutRequest {
  const body: CreateCheckoutRequest = {
    amount: toMoney(input.amountMinor, input.currency),
    consumer: {
      givenNames: input.consumer.firstName,
      surname: input.consumer.lastName,
      email: input.consumer.email,
      ...(input.consumer.phone ? { phoneNumber: input.consumer.phone } : {}),
    },
    merchant: { redirectConfirmUrl: input.redirectConfirmUrl, redirectCancelUrl: input.redirectCancelUrl },
    merchantReference: input.merchantReference,
  };
  if (input.billing) body.billing = input.billing;
  if (input.shipping) body.shipping = input.shipping;
  if (input.items)
    body.items = input.items.map((i) => ({
      name: i.name,
      ...(i.sku ? { sku: i.sku } : {}),
      quantity: i.quantity,
      price: toMoney(i.priceMinor, input.currency),
    }));
  if (input.shippingAmountMinor !== undefined) body.shippingAmount = toMoney(input.shippingAmountMinor, input.currency);
  if (input.taxAmountMinor !== undefined) body.taxAmount = toMoney(input.taxAmountMinor, input.currency);
  return body;
}

/** List Payments query: array parameters repeated, never comma-joined (as the reference asks). */
export function listPaymentsQuery(filter: {
  tokens?: string[];
  ids?: string[];
  merchantReferences?: string[];
  statuses?: PaymentStatus[];
  limit?: number;
  offset?: number;
}): string {
  const q = new URLSearchParams();
  for (const t of filter.tokens ?? []) q.append('tokens', t);
  for (const i of filter.ids ?? []) q.append('ids', i);
  for (const r of filter.merchantReferences ?? []) q.append('merchantReferences', r);
  for (const s of filter.statuses ?? []) q.append('statuses', s);
  if (filter.limit !== undefined) q.set('limit', String(filter.limit));
  if (filter.offset !== undefined) q.set('offset', String(filter.offset));
  return q.toString();
}

// ---- the shopper's return ----

export interface ReturnParams {
  orderToken: string;
  status: 'SUCCESS' | 'CANCELLED';
}

/** The query Clearpay appends to redirectConfirmUrl / redirectCancelUrl. Untrusted: only says where to look. */
export function parseReturn(query: Record<string, unknown>): ReturnParams | null {
  const orderToken = query.orderToken;
  const status = query.status;
  if (typeof orderToken !== 'string' || !/^[0-9A-Za-z._-]{8,200}$/.test(orderToken)) return null;
  if (status !== 'SUCCESS' && status !== 'CANCELLED') return null;
  return { orderToken, status };
}

// ---- outcomes ----

export type Verdict = 'succeeded' | 'failed' | 'pending';

/** What a Payment object says of the money: captured in full is the only success. */
export function paymentVerdict(payment: Pick<Payment, 'status' | 'paymentState'>): Verdict {
  if (payment.status === 'APPROVED' && payment.paymentState === 'CAPTURED') return 'succeeded';
  if (payment.status === 'APPROVED' && payment.paymentState === 'AUTH_APPROVED') return 'pending';
  return 'failed';
}

/**
 * The spec's error key for a Clearpay refusal. A decline means Clearpay (the lender) said no:
 * the shopper should check with Clearpay, the spec's "check with card issuer". A checkout that is
 * expired, unknown or not confirmed starts again with the default message. 401 and 5xx are ours or
 * theirs to fix, not the shopper's: "payment provider temporary issues".
 */
export function errorKeyFor(outcome: {
  httpStatus?: number;
  errorCode?: string;
  declined?: boolean;
}): CheckoutErrorKey {
  if (outcome.declined) return 'GenericAccountProblem';
  const status = outcome.httpStatus ?? 0;
  if (status === 401 || status === 409 || status === 429 || status >= 500) return 'GenericSystemProblem';
  return 'default';
}

/** The spec's message when the order is outside Clearpay's configured range (checkout.md section 5). */
export function clearpayAmountMessage(minimumMinor: number, maximumMinor: number): string {
  return `The Clearpay order amount, including postage fees, must be between ${formatMoney(minimumMinor, 'UK')} and ${formatMoney(maximumMinor, 'UK')}.`;
}

/** Configuration -> the range in minor units (a missing minimumAmount means no lower bound but 1p). */
export function configurationRange(config: Configuration): {
  minimumMinor: number;
  maximumMinor: number;
  currency: string;
} {
  return {
    minimumMinor: config.minimumAmount ? fromMoney(config.minimumAmount) : 1,
    maximumMinor: fromMoney(config.maximumAmount),
    currency: config.maximumAmount.currency,
  };
}

/** Null when the amount may use Clearpay, else the spec's message. */
export function amountRefusal(
  range: { minimumMinor: number; maximumMinor: number },
  totalMinor: number,
): string | null {
  return totalMinor < range.minimumMinor || totalMinor > range.maximumMinor
    ? clearpayAmountMessage(range.minimumMinor, range.maximumMinor)
    : null;
}

// ---- sandbox test cards ----

/** Clearpay's published sandbox cards: the CVV decides the capture (000 approves, 051 declines). */
export const TEST_CARDS = [
  { brand: 'Visa', number: '4111111111111111', expiry: '01/28' },
  { brand: 'Mastercard', number: '5215097792826659', expiry: '01/28' },
] as const;
export const APPROVE_CVV = '000';
export const DECLINE_CVV = '051';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
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
