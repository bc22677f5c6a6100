/**
 * Eway Rapid v3: wire shapes and pure functions (no I/O). Shared by the adapter (what production
 * sends) and the sandbox (what plays Eway's side), so both speak one vocabulary.
 *
 * Sources (public):
 * - API reference, endpoints and fields: https://eway.io/api-v3/ (Responsive Shared Page,
 *   "Query a transaction", "Refunds", "Response codes", "Testing").
 * - Official Node SDK, paths and fixtures: https://github.com/eWAYPayment/eway-rapid-node
 *   (lib/Rapid/Service.js: AccessCodesShared, AccessCode/:accessCode, Transaction/InvoiceRef/:invoiceReference,
 *   Transaction/:transactionId/Refund; tests/data/request.js and response.js: request and response bodies;
 *   locale/en.json: every response and error code with its text).
 * - PHP SDK query response model: https://github.com/eWAYPayment/eway-rapid-php
 *   (src/Rapid/Model/Response/QueryAccessCodeResponse.php).
 * - Browser script: https://secure.ewaypayments.com/scripts/eCrypt.js, `eCrypt.showModalPayment({ sharedPaymentUrl },
 *   resultCallback(result, transactionID, errors))` with result "Complete" | "Error" | "Cancel"
 *   (e.g. https://github.com/opencart/opencart upload/catalog/view/theme/theme_default/template/payment/eway_iframe.tpl).
 * - Test cards and sandbox modes: https://go.eway.io/s/article/Test-Credit-Card-Numbers (Visa 4444333322221111,
 *   Mastercard 5105105105105100; "Use Cents Value": the amount's cents choose the bank response code).
 */

// Eway's API lives at https://api.sandbox.ewaypayments.com (sandbox) and https://api.ewaypayments.com
// (production); EWAY_API_URL says which, and our own sandbox stands in for both here.
export const EWAY_SCRIPT_URL = 'https://secure.ewaypayments.com/scripts/eCrypt.js';

/** API paths, relative to the base URL (the Node SDK's Service.API_* constants). */
export const EWAY_PATHS = {
  accessCodesShared: () => '/AccessCodesShared',
  accessCode: (code: string) => `/AccessCode/${encodeURIComponent(code)}`,
  transaction: (id: number | string) => `/Transaction/${encodeURIComponent(String(id))}`,
  transactionByInvoiceRef: (ref: string) => `/Transaction/InvoiceRef/${encodeURIComponent(ref)}`,
  refund: (transactionId: number | string) => `/Transaction/${encodeURIComponent(String(transactionId))}/Refund`,
} as const;

/** Field limits from the API reference (longer values are refused with a V6xxx code). */
export const EWAY_LIMITS = {
  name: 50,
  email: 50,
  phone: 32,
  street: 50,
  city: 50,
  state: 50,
  postalCode: 30,
  invoiceNumber: 12,
  invoiceReference: 50,
  invoiceDescription: 64,
} as const;

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------

export interface EwayCustomer {
  Reference?: string;
  Title?: string;
  FirstName?: string;
  LastName?: string;
  Street1?: string;
  City?: string;
  State?: string;
  PostalCode?: string;
  /** ISO 3166-1 alpha-2, lower case ("au"). */
  Country?: string;
  Email?: string;
  Phone?: string;
}

export interface EwayPayment {
  /** Integer minor units (cents). */
  TotalAmount: number;
  InvoiceNumber?: string | null;
  InvoiceDescription?: string | null;
  InvoiceReference?: string | null;
  CurrencyCode?: string | null;
}

export interface CreateAccessCodeSharedRequest {
  Customer: EwayCustomer;
  Payment: EwayPayment;
  RedirectUrl: string;
  CancelUrl: string;
  Method: 'ProcessPayment';
  TransactionType: 'Purchase';
  CustomerReadOnly?: boolean;
  CustomerIP?: string;
  DeviceID?: string;
  PartnerID?: string;
}

export interface CreateAccessCodeSharedResponse {
  AccessCode: string | null;
  SharedPaymentUrl: string | null;
  FormActionURL: string | null;
  CompleteCheckoutURL: string | null;
  Customer?: EwayCustomer | null;
  Payment?: EwayPayment | null;
  /** Comma-separated codes ("V6011,V6068"), or null / "" when none. */
  Errors: string | null;
}

