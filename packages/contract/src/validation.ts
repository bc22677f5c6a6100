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

export function emailAddress() {
  return requiredText().refine(isValidEmail, EMAIL_MESSAGE);
}

/** Errors on one field are shown joined with '. '. */
export function joinFieldErrors(messages: string[]): string {
  return messages.join('. ');
}
