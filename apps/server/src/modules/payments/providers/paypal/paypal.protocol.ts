/**
 * PayPal Orders v2 on the wire: request and response shapes, money as PayPal writes it, the
 * webhook signature's signed string, the mapping of PayPal's issues and card processor codes to the
 * spec's error keys, and the spec's rules for when PayPal and pay later are offered. Pure: no I/O.
 *
 * Sources (public documentation):
 * - Orders v2 (create, show, capture; schema): https://developer.paypal.com/docs/api/orders/v2/
 *   schema: https://developer.paypal.com/api/orders/v2/schema.yaml
 * - Orders v2 errors (ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ...):
 *   https://developer.paypal.com/api/rest/reference/orders/v2/errors
 * - Payments v2 refund: https://developer.paypal.com/docs/api/payments/v2/#captures_refund
 * - OAuth2 client credentials: https://developer.paypal.com/api/rest/authentication/
 * - Idempotency (PayPal-Request-Id): https://developer.paypal.com/reference/guidelines/idempotency
 * - Webhook verification: https://developer.paypal.com/api/webhooks/v1/#verify-webhook-signature_post
 *   and the signed string `transmission_id|transmission_time|webhook_id|crc32(body)`:
 *   https://developer.paypal.com/api/rest/webhooks/rest/#link-eventheadervalidation
 * - Sandbox card rejection triggers (CCREJECT-*) and test cards:
 *   https://developer.paypal.com/tools/sandbox/card-testing/
 * - Negative testing (PayPal-Mock-Response, mock_application_codes):
 *   https://developer.paypal.com/tools/sandbox/negative-testing/request-headers/
 * - JS SDK buttons: https://developer.paypal.com/sdk/js/reference/
 * - Pay Later ranges: AU Pay in 4 A$30-A$2,000 https://developer.paypal.com/docs/checkout/pay-later/au/
 *   and https://www.paypal.com/au/cshelp/article/what-is-pay-in-4-help463 ; UK Pay in 3 £30-£2,000
 *   https://developer.paypal.com/braintree/docs/guides/paypal/pay-later-offers
 */
import { createVerify } from 'node:crypto';
import { ProviderMismatchError } from '../../payment-provider.js';

export const PAYPAL_LIVE_API_URL = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_API_URL = 'https://api-m.sandbox.paypal.com';

export const PAYPAL_PATHS = {
  token: '/v1/oauth2/token',
  orders: '/v2/checkout/orders',
  order: (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`,
  capture: (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
  captureDetails: (id: string) => `/v2/payments/captures/${encodeURIComponent(id)}`,
  refund: (captureId: string) => `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
  verifyWebhook: '/v1/notifications/verify-webhook-signature',
} as const;

export type PayPalCurrency = 'AUD' | 'GBP';

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

// ---------------------------------------------------------------------------------------------
// Money: integer minor units <-> PayPal's decimal strings, exactly (no floating point).

/** 1234 -> "12.34"; AUD and GBP both have two decimals. */
export function minorToValue(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`PayPal amounts are whole, non-negative minor units, got ${minor}`);
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return `${whole}.${cents.toString().padStart(2, '0')}`;
}

/** "12.34" -> 1234, "12" -> 1200, "12.3" -> 1230; anything else (negative, 3 decimals, exponent) throws. */
export function valueToMinor(value: string): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match?.[1]) throw new RangeError(`not a PayPal amount: ${JSON.stringify(value)}`);
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

export function money(currency: string, minor: number): PayPalMoney {
  return { currency_code: currency, value: minorToValue(minor) };
}

// ---------------------------------------------------------------------------------------------
// Create order.

export interface PayPalItem {
  name: string;
  sku?: string;
  unit_amount: PayPalMoney;
  quantity: string;
  category: 'PHYSICAL_GOODS' | 'DIGITAL_GOODS' | 'DONATION';
}

export interface PayPalAddress {
  address_line_1?: string;
  address_line_2?: string;
  admin_area_2?: string;
  admin_area_1?: string;
  postal_code?: string;
  country_code: string;
}

export interface PayPalPurchaseUnitRequest {
  reference_id: string;
  custom_id: string;
  invoice_id: string;
  description?: string;
  amount: PayPalMoney & {
    breakdown: { item_total: PayPalMoney; shipping: PayPalMoney; discount: PayPalMoney };
  };
  items: PayPalItem[];
  shipping?: { type: 'SHIPPING'; name: { full_name: string }; address: PayPalAddress };
}