/** GET /AccessCode/{code}: the result of the payment made with that access code. */
export interface QueryAccessCodeResponse {
  AccessCode: string | null;
  AuthorisationCode: string | null;
  /** The bank's two-digit code ("00", "51"), null before the payment. */
  ResponseCode: string | null;
  /** Comma-separated Eway codes ("A2000", "D4405,F7003"; "S5099" while the access code is unused). */
  ResponseMessage: string | null;
  InvoiceNumber: string | null;
  InvoiceReference: string | null;
  TotalAmount: number | null;
  TransactionID: number | null;
  TransactionStatus: boolean;
  TokenCustomerID?: number | null;
  BeagleScore?: number | null;
  Options?: unknown[];
  Verification?: Record<string, number> | null;
  Errors: string | null;
}

export interface EwayTransaction {
  AuthorisationCode: string | null;
  ResponseCode: string | null;
  ResponseMessage: string | null;
  InvoiceNumber: string | null;
  InvoiceReference: string | null;
  TotalAmount: number;
  TransactionID: number;
  TransactionStatus: boolean;
  TokenCustomerID?: number | null;
  BeagleScore?: number | null;
}

export interface TransactionQueryResponse {
  Transactions: EwayTransaction[];
  Errors: string | null;
}

export interface RefundRequest {
  Refund: {
    TotalAmount: number;
    TransactionID?: number;
    InvoiceNumber?: string;
    InvoiceReference?: string;
    InvoiceDescription?: string;
    CurrencyCode?: string;
  };
}

export interface RefundResponse {
  AuthorisationCode: string | null;
  ResponseCode: string | null;
  ResponseMessage: string | null;
  /** The refund's own transaction ID. */
  TransactionID: number | null;
  TransactionStatus: boolean;
  Refund: { TransactionID: number | null; TotalAmount: number; InvoiceReference?: string | null } | null;
  Errors: string | null;
}

/** The browser script's result values (eCrypt.showModalPayment's callback). */
export const ECRYPT_RESULTS = ['Complete', 'Error', 'Cancel'] as const;
export type EcryptResult = (typeof ECRYPT_RESULTS)[number];

// ---------------------------------------------------------------------------------------------
// Pure functions
// ---------------------------------------------------------------------------------------------

/** HTTP Basic with the API key as user and the API password as password. */
export function basicAuthorization(apiKey: string, password: string): string {
  return `Basic ${Buffer.from(`${apiKey}:${password}`, 'utf8').toString('base64')}`;
}

/** Splits Eway's comma-separated code lists ("D4405,F7003", "V6011, V6068") into codes; null and "" give []. */
export function parseCodes(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
}

