/**
 * Global Payments (Realex) HPP and XML API: wire shapes and pure functions. No I/O here.
 *
 * Sources (public documentation and SDKs):
 * - HPP request fields and hash: realexpayments/rxp-hpp-java src/main/java/com/realexpayments/hpp/sdk/domain/HppRequest.java,
 *   realexpayments/rxp-hpp-php src/main/php/com-realexpayments-hpp-sdk/utils/GenerationUtils.php
 *   (vector `20120926112654.thestore.ORD453-11.29900.EUR` secret `mysecret`),
 *   globalpayments/node-sdk src/Gateways/RealexConnector.ts (serializeRequest, manageTransaction, generateHash).
 * - HPP response fields and hash: realexpayments/rxp-hpp-php test/main/resources/sample-json/hpp-response-valid.json,
 *   globalpayments/dotnet-sdk tests/GlobalPayments.Api.Tests/GpEcom/GpEcomHppResponseTest.cs (results 00/101/102/103).
 * - Form endpoint https://pay.sandbox.realexpayments.com/pay (live https://pay.realexpayments.com/pay):
 *   globalpayments/rxp-js lib/rxp-hpp.js; XML API https://api.sandbox.realexpayments.com/epage-remote.cgi
 *   (live https://api.realexpayments.com/epage-remote.cgi): globalpayments/node-sdk.
 * - settle/void/rebate hashes: activemerchant/active_merchant lib/active_merchant/billing/gateways/realex.rb and
 *   node-sdk RealexConnector.manageTransaction; 501 duplicate text: published response samples.
 * - HPP_CUSTOMER_FIRSTNAME/LASTNAME, HPP_ADDRESS_MATCH_INDICATOR, PM_METHODS: globalpayments SDK HostedService serializers.
 * - Test cards: simpleweb/RealEx TestCards.md and https://developer.globalpay.com/resources/test-card-numbers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const GLOBALPAY_HPP_URL = {
  sandbox: 'https://pay.sandbox.realexpayments.com/pay',
  live: 'https://pay.realexpayments.com/pay',
};
export const GLOBALPAY_API_URL = {
  sandbox: 'https://api.sandbox.realexpayments.com/epage-remote.cgi',
  live: 'https://api.realexpayments.com/epage-remote.cgi',
};

export type HashAlgorithm = 'sha1' | 'sha256';
/** The form field (HPP) carrying the hash for each algorithm; the XML API uses the lower-case name. */
export const HASH_FIELD: Record<HashAlgorithm, 'SHA1HASH' | 'SHA256HASH'> = { sha1: 'SHA1HASH', sha256: 'SHA256HASH' };

/** ISO 3166 numeric code of the United Kingdom (HPP_BILLING_COUNTRY). */
export const UK_COUNTRY_NUMERIC = '826';

function digest(algorithm: HashAlgorithm, text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex');
}

/** Global Payments' construction: hash( hash(fields joined by '.') + '.' + secret ), lower-case hex. */
export function gpHash(
  fields: readonly (string | null | undefined)[],
  secret: string,
  algorithm: HashAlgorithm = 'sha1',
) {
  return digest(algorithm, `${digest(algorithm, fields.map((f) => f ?? '').join('.'))}.${secret}`);
}

/** HPP request: TIMESTAMP.MERCHANT_ID.ORDER_ID.AMOUNT.CURRENCY. */
export function hppRequestHash(
  f: { TIMESTAMP: string; MERCHANT_ID: string; ORDER_ID: string; AMOUNT: string; CURRENCY: string },
  secret: string,
  algorithm: HashAlgorithm = 'sha1',
): string {
  return gpHash([f.TIMESTAMP, f.MERCHANT_ID, f.ORDER_ID, f.AMOUNT, f.CURRENCY], secret, algorithm);
}

/** HPP response and XML responses: TIMESTAMP.MERCHANT_ID.ORDER_ID.RESULT.MESSAGE.PASREF.AUTHCODE. */
export function responseHash(
  f: {
    timestamp: string;
    merchantId: string;
    orderId: string;
    result: string;
    message: string;
    pasref: string;
    authcode: string;
  },
  secret: string,
  algorithm: HashAlgorithm = 'sha1',
): string {
  return gpHash([f.timestamp, f.merchantId, f.orderId, f.result, f.message, f.pasref, f.authcode], secret, algorithm);
}

/** Constant-time comparison of two hex digests (case-insensitive). */
export function sameDigest(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase()));
}

