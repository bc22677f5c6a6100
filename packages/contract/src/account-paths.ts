/**
 * The account's small pure helpers that pages outside the account area need (the product page's
 * greeting, the login guard's return path). Kept apart from account.ts so importing them does not
 * pull the account forms' schemas (zod, libphonenumber) into every page's JavaScript.
 */

/** Names over this length are shortened for the product page's greeting (storefront.md section 4). */
const GREETING_NAME_MAX = 14;

/** The product page's greeting name: 14 characters at most, else the first 13 and an ellipsis. */
export function greetingName(name: string): string {
  return name.length > GREETING_NAME_MAX ? `${name.slice(0, GREETING_NAME_MAX - 1)}…` : name;
}

/** Where the login page sends the shopper afterwards: a path on this site only, never another site. */
export function safeReturnPath(value: string | null | undefined, fallback = '/my-account'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/^\/(login|register|logout|forgot-password|reset-password)(\/|\?|$)/.test(value)) return fallback;
  return value;
}