export interface PayPalCreateOrderRequest {
  intent: 'CAPTURE';
  purchase_units: [PayPalPurchaseUnitRequest];
  payment_source: {
    paypal: {
      experience_context: {
        brand_name?: string;
        shipping_preference: 'SET_PROVIDED_ADDRESS' | 'NO_SHIPPING' | 'GET_FROM_FILE';
        user_action: 'PAY_NOW' | 'CONTINUE';
        return_url: string;
        cancel_url: string;
      };
    };
  };
}

/** What our shop knows of an order, for PayPal's purchase unit. */
export interface PayPalOrderInput {
  /** Our payment attempt's tracking number: reference_id (the spec's securityKey), custom_id and invoice_id. */
  trackingNumber: string;
  currency: PayPalCurrency;
  /** The amount the shopper pays, minor units; must equal items + postage - discount. */
  amountMinor: number;
  items: { name: string; sku?: string; priceMinor: number }[];
  postageMinor: number;
  discountMinor: number;
  /** The one delivery address (PayPal is never offered for pickup); null sends NO_SHIPPING. */
  shipping: PayPalShippingInput | null;
  returnUrl: string;
  cancelUrl: string;
  brandName?: string;
}

export interface PayPalShippingInput {
  fullName: string;
  line1: string;
  line2?: string;
  suburb: string;
  state: string;
  postCode: string;
  /** ISO 3166 alpha-2 or alpha-3 (our addresses carry AUS / GBR). */
  countryCode: string;
}

const ALPHA3_TO_ALPHA2: Record<string, string> = { AUS: 'AU', GBR: 'GB', NZL: 'NZ', USA: 'US' };

export function countryAlpha2(code: string): string {
  const upper = code.trim().toUpperCase();
  if (upper.length === 2) return upper;
  const two = ALPHA3_TO_ALPHA2[upper];
  if (!two) throw new RangeError(`no ISO alpha-2 code known for ${code}`);
  return two;
}

/** PayPal's length limits: item name 127, full_name 300, address lines 300, admin_area_2 120, postal 60. */
function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : trimmed.slice(0, max);
}

/** The order's lines, postage and discount do not add up to the attempt's amount. */
export class PayPalAmountError extends ProviderMismatchError {
  constructor(message: string) {
    super('PayPal', 'amount', message);
  }
}