/** yyyyMMddHHmmss (UTC). */
export function gpTimestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}`;
}

const digitsOf = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');

/**
 * BILLING_CODE for address verification: "<postcode digits>|<street number digits>" (the street number is
 * the first run of digits on the first address line that has one). "M1 1AE", "10 Downing St" -> "11|10".
 */
export function billingCode(postCode: string, line1: string | null | undefined, line2?: string | null): string {
  const street = /\d+/.exec(line1 ?? '')?.[0] ?? /\d+/.exec(line2 ?? '')?.[0] ?? '';
  return `${digitsOf(postCode)}|${street}`;
}

/**
 * HPP_CUSTOMER_PHONENUMBER_MOBILE: "<country code>|<number>", no spaces (pattern
 * ^([0-9 +]){1,3}(\|){0,1}([0-9 +]){1,15}$). A UK number typed as "07911 123456" -> "44|7911123456".
 */
export function hppMobile(phone: string, countryCode = '44'): string {
  let number = phone.replace(/[\s()-]/g, '');
  if (number.startsWith('+')) {
    number = number.slice(1);
    if (number.startsWith(countryCode)) number = number.slice(countryCode.length);
  } else if (number.startsWith(`00${countryCode}`)) number = number.slice(2 + countryCode.length);
  else if (number.startsWith('0')) number = number.slice(1);
  return `${countryCode}|${number.replace(/\D/g, '').slice(0, 15)}`;
}

export const HPP_MOBILE_PATTERN = /^([0-9 +]){1,3}(\|){0,1}([0-9 +]){1,15}$/;
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;

/** 3DS2 account age/change indicators as Global Payments names them (AgeIndicator in their SDKs). */
export type AgeIndicator =
  | 'NO_ACCOUNT'
  | 'THIS_TRANSACTION'
  | 'LESS_THAN_30_DAYS'
  | '30_TO_60_DAYS'
  | 'MORE_THAN_60_DAYS';

export function ageIndicator(since: Date | null, now: Date): AgeIndicator {
  if (!since) return 'NO_ACCOUNT';
  const days = (now.getTime() - since.getTime()) / 86_400_000;
  if (days < 1) return 'THIS_TRANSACTION';
  if (days < 30) return 'LESS_THAN_30_DAYS';
  if (days <= 60) return '30_TO_60_DAYS';
  return 'MORE_THAN_60_DAYS';
}

/** yyyyMMdd (UTC), as the 3DS2 date fields want. */
export const gpDate = (date: Date | null) => (date ? gpTimestamp(date).slice(0, 8) : '');

/** What building the HPP form needs beyond the port's AttemptContext. */
export interface HppInput {
  timestamp: string;
  merchantId: string;
  account: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  customerNumber: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  billing: { line1: string; line2?: string | null; city?: string | null; postCode: string };
  /** TRUE when the delivery address is the billing address (HPP_ADDRESS_MATCH_INDICATOR). */
  shippingMatchesBilling: boolean;
  responseUrl: string;
  /** The shop's origin, where the frame posts its resize and response messages (HPP_POST_DIMENSIONS/RESPONSE). */
  shopOrigin: string;
  /** Cards plus PayPal only when postage is paid and PayPal is not disabled. */
  payPal: boolean;
  comment?: string;
}

/** The HPP form fields in the order the form posts them (all strings; HPP version 2 sends them unencoded). */
export function hppFormFields(
  input: HppInput,
  secret: string,
  algorithm: HashAlgorithm = 'sha1',
): Record<string, string> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0)
    throw new RangeError('amount must be integer minor units');
  if (!ORDER_ID_PATTERN.test(input.orderId)) throw new RangeError('ORDER_ID must be 1-50 of A-Z a-z 0-9 _ -');
  const core = {
    TIMESTAMP: input.timestamp,
    MERCHANT_ID: input.merchantId,
    ACCOUNT: input.account,
    ORDER_ID: input.orderId,
    AMOUNT: String(input.amountMinor),
    CURRENCY: input.currency,
  };
  return {
    ...core,
    AUTO_SETTLE_FLAG: '0',
    HPP_VERSION: '2',
    HPP_CHANNEL: 'ECOM',
    HPP_LANG: 'GB',
    CUST_NUM: input.customerNumber,
    COMMENT1: input.comment ?? '',
    HPP_CUSTOMER_EMAIL: input.email,
    HPP_CUSTOMER_FIRSTNAME: input.firstName.trim().slice(0, 13),
    HPP_CUSTOMER_LASTNAME: input.lastName.trim().slice(0, 18),
    HPP_CUSTOMER_PHONENUMBER_MOBILE: hppMobile(input.phone),
    HPP_BILLING_STREET1: (input.billing.line1 ?? '').slice(0, 50),
    HPP_BILLING_STREET2: (input.billing.line2 ?? '').slice(0, 50),
    HPP_BILLING_CITY: (input.billing.city ?? '').slice(0, 40),
    HPP_BILLING_POSTALCODE: input.billing.postCode.slice(0, 16),
    HPP_BILLING_COUNTRY: UK_COUNTRY_NUMERIC,
    HPP_ADDRESS_MATCH_INDICATOR: input.shippingMatchesBilling ? 'TRUE' : 'FALSE',
    BILLING_CODE: billingCode(input.billing.postCode, input.billing.line1, input.billing.line2),
    BILLING_CO: 'GB',
    PM_METHODS: input.payPal ? 'cards|paypal' : 'cards',
    MERCHANT_RESPONSE_URL: input.responseUrl,
    HPP_POST_DIMENSIONS: input.shopOrigin,
    HPP_POST_RESPONSE: input.shopOrigin,
    [HASH_FIELD[algorithm]]: hppRequestHash(core, secret, algorithm),
  };
}

/** The spec's error keys (checkout.md section 8) that a card result maps to; null means success. */
export type CardErrorKey =
  | 'default'
  | 'GenericCardProblem'
  | 'GenericAccountProblem'
  | 'GenericSystemProblem'
  | 'InsufficientCardFunds'
  | 'InvalidCardNumber'
  | 'ContactCardIssuer'
  | 'UnsupportedCardType';

/**
 * RESULT -> error key. 00 success; 101 declined by the bank; 102 referral B and 103 referral A (lost or stolen:
 * the shopper must call the issuer); 107 fraud checks; other 1xx bank; 2xx bank communication; 3xx gateway;
 * 5xx our request (format, hash, duplicate order): never the shopper's fault, so the default message.
 * HPP validates the card number, expiry and CVN on its own page, so InvalidCardNumber never reaches us.
 */
export function resultErrorKey(result: string): CardErrorKey | null {
  if (result === '00') return null;
  if (result === '101') return 'GenericAccountProblem';
  if (result === '102' || result === '103') return 'ContactCardIssuer';
  if (result === '107') return 'GenericAccountProblem';
  if (/^1\d\d$/.test(result)) return 'GenericCardProblem';
  if (/^[23]\d\d$/.test(result)) return 'GenericSystemProblem';
  return 'default';
}

/** Result codes the sandbox uses for state errors (Global Payments documents 5xx as request/format/state errors). */
export const RESULT = {
  ok: '00',
  declined: '101',
  duplicateOrder: '501',
  hashMismatch: '505',
  badField: '506',
  notFound: '508',
  alreadyDone: '512',
  badAmount: '513',
} as const;

// ---------------------------------------------------------------- XML API (flat documents)

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_m, name: string) => {
    if (name.startsWith('#')) return String.fromCharCode(Number(name.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? '';
  });

export interface XmlElement {
  text: string;
  attrs: Record<string, string>;
}
export interface FlatXml {
  root: string;
  attrs: Record<string, string>;
  children: Record<string, XmlElement>;
}

function parseAttrs(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attrs[m[1] as string] = unescapeXml(m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * Reads a Realex request or response: one root with flat children (<amount currency="GBP">1999</amount>,
 * CDATA or escaped text). Nested children (comments, tssinfo) are kept as their raw text.
 */
export function parseFlatXml(xml: string): FlatXml {
  const body = xml.replace(/<\?xml[^>]*\?>/, '').trim();
  const rootMatch = /^<([A-Za-z_][\w-]*)([^>]*)>([\s\S]*)<\/\1>$/.exec(body);
  if (!rootMatch) throw new SyntaxError('not a single-root XML document');
  const children: Record<string, XmlElement> = {};
  const inner = rootMatch[3] ?? '';
  for (const m of inner.matchAll(/<([A-Za-z_][\w-]*)([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
    const raw = m[3] ?? '';
    const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(raw);
    children[(m[1] as string).toLowerCase()] = {
      text: cdata ? (cdata[1] ?? '') : unescapeXml(raw.trim()),
      attrs: parseAttrs(m[2] ?? ''),
    };
  }
  return { root: rootMatch[1] as string, attrs: parseAttrs(rootMatch[2] ?? ''), children };
}

export function buildXml(
  root: string,
  attrs: Record<string, string>,
  children: [name: string, text: string, attrs?: Record<string, string>][],
): string {
  const attrText = (a: Record<string, string>) =>
    Object.entries(a)
      .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
      .join('');
  const body = children.map(([name, text, a]) => `<${name}${attrText(a ?? {})}>${escapeXml(text)}</${name}>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><${root}${attrText(attrs)}>${body}</${root}>`;
}

export type ApiRequestType = 'settle' | 'void' | 'rebate' | 'query';

export interface ApiRequestInput {
  type: ApiRequestType;
  timestamp: string;
  merchantId: string;
  account: string;
  orderId: string;
  pasref?: string;
  authcode?: string;
  amountMinor?: number;
  currency?: string;
  /** rebate only: sha1 of the rebate password. */
  refundHash?: string;
}

/**
 * The request hash for management requests: TIMESTAMP.MERCHANT_ID.ORDER_ID.AMOUNT.CURRENCY.(payer ref, blank);
 * void and query carry no amount: TIMESTAMP.MERCHANT_ID.ORDER_ID...
 */
export function apiRequestHash(r: ApiRequestInput, secret: string, algorithm: HashAlgorithm = 'sha1'): string {
  const withAmount = r.type === 'settle' || r.type === 'rebate';
  return gpHash(
    [
      r.timestamp,
      r.merchantId,
      r.orderId,
      withAmount ? String(r.amountMinor ?? '') : '',
      withAmount ? (r.currency ?? '') : '',
      '',
    ],
    secret,
    algorithm,
  );
}

export function apiRequestXml(r: ApiRequestInput, secret: string, algorithm: HashAlgorithm = 'sha1'): string {
  const children: [string, string, Record<string, string>?][] = [
    ['merchantid', r.merchantId],
    ['account', r.account],
    ['orderid', r.orderId],
  ];
  if (r.pasref) children.push(['pasref', r.pasref]);
  if (r.authcode) children.push(['authcode', r.authcode]);
  if ((r.type === 'settle' || r.type === 'rebate') && r.amountMinor !== undefined) {
    children.push(['amount', String(r.amountMinor), { currency: r.currency ?? '' }]);
  }
  if (r.type === 'rebate') children.push(['refundhash', r.refundHash ?? '']);
  children.push([`${algorithm}hash`, apiRequestHash(r, secret, algorithm)]);
  return buildXml('request', { type: r.type, timestamp: r.timestamp }, children);
}

export interface ApiResponse {
  timestamp: string;
  merchantId: string;
  account: string;
  orderId: string;
  result: string;
  message: string;
  pasref: string;
  authcode: string;
  batchId: string;
  hash: string | null;
  amountMinor: number | null;
  currency: string | null;
}

export function readApiResponse(xml: string, algorithm: HashAlgorithm = 'sha1'): ApiResponse {
  const doc = parseFlatXml(xml);
  if (doc.root !== 'response') throw new SyntaxError(`expected <response>, got <${doc.root}>`);
  const t = (name: string) => doc.children[name]?.text ?? '';
  const amount = doc.children.amount;
  return {
    timestamp: doc.attrs.timestamp ?? '',
    merchantId: t('merchantid'),
    account: t('account'),
    orderId: t('orderid'),
    result: t('result'),
    message: t('message'),
    pasref: t('pasref'),
    authcode: t('authcode'),
    batchId: t('batchid'),
    hash: doc.children[`${algorithm}hash`]?.text ?? null,
    amountMinor: amount && /^\d+$/.test(amount.text) ? Number(amount.text) : null,
    currency: amount?.attrs.currency ?? null,
  };
}

/** A signed response verifies; an unsigned one is acceptable only for 5xx request errors (GP signs no such reply). */
export function apiResponseTrusted(r: ApiResponse, secret: string, algorithm: HashAlgorithm = 'sha1'): boolean {
  if (r.hash === null || r.hash === '') return /^5\d\d$/.test(r.result);
  return sameDigest(r.hash, responseHash(r, secret, algorithm));
}

// ---------------------------------------------------------------- the merchant's page inside the frame

/**
 * The HTML our MERCHANT_RESPONSE_URL answers with. Global Payments shows it inside the frame on its own
 * origin, so its message to the shop comes from the action URL's host (the only origin the page accepts).
 * The message is a JSON string {confirmationUrl} on success or {error} (an error key) otherwise.
 */
export function merchantResponsePage(input: {
  shopOrigin: string;
  confirmationUrl?: string;
  errorKey?: string;
}): string {
  const message = JSON.stringify(
    input.confirmationUrl ? { confirmationUrl: input.confirmationUrl } : { error: input.errorKey ?? 'default' },
  );
  const js = `window.parent.postMessage(${JSON.stringify(message)}, ${JSON.stringify(input.shopOrigin)});`.replace(
    /</g,
    '\\u003c',
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>Payment</title></head><body><p>${
    input.confirmationUrl ? 'Payment received. Taking you to your order…' : 'The payment did not go through.'
  }</p><script>${js}</script></body></html>`;
}
