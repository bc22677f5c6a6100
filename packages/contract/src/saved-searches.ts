import { z } from 'zod';
import { VERIFICATION_CODE_LENGTH } from './constants.js';

/**
 * Saved searches, e-mail verification and wishlist alerts (account.md 2.4, 2.5, 3, 5, 7, 8;
 * storefront.md 3, 5, 7, 8).
 */

/** account.md section 9. */
export const SAVED_SEARCH_TITLE_MAX = 256;
/** A code is valid this long, for this many wrong tries. */
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_MAX_WRONG_TRIES = 5;
/** Codes sent to one address per hour before a resend must wait (kind 4). */
export const VERIFICATION_CODES_PER_HOUR = 3;
/** Items a saved-search digest lists at most (with a link to all results). */
export const DIGEST_MAX_ITEMS = 12;

/** Value.EmailVerificationError (account.md section 4). */
export const EmailVerificationError = {
  Success: 1,
  CodeDoesNotMatch: 2,
  EmptyMessage: 3,
  MustWait: 4,
} as const;

/** account.md section 8 (and storefront.md section 8): the message for each kind. */
export function emailVerificationMessage(kind: number, hoursToWait: number | null): string {
  if (kind === EmailVerificationError.CodeDoesNotMatch)
    return 'Sorry, that code does not match. Please recheck the code in the email you received before retrying.';
  if (kind === EmailVerificationError.MustWait)
    return `You have to wait ${hoursToWait ?? 1} hour(s) before you can request to resend a verification code.`;
  return '';
}

export const SAVED_SEARCH_ERROR_MESSAGE = 'Sorry, an error has occurred, please try again soon.';

/**
 * What a save or a toggle answers beside WasSuccessful and Message: null when no verification was
 * needed or it succeeded; otherwise the kind, and for kind 4 the hours to wait.
 */
export const VerificationValueSchema = z.object({
  EmailVerificationError: z.number().int().nullable(),
  TimeUntilUserCanReattempt: z.number().int().nullable(),
});
export type VerificationValue = z.infer<typeof VerificationValueSchema>;

const Frequency = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const CodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{0,${VERIFICATION_CODE_LENGTH}}$`), `must be up to ${VERIFICATION_CODE_LENGTH} digits`)
  .optional()
  .nullable();

const SavedSearchSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The search page URL with its query string, e.g. '/search-results?query=phone&stores=12'. */
  SearchUrl: z.string(),
  SearchTerm: z.string(),
  FiltersNumber: z.number().int(),
  NotificationFrequency: Frequency,
  Email: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListValueSchema = z.object({
  searches: z.array(SavedSearchSchema),
  totalSearches: z.number().int(),
});
export type SavedSearchListValue = z.infer<typeof SavedSearchListValueSchema>;

/**
 * POST /c3api/savedsearch/add. The search itself is SearchUrl (the page sends its own URL's query
 * string); the server keeps it exactly as the search page runs it and derives term and filters.
 */
export const SavedSearchAddBodySchema = z.object({
  NotificationFrequency: Frequency,
  Title: z.string(),
  Email: z.string(),
  VerificationCode: CodeSchema,
  SearchUrl: z.string().max(2000),
});
export type SavedSearchAddBody = z.infer<typeof SavedSearchAddBodySchema>;

export const SavedSearchEditBodySchema = z.object({
  NotificationFrequency: Frequency,
  Name: z.string(),
  Email: z.string(),
  Id: z.number().int(),
  VerificationCode: CodeSchema,
});
export type SavedSearchEditBody = z.infer<typeof SavedSearchEditBodySchema>;

export const SavedSearchDeleteBodySchema = z.object({ Id: z.number().int() });

/** POST /c3api/emailverification/resendcode: empty body; optional Email names the address (else the account's). */
export const ResendCodeBodySchema = z.object({ Email: z.string().optional() }).optional();

/** POST /c3api/wishlistalert/toggle (storefront.md section 3). */
export const WishlistAlertToggleBodySchema = z.object({
  WishlistId: z.number().int(),
  AlertEnabled: z.boolean(),
  Email: z.string().optional().nullable(),
  VerificationCode: CodeSchema,
});
export type WishlistAlertToggleBody = z.infer<typeof WishlistAlertToggleBodySchema>;

/** The toggle's answer: the verification outcome, whether alerts are now on, and whether to welcome. */
export const WishlistAlertToggleValueSchema = VerificationValueSchema.extend({
  AlertEnabled: z.boolean(),
  AlertEmail: z.string().nullable(),
  /** True the first time alerts go on: the page shows 'Welcome to Wishlist Alerts!'. */
  ShowWelcome: z.boolean(),
});
export type WishlistAlertToggleValue = z.infer<typeof WishlistAlertToggleValueSchema>;

/** Saved searches one customer may keep (per region); past it, add answers this message. */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCHES_LIMIT_MESSAGE = `You can keep up to ${SAVED_SEARCHES_MAX} saved searches. Please delete one before saving another.`;
export const SAVED_SEARCH_TITLE_TOO_LONG_MESSAGE = 'Please provide a name with 256 or fewer characters.';

/**
 * The reply of POST /c3api/emailverification/resendcode: a sentence for the shopper, and the
 * outcome (1 Success: a code was sent; 4 must wait, with the hours to wait).
 */
export const ResendCodeValueSchema = VerificationValueSchema.extend({ Message: z.string() });
export type ResendCodeValue = z.infer<typeof ResendCodeValueSchema>;
