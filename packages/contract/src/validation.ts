import { z } from 'zod';

/**
 * The spec's shared validation rules (storefront.md section 5) as zod pieces with their exact
 * messages, so a form and the server check a field the same way.
 */

export const REQUIRED_MESSAGE = 'This field is required';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** isRequired: non-blank after trimming. */
export function requiredText(message = REQUIRED_MESSAGE) {
  return z.string({ message }).trim().min(1, message);
}

/** CR, LF and the Unicode line breaks (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR). */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export function isSingleLine(value: string): boolean {
  return !LINE_BREAK.test(value);
}

/**
 * A required one-line field (a name, an e-mail address): non-blank after trimming, and no line
 * break anywhere, not even one trimming would remove. Such values are written into plain-text
 * e-mails and headers, where a line break could forge a line. A blank value is only "required";
 * a line break stops further checks, so the shopper sees one message.
 */
export function singleLineText(lineMessage: string, message = REQUIRED_MESSAGE) {
  return z
    .string({ message })
    .refine((value) => isSingleLine(value) || value.trim() === '', { message: lineMessage, abort: true })
    .trim()
    .min(1, message);
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** email: one @, a local part of up to 64 allowed symbols, a domain of up to 255 with labels of up to 63. */
export function isValidEmail(value: string): boolean {
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (domain.length === 0 || domain.length > 255) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label));
}

export const EMAIL_SINGLE_LINE_MESSAGE = 'Please enter your email address on a single line.';

/** Required, on one line, and valid. */
export function emailAddress() {
  return singleLineText(EMAIL_SINGLE_LINE_MESSAGE).refine(isValidEmail, EMAIL_MESSAGE);
}

/** The largest PostgreSQL `integer`: every serial id fits in 1..2147483647. */
export const DATABASE_ID_MAX = 2_147_483_647;

/**
 * A record's serial id from a query string or body: a whole number in 1..2147483647, so an id
 * the database column cannot hold is a 400 naming the field and never reaches a query.
 */
export function databaseId(message: string) {
  const once = { message, abort: true };
  return z.coerce.number({ message }).int(once).min(1, once).max(DATABASE_ID_MAX, once);
}

/** Errors on one field are shown joined with '. '. */
export function joinFieldErrors(messages: string[]): string {
  // Some of the spec's messages end with a full stop; the joint must not double it.
  return messages.map((message, i) => (i < messages.length - 1 ? message.replace(/\.$/, '') : message)).join('. ');
}