/** The create-order body: one purchase unit, our items (quantity 1), postage and discount in the breakdown. */
export function buildCreateOrderRequest(input: PayPalOrderInput): PayPalCreateOrderRequest {
  const itemTotal = input.items.reduce((sum, item) => sum + item.priceMinor, 0);
  const total = itemTotal + input.postageMinor - input.discountMinor;
  if (total !== input.amountMinor)
    throw new PayPalAmountError(
      `items ${itemTotal} + postage ${input.postageMinor} - discount ${input.discountMinor} != amount ${input.amountMinor}`,
    );
  const c = input.currency;
  const unit: PayPalPurchaseUnitRequest = {
    reference_id: input.trackingNumber,
    custom_id: input.trackingNumber,
    invoice_id: input.trackingNumber,
    amount: {
      ...money(c, input.amountMinor),
      breakdown: {
        item_total: money(c, itemTotal),
        shipping: money(c, input.postageMinor),
        discount: money(c, input.discountMinor),
      },
    },
    items: input.items.map((item) => ({
      name: clip(item.name, 127) || 'Item',
      ...(item.sku ? { sku: clip(item.sku, 127) } : {}),
      unit_amount: money(c, item.priceMinor),
      quantity: '1',
      category: 'PHYSICAL_GOODS' as const,
    })),
  };
  if (input.shipping) {
    const s = input.shipping;
    unit.shipping = {
      type: 'SHIPPING',
      name: { full_name: clip(s.fullName, 300) },
      address: {
        address_line_1: clip(s.line1 || s.line2 || '', 300),
        ...(s.line1 && s.line2 ? { address_line_2: clip(s.line2, 300) } : {}),
        admin_area_2: clip(s.suburb, 120),
        admin_area_1: clip(s.state, 300),
        postal_code: clip(s.postCode, 60),
        country_code: countryAlpha2(s.countryCode),
      },
    };
  }
  return {
    intent: 'CAPTURE',
    purchase_units: [unit],
    payment_source: {
      paypal: {
        experience_context: {
          ...(input.brandName ? { brand_name: clip(input.brandName, 127) } : {}),
          shipping_preference: input.shipping ? 'SET_PROVIDED_ADDRESS' : 'NO_SHIPPING',
          user_action: 'PAY_NOW',
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Responses.

export type PayPalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
export type PayPalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalCapture {
  id: string;
  status: PayPalCaptureStatus;
  status_details?: { reason?: string };
  amount: PayPalMoney;
  final_capture?: boolean;
  custom_id?: string;
  invoice_id?: string;
  processor_response?: { avs_code?: string; cvv_code?: string; response_code?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
  create_time?: string;
  links?: PayPalLink[];
}

export interface PayPalOrder {
  id: string;
  status: PayPalOrderStatus;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  payer?: { payer_id?: string; email_address?: string; name?: { given_name?: string; surname?: string } };
  payment_source?: Record<string, unknown>;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }[];
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
}

export interface PayPalRefund {
  id: string;
  status: 'CANCELLED' | 'FAILED' | 'PENDING' | 'COMPLETED';
  amount?: PayPalMoney;
  invoice_id?: string;
  links?: PayPalLink[];
}

/** PayPal's error body (HTTP 4xx/5xx). */
export interface PayPalErrorBody {
  name: string;
  message: string;
  debug_id?: string;
  details?: { issue: string; description?: string; field?: string; location?: string }[];
  links?: PayPalLink[];
}

export interface PayPalTokenResponse {
  scope?: string;
  access_token: string;
  token_type: 'Bearer';
  app_id?: string;
  expires_in: number;
  nonce?: string;
}

/** The first issue of an error body (ORDER_ALREADY_CAPTURED), else its name (RESOURCE_NOT_FOUND). */
export function errorIssue(body: PayPalErrorBody | null | undefined): string {
  return body?.details?.[0]?.issue ?? body?.name ?? 'UNKNOWN_ERROR';
}

export function approveLink(order: PayPalOrder): string | null {
  return order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;
}

export function firstCapture(order: PayPalOrder): PayPalCapture | null {
  return order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// The spec's error keys (checkout.md section 8).

export type SpecErrorKey =
  | 'default'
  | 'GenericCardProblem'
  | 'GenericAccountProblem'
  | 'GenericSystemProblem'
  | 'InsufficientCardFunds'
  | 'InvalidCardNumber'
  | 'ContactCardIssuer'
  | 'BannedCustomer';

/** An Orders v2 issue (422 details[0].issue) -> the spec's error key. */
export function errorKeyForIssue(issue: string): SpecErrorKey {
  switch (issue) {
    case 'INSTRUMENT_DECLINED':
    case 'PAYER_CANNOT_PAY':
    case 'PAYER_ACCOUNT_RESTRICTED':
    case 'PAYER_ACCOUNT_LOCKED_OR_CLOSED':
    case 'TRANSACTION_LIMIT_EXCEEDED':
    case 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED':
    case 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING':
      return 'GenericAccountProblem';
    case 'CARD_EXPIRED':
    case 'CARD_TYPE_NOT_SUPPORTED':
      return 'GenericCardProblem';
    case 'PAYEE_BLOCKED_TRANSACTION':
    case 'TRANSACTION_BLOCKED_BY_PAYEE':
    case 'COMPLIANCE_VIOLATION':
      return 'BannedCustomer';
    case 'INTERNAL_SERVER_ERROR':
    case 'SERVICE_UNAVAILABLE':
      return 'GenericSystemProblem';
    default:
      return 'default';
  }
}

/**
 * A card capture's processor_response.response_code (status DECLINED) -> the spec's error key.
 * Codes as PayPal's sandbox rejection triggers answer them (card-testing page).
 */
export function errorKeyForProcessorCode(code: string | undefined): SpecErrorKey {
  switch (code) {
    case '5120': // INSUFFICIENT_FUNDS (CCREJECT-IF)
      return 'InsufficientCardFunds';
    case '5180': // INVALID_OR_RESTRICTED_CARD (CCREJECT-IRC)
    case '1330': // INVALID_ACCOUNT (CCREJECT-IA)
      return 'InvalidCardNumber';
    case '5400': // EXPIRED_CARD (CCREJECT-EC)
    case '00N7': // CVV2_FAILURE (CCREJECT-CVV_F)
      return 'GenericCardProblem';
    case '0500': // DO_NOT_HONOR (CCREJECT-REFUSED)
    case '9500': // SUSPECTED_FRAUD (CCREJECT-SF)
    case '9520': // LOST_OR_STOLEN (CCREJECT-LS)
      return 'ContactCardIssuer';
    case '5100': // GENERIC_DECLINE (CCREJECT-BANK_ERROR)
      return 'GenericAccountProblem';
    default:
      return 'default';
  }
}

// ---------------------------------------------------------------------------------------------
// Webhooks.

export const PAYPAL_WEBHOOK_HEADERS = {
  transmissionId: 'paypal-transmission-id',
  transmissionTime: 'paypal-transmission-time',
  transmissionSig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

export interface PayPalWebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export interface PayPalWebhookEvent {
  id: string;
  event_version?: string;
  create_time?: string;
  resource_type?: string;
  event_type: string;
  summary?: string;
  resource: Record<string, unknown>;
  links?: PayPalLink[];
}

export interface PayPalVerifyWebhookRequest {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

/** The five transmission headers (any case), or null when one is missing. */
export function webhookHeadersFrom(
  headers: Record<string, string | string[] | undefined>,
): PayPalWebhookHeaders | null {
  const lower: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) lower[k.toLowerCase()] = Array.isArray(v) ? (v[0] ?? '') : v;
  const out = {
    transmissionId: lower[PAYPAL_WEBHOOK_HEADERS.transmissionId],
    transmissionTime: lower[PAYPAL_WEBHOOK_HEADERS.transmissionTime],
    transmissionSig: lower[PAYPAL_WEBHOOK_HEADERS.transmissionSig],
    certUrl: lower[PAYPAL_WEBHOOK_HEADERS.certUrl],
    authAlgo: lower[PAYPAL_WEBHOOK_HEADERS.authAlgo],
  };
  if (Object.values(out).some((v) => !v)) return null;
  return out as PayPalWebhookHeaders;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as zlib) of the raw body, unsigned decimal as PayPal signs it. */
export function crc32(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The string PayPal signs for a webhook: `transmission_id|transmission_time|webhook_id|crc32(raw body)`. */
export function webhookSignedString(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  rawBody: string | Uint8Array,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(rawBody)}`;
}

/**
 * Offline verification (PayPal's alternative to the verify API): RSA-SHA256 of the signed string
 * with the public key of the certificate at PAYPAL-CERT-URL. The caller fetches the certificate,
 * and must pin its host (api.paypal.com / api.sandbox.paypal.com) before trusting it.
 */
export function verifyWebhookSignatureOffline(
  headers: PayPalWebhookHeaders,
  rawBody: string | Uint8Array,
  webhookId: string,
  publicKeyOrCertPem: string,
): boolean {
  if (headers.authAlgo !== 'SHA256withRSA') return false;
  try {
    const verifier = createVerify('RSA-SHA256');
    verifier.update(webhookSignedString(headers.transmissionId, headers.transmissionTime, webhookId, rawBody));
    return verifier.verify(publicKeyOrCertPem, Buffer.from(headers.transmissionSig, 'base64'));
  } catch {
    return false;
  }
}

/** What a webhook is about, for the shop: never believed until verified, and re-read from PayPal. */
export interface PayPalWebhookSubject {
  eventId: string;
  eventType: string;
  orderId: string | null;
  captureId: string | null;
  /** Our tracking number (reference_id of an order resource, custom_id/invoice_id of a capture). */
  trackingNumber: string | null;
}

export function webhookSubject(event: PayPalWebhookEvent): PayPalWebhookSubject {
  const r = event.resource as Record<string, unknown> & {
    purchase_units?: { reference_id?: string; custom_id?: string }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
  const id = typeof r.id === 'string' ? r.id : null;
  if (event.resource_type === 'checkout-order' || event.event_type.startsWith('CHECKOUT.ORDER.')) {
    const unit = r.purchase_units?.[0];
    return {
      eventId: event.id,
      eventType: event.event_type,
      orderId: id,
      captureId: null,
      trackingNumber: unit?.reference_id ?? unit?.custom_id ?? null,
    };
  }
  const custom = typeof r.custom_id === 'string' ? r.custom_id : typeof r.invoice_id === 'string' ? r.invoice_id : null;
  return {
    eventId: event.id,
    eventType: event.event_type,
    orderId: r.supplementary_data?.related_ids?.order_id ?? null,
    captureId: id,
    trackingNumber: custom,
  };
}

// ---------------------------------------------------------------------------------------------
// When PayPal and pay later are offered (checkout.md sections 4, 5, 7).

export const PAYPAL_MIXED_DELIVERY_MESSAGE =
  'Sorry, to use PayPal, you cannot have a mix of pick up and posted items in the same checkout due to their policies. Consider splitting up your purchase into 2 transactions.';
export const PAYPAL_MULTIPLE_ADDRESSES_MESSAGE =
  'This option is not available if you enter more than one shipping address. Due to PayPal policies you can not have more than one shipping address in the same order. Please consider splitting your order.';
export const PAYPAL_STORE_PICKUP_MESSAGE =
  'PayPal is not available for instore collection, please contact the store for more information.';

export interface PayPalAvailabilityInput {
  /** The chosen delivery: store pickup, one postage address, or split per store; null when none chosen yet. */
  delivery: 'pickup' | 'postage' | 'split' | null;
  /** True when store pickup is the only delivery the cart allows. */
  pickupIsOnlyOption?: boolean;
  /** Split postage: each store's shipment, pickup or posted to an address (compared by a normalised key). */
  splitShipments?: { pickup: boolean; addressKey: string | null }[];
}

/** The spec's message saying why PayPal cannot pay for this checkout, or null when it can. */
export function paypalRefusal(input: PayPalAvailabilityInput): string | null {
  if (input.delivery === 'pickup' || (input.delivery === null && input.pickupIsOnlyOption))
    return PAYPAL_STORE_PICKUP_MESSAGE;
  if (input.delivery === 'split') {
    const shipments = input.splitShipments ?? [];
    const pickups = shipments.filter((s) => s.pickup).length;
    const posted = shipments.filter((s) => !s.pickup);
    if (pickups > 0 && posted.length > 0) return PAYPAL_MIXED_DELIVERY_MESSAGE;
    if (posted.length === 0 && pickups > 0) return PAYPAL_STORE_PICKUP_MESSAGE;
    const addresses = new Set(posted.map((s) => (s.addressKey ?? '').trim().toLowerCase().replace(/\s+/g, ' ')));
    if (addresses.size > 1) return PAYPAL_MULTIPLE_ADDRESSES_MESSAGE;
  }
  return null;
}

export type PayLaterRegion = 'AU' | 'UK';

/** Pay later amount range in minor units including postage, and the caption the page shows. */
export const PAY_LATER_RANGES: Record<PayLaterRegion, { minMinor: number; maxMinor: number; caption: string }> = {
  AU: {
    minMinor: 3_000,
    maxMinor: 200_000,
    caption: 'Pay in 4 interest-free payments on purchases from $30 to $2,000.',
  },
  UK: {
    minMinor: 3_000,
    maxMinor: 200_000,
    caption: 'Pay in 3 interest-free payments on purchases from £30 to £2,000.',
  },
};

export function payLaterEligible(region: PayLaterRegion, totalMinor: number): boolean {
  const range = PAY_LATER_RANGES[region];
  return totalMinor >= range.minMinor && totalMinor <= range.maxMinor;
}

/** PaymentMethodParameters for the PayPal option (checkout.md section 3). */
export function payLaterParameters(region: PayLaterRegion): { Parameter: string; Value: string }[] {
  const range = PAY_LATER_RANGES[region];
  return [
    { Parameter: 'PayLaterCaption', Value: range.caption },
    { Parameter: 'PayLaterAmountRangeMin', Value: minorToValue(range.minMinor) },
    { Parameter: 'PayLaterAmountRangeMax', Value: minorToValue(range.maxMinor) },
  ];
}

/** Idempotency keys (PayPal-Request-Id) derived from our attempt, so a retry is the same request. */
export const paypalRequestId = {
  create: (tracking: string) => `${tracking}:create`,
  capture: (tracking: string) => `${tracking}:capture`,
  /** A whole refund by its amount; a partial one (an item) by the caller's key, so equal amounts stay two refunds. */
  refund: (tracking: string, amountMinor: number, key?: string) =>
    key ? `${tracking}:refund:${key}` : `${tracking}:refund:${amountMinor}`,
};
