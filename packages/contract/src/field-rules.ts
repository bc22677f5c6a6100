/**
 * The spec's field rules and messages (storefront.md section 5) that need no schema library: what a
 * form shows and how it joins errors. The zod pieces built on them are in validation.ts.
 */

export const REQUIRED_MESSAGE = 'This field is required';
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** CR, LF and the Unicode line breaks (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR). */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export function isSingleLine(value: string): boolean {
  return !LINE_BREAK.test(value);
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

/** The largest PostgreSQL `integer`: every serial id fits in 1..2147483647. */
export const DATABASE_ID_MAX = 2_147_483_647;

/** Errors on one field are shown joined with '. '. */
export function joinFieldErrors(messages: string[]): string {
  // Some of the spec's messages end with a full stop; the joint must not double it.
  return messages.map((message, i) => (i < messages.length - 1 ? message.replace(/\.$/, '') : message)).join('. ');
}