function truncate(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

export interface AccessCodeInput {
  amountMinor: number;
  currency: 'AUD';
  /** Our attempt's tracking number: Eway's InvoiceReference, the key every later query uses. */
  trackingNumber: string;
  /** The order's public reference (InvoiceNumber, at most 12 characters). */
  orderReference: string;
  description?: string;
  customer: { email: string; firstName: string; lastName: string; phone: string };
  redirectUrl: string;
  cancelUrl: string;
  customerIp?: string;
  partnerId?: string;
}

/**
 * The AccessCodesShared body for one attempt. Amount in integer cents; names and contact details
 * cut to Eway's limits; the phone without spaces (checkout.md section 5); the customer read-only
 * on Eway's page (we collected and validated those details already).
 */
export function buildAccessCodeSharedRequest(input: AccessCodeInput): CreateAccessCodeSharedRequest {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new RangeError('amountMinor must be a positive integer number of cents');
  if (input.trackingNumber.length === 0 || input.trackingNumber.length > EWAY_LIMITS.invoiceReference)
    throw new RangeError(`trackingNumber must be 1-${EWAY_LIMITS.invoiceReference} characters (Eway InvoiceReference)`);
  const request: CreateAccessCodeSharedRequest = {
    Customer: {
      FirstName: truncate(input.customer.firstName.trim(), EWAY_LIMITS.name),
      LastName: truncate(input.customer.lastName.trim(), EWAY_LIMITS.name),
      Email: truncate(input.customer.email.trim(), EWAY_LIMITS.email),
      Phone: truncate(input.customer.phone.replace(/\s+/g, ''), EWAY_LIMITS.phone),
      Country: 'au',
    },
    Payment: {
      TotalAmount: input.amountMinor,
      InvoiceNumber: truncate(input.orderReference, EWAY_LIMITS.invoiceNumber),
      InvoiceDescription: truncate(
        input.description ?? `Order ${input.orderReference}`,
        EWAY_LIMITS.invoiceDescription,
      ),
      InvoiceReference: input.trackingNumber,
      CurrencyCode: input.currency,
    },
    RedirectUrl: input.redirectUrl,
    CancelUrl: input.cancelUrl,
    Method: 'ProcessPayment',
    TransactionType: 'Purchase',
    CustomerReadOnly: true,
  };
  if (input.customerIp) request.CustomerIP = input.customerIp;
  if (input.partnerId) request.PartnerID = input.partnerId;
  return request;
}

export function buildRefundRequest(
  transactionId: number,
  amountMinor: number,
  invoiceReference?: string,
  currency = 'AUD',
): RefundRequest {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('amountMinor must be a positive integer number of cents');
  const refund: RefundRequest['Refund'] = {
    TotalAmount: amountMinor,
    TransactionID: transactionId,
    CurrencyCode: currency,
  };
  if (invoiceReference) refund.InvoiceReference = invoiceReference;
  return { Refund: refund };
}

// ---------------------------------------------------------------------------------------------
// Codes and the spec's error keys
// ---------------------------------------------------------------------------------------------

/** The error keys of checkout.md section 8 that a card payment can end in ('default' for anything else). */
export const EWAY_ERROR_KEYS = [
  'default',
  'GenericCardProblem',
  'GenericAccountProblem',
  'GenericSystemProblem',
  'InsufficientCardFunds',
  'InvalidCardNumber',
  'ContactCardIssuer',
  'UnsupportedCardType',
  'AustralianOrdersOnly',
  'BannedCustomer',
] as const;
export type EwayErrorKey = (typeof EWAY_ERROR_KEYS)[number];

/** What the shopper reads for each key (the spec's descriptions, as full sentences). */
export const EWAY_ERROR_MESSAGES: Record<EwayErrorKey, string> = {
  default: 'Sorry, an error has occurred, please try again soon.',
  GenericCardProblem: 'There was a problem with your card details. Please check them and try again.',
  GenericAccountProblem: 'Your payment was declined. Please check with your card issuer or use another card.',
  GenericSystemProblem:
    'Our payment provider is having temporary issues. Please try again in a few minutes; you have not been charged.',
  InsufficientCardFunds: 'Your payment was declined because of insufficient funds. Please use another card.',
  InvalidCardNumber: 'The card number is not valid. Please check it and try again.',
  ContactCardIssuer: 'Your card issuer declined this payment. Please contact your card issuer or use another card.',
  UnsupportedCardType: 'Sorry, we only accept Mastercard and Visa. Please pay with one of these cards.',
  AustralianOrdersOnly:
    'Sorry, we can only accept Australian orders and cards. If you are using a VPN, please turn it off and try again.',
  BannedCustomer: 'There was a problem processing your payment. Please contact us.',
};

/** The bank's two-digit response codes (ResponseCode, and the last two digits of D44xx / A20xx). */
const BANK_CODE_KEYS: Record<string, EwayErrorKey> = {
  '01': 'ContactCardIssuer', // Refer to Issuer
  '02': 'ContactCardIssuer', // Refer to Issuer, special
  '03': 'GenericSystemProblem', // No Merchant
  '04': 'ContactCardIssuer', // Pick Up Card
  '05': 'GenericAccountProblem', // Do Not Honour
  '06': 'GenericSystemProblem', // Error
  '07': 'ContactCardIssuer', // Pick Up Card, Special
  '12': 'GenericCardProblem', // Invalid Transaction
  '13': 'GenericCardProblem', // Invalid Amount
  '14': 'InvalidCardNumber', // Invalid Card Number
  '15': 'InvalidCardNumber', // No Issuer
  '19': 'GenericSystemProblem', // Re-enter Last Transaction
  '22': 'GenericSystemProblem', // Suspected Malfunction
  '30': 'GenericSystemProblem', // Format Error
  '31': 'UnsupportedCardType', // Bank Not Supported By Switch
  '33': 'GenericCardProblem', // Expired Card, Capture
  '34': 'BannedCustomer', // Suspected Fraud, Retain Card
  '36': 'ContactCardIssuer', // Restricted Card, Retain Card
  '38': 'ContactCardIssuer', // PIN Tries Exceeded, Capture
  '39': 'GenericAccountProblem', // No Credit Account
  '41': 'ContactCardIssuer', // Lost Card
  '43': 'ContactCardIssuer', // Stolen Card
  '51': 'InsufficientCardFunds', // Insufficient Funds
  '54': 'GenericCardProblem', // Expired Card
  '57': 'ContactCardIssuer', // Function Not Permitted to Cardholder
  '59': 'BannedCustomer', // Suspected Fraud
  '61': 'GenericAccountProblem', // Exceeds Withdrawal Limit
  '62': 'ContactCardIssuer', // Restricted Card
  '82': 'GenericCardProblem', // CVV Validation Error
  '91': 'GenericSystemProblem', // Card Issuer Unavailable
  '92': 'GenericSystemProblem', // Unable To Route Transaction
  '94': 'GenericSystemProblem', // Duplicate Transaction
  '96': 'GenericSystemProblem', // System Error
};

/** Approved bank codes (A2000, A2008, A2010, A2011, A2016). */
const APPROVED_BANK_CODES = new Set(['00', '08', '10', '11', '16']);

/** Validation codes that concern the card the shopper typed. */
const VALIDATION_CODE_KEYS: Record<string, EwayErrorKey> = {
  V6021: 'GenericCardProblem', // EWAY_CARDHOLDERNAME Required
  V6022: 'InvalidCardNumber', // EWAY_CARDNUMBER Required
  V6023: 'GenericCardProblem', // EWAY_CARDCVN Required
  V6033: 'GenericCardProblem', // Invalid Expiry Date
  V6100: 'GenericCardProblem', // Invalid EWAY_CARDNAME
  V6101: 'GenericCardProblem', // Invalid EWAY_CARDEXPIRYMONTH
  V6102: 'GenericCardProblem', // Invalid EWAY_CARDEXPIRYYEAR
  V6106: 'GenericCardProblem', // Invalid EWAY_CARDCVN
  V6110: 'InvalidCardNumber', // Invalid EWAY_CARDNUMBER
  V6153: 'UnsupportedCardType', // Card type not support by merchant
};

/** Beagle fraud codes about countries, proxies and VPNs: the shop takes Australian orders and cards only. */
const COUNTRY_FRAUD_CODES = new Set([
  'F7002', // Country Match Fraud
  'F7003', // High Risk Country Fraud
  'F7004', // Anonymous Proxy Fraud
  'F7005', // Transparent Proxy Fraud
  'F7007', // International Transaction Fraud
  'F9010', // High Risk Billing Country
  'F9011', // High Risk Credit Card Country
  'F9012', // High Risk Customer IP Address
  'F9014', // High Risk Shipping Country
  'F9113', // Card issuing country differs from IP address country
]);

/** The spec's error key for one Eway code, or null when the code is not an error (approved, in progress). */
export function ewayCodeKey(code: string): EwayErrorKey | null {
  const c = code.trim().toUpperCase();
  if (/^\d{2}$/.test(c)) return APPROVED_BANK_CODES.has(c) ? null : (BANK_CODE_KEYS[c] ?? 'GenericAccountProblem');
  if (/^A20\d{2}$/.test(c)) return null;
  if (/^D44\d{2}$/.test(c)) return BANK_CODE_KEYS[c.slice(3)] ?? 'GenericAccountProblem';
  if (/^F\d{4}$/.test(c)) return COUNTRY_FRAUD_CODES.has(c) ? 'AustralianOrdersOnly' : 'BannedCustomer';
  if (/^V6\d{3}$/.test(c)) return VALIDATION_CODE_KEYS[c] ?? 'default';
  if (c === 'S5099' || /^S508[5-8]$/.test(c)) return null; // in progress (access code unused, 3-D Secure, PayPal)
  if (/^S\d{4}$/.test(c)) return 'GenericSystemProblem';
  return 'default';
}

/** When several codes come back ("D4405,F7003"), the most telling one wins. */
const KEY_PRIORITY: EwayErrorKey[] = [
  'AustralianOrdersOnly',
  'BannedCustomer',
  'UnsupportedCardType',
  'InvalidCardNumber',
  'InsufficientCardFunds',
  'ContactCardIssuer',
  'GenericCardProblem',
  'GenericAccountProblem',
  'GenericSystemProblem',
  'default',
];

/**
 * The spec's error key for Eway's codes: a ResponseMessage list ("D4405,F7003"), an Errors list
 * ("V6110"), a bare bank ResponseCode ("51"), or an array of any of these. Null when nothing in it
 * is an error.
 */
export function ewayErrorKey(codes: string | readonly string[] | null | undefined): EwayErrorKey | null {
  const list = typeof codes === 'string' || codes == null ? parseCodes(codes) : codes.flatMap((c) => parseCodes(c));
  let best: EwayErrorKey | null = null;
  for (const code of list) {
    const key = ewayCodeKey(code);
    if (key && (best === null || KEY_PRIORITY.indexOf(key) < KEY_PRIORITY.indexOf(best))) best = key;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Reading a payment's result
// ---------------------------------------------------------------------------------------------

export type EwayOutcome = 'succeeded' | 'declined' | 'pending';

/** What an access-code query says of the payment, without any card or customer data. */
export interface EwayAccessCodeResult {
  accessCode: string;
  outcome: EwayOutcome;
  /** True only when Eway says the transaction succeeded (TransactionStatus). */
  succeeded: boolean;
  amountMinor: number | null;
  invoiceReference: string | null;
  invoiceNumber: string | null;
  responseCode: string | null;
  responseCodes: string[];
  transactionId: number | null;
  authorisationCode: string | null;
  /** The spec's error key when declined, else null. */
  errorKey: EwayErrorKey | null;
}

export function readAccessCodeResult(accessCode: string, body: QueryAccessCodeResponse): EwayAccessCodeResult {
  const responseCodes = parseCodes(body.ResponseMessage);
  const succeeded = body.TransactionStatus === true;
  // Unused access code: S5099 and no transaction yet. A transaction that exists is final.
  const pending =
    !succeeded && body.TransactionID == null && (responseCodes.length === 0 || responseCodes.includes('S5099'));
  const outcome: EwayOutcome = succeeded ? 'succeeded' : pending ? 'pending' : 'declined';
  return {
    accessCode,
    outcome,
    succeeded,
    amountMinor: typeof body.TotalAmount === 'number' ? body.TotalAmount : null,
    invoiceReference: body.InvoiceReference ?? null,
    invoiceNumber: body.InvoiceNumber ?? null,
    responseCode: body.ResponseCode ?? null,
    responseCodes,
    transactionId: body.TransactionID ?? null,
    authorisationCode: succeeded ? (body.AuthorisationCode ?? null) : null,
    errorKey:
      outcome === 'declined'
        ? (ewayErrorKey([...responseCodes, ...(body.ResponseCode ? [body.ResponseCode] : [])]) ?? 'default')
        : null,
  };
}

export type EwayCheckReason = 'ok' | 'declined' | 'pending' | 'amount-mismatch' | 'reference-mismatch';

/**
 * The only rule by which a card payment counts as paid: Eway says it succeeded, for exactly our
 * amount in cents, under our attempt's tracking number (InvoiceReference). The reference is
 * checked first: a result for someone else's attempt says nothing about ours.
 */
export function checkAgainstAttempt(
  result: Pick<EwayAccessCodeResult, 'outcome' | 'amountMinor' | 'invoiceReference'>,
  expected: { amountMinor: number; trackingNumber: string },
): EwayCheckReason {
  if (result.invoiceReference !== expected.trackingNumber) return 'reference-mismatch';
  if (result.outcome === 'pending') return 'pending';
  if (result.amountMinor !== expected.amountMinor) return 'amount-mismatch';
  return result.outcome === 'succeeded' ? 'ok' : 'declined';
}

/**
 * For the logerror route: what the browser sent, safe to log. Long digit runs (a card number a
 * shopper might paste anywhere) are masked, and the text is cut to a sane length.
 */
export function sanitizeErrorData(data: unknown, maxLength = 2000): string {
  let text: string;
  try {
    text = typeof data === 'string' ? data : JSON.stringify(data);
  } catch {
    text = String(data);
  }
  text = (text ?? '').replace(/\d(?:[ -]?\d){11,18}/g, '[digits removed]');
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
