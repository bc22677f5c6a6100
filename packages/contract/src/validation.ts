import { z } from 'zod';
import {
  DATABASE_ID_MAX,
  EMAIL_MESSAGE,
  EMAIL_SINGLE_LINE_MESSAGE,
  isSingleLine,
  isValidEmail,
  REQUIRED_MESSAGE,
} from './field-rules.js';

// The plain rules and messages live in field-rules.ts (no zod), so a page can show a message or
// join errors without loading the schema library; they are re-exported here for the schemas' users.
export {
  DATABASE_ID_MAX,
  EMAIL_MESSAGE,
  EMAIL_SINGLE_LINE_MESSAGE,
  isSingleLine,
  isValidEmail,
  joinFieldErrors,
  REQUIRED_MESSAGE,
} from './field-rules.js';

/**
 * The spec's shared validation rules (storefront.md section 5) as zod pieces with their exact
 * messages, so a form and the server check a field the same way.
 */

/** isRequired: non-blank after trimming. */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(message = REQUIRED_MESSAGE) {
  return z.string({ message }).trim().min(1, message);
}

/**
 * A required one-line field (a name, an e-mail address): non-blank after trimming, and no line
 * break anywhere, not even one trimming would remove. Such values are written into plain-text
 * e-mails and headers, where a line break could forge a line. A blank value is only "required";
 * a line break stops further checks, so the shopper sees one message.
 */
/* @__NO_SIDE_EFFECTS__ */
export function singleLineText(lineMessage: string, message = REQUIRED_MESSAGE) {
  return z
    .string({ message })
    .refine((value) => isSingleLine(value) || value.trim() === '', { message: lineMessage, abort: true })
    .trim()
    .min(1, message);
}

/** Required, on one line, and valid. */
/* @__NO_SIDE_EFFECTS__ */
export function emailAddress() {
  return singleLineText(EMAIL_SINGLE_LINE_MESSAGE).refine(isValidEmail, EMAIL_MESSAGE);
}

/**
 * A record's serial id from a query string or body: a whole number in 1..2147483647, so an id
 * the database column cannot hold is a 400 naming the field and never reaches a query.
 */
/* @__NO_SIDE_EFFECTS__ */
export function databaseId(message: string) {
  const once = { message, abort: true };
  return z.coerce.number({ message }).int(once).min(1, once).max(DATABASE_ID_MAX, once);
}
