import { z } from 'zod';
import { AlertFrequency, EMAIL_MAX_LENGTH, VERIFICATION_CODE_LENGTH } from './constants.js';
import { SAVED_SEARCH_TITLE_MAX } from './saved-searches.js';
import { EMAIL_MESSAGE, isValidEmail, REQUIRED_MESSAGE } from './validation.js';

/**
 * The saved-search form's and the wishlist alert form's field rules with the spec's messages
 * (account.md 5, storefront.md 5): values are trimmed; every failing rule of a field is reported.
 */

const SAVED_SEARCH_TITLE_MAX_MESSAGE = `Please provide a name with ${SAVED_SEARCH_TITLE_MAX} or fewer characters.`;
const ALERT_EMAIL_MAX_MESSAGE = `Please provide an email address with ${EMAIL_MAX_LENGTH} or fewer characters.`;

/** title (name when editing): required, at most 256 characters. */
/* @__NO_SIDE_EFFECTS__ */
function savedSearchTitle() {
  return z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: REQUIRED_MESSAGE, abort: true })
    .max(SAVED_SEARCH_TITLE_MAX, SAVED_SEARCH_TITLE_MAX_MESSAGE);
}

/** The alert e-mail: required, at most 83 characters, a valid address. */
/* @__NO_SIDE_EFFECTS__ */
function alertEmail() {
  return z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: REQUIRED_MESSAGE, abort: true })
    .max(EMAIL_MAX_LENGTH, ALERT_EMAIL_MAX_MESSAGE)
    .refine(isValidEmail, EMAIL_MESSAGE);
}

const FREQUENCY_VALUES = Object.values(AlertFrequency).map(String);

/** The form as typed: strings, a frequency radio's value ('' when none is chosen). */
export const SavedSearchFormSchema = z.object({
  title: savedSearchTitle(),
  email: alertEmail(),
  frequency: z.string().refine((value) => FREQUENCY_VALUES.includes(value), REQUIRED_MESSAGE),
});

export const AlertEmailFormSchema = z.object({ email: alertEmail() });

/** The verification code box keeps digits only, at most six. */
export function verificationCodeInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}
