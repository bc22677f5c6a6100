import { z } from 'zod';

/**
 * Eway, the AU card option (checkout.md sections 4, 7 and 8): the shop's three browser calls after
 * Eway's modal (eCrypt.showModalPayment) and the texts the page shows while paying.
 */

/** The process reply's Value for Eway (checkout.md section 7), plus the script the page loads. */
export const EwayPageDataSchema = z.object({
  EwayFormActionUrl: z.string().min(1),
  Accesstoken: z.string().min(1),
  TrackingNumber: z.string().min(1),
  EwayScriptUrl: z.string().min(1),
});
export type EwayPageData = z.infer<typeof EwayPageDataSchema>;

/** POST /c3api/checkout/eway/validate: what the modal reported. Never trusted: the server asks Eway. */
export const EwayValidateBodySchema = z.object({
  AccessCode: z.string().trim().min(1).max(512),
  Errors: z.string().max(2000).nullable().optional(),
  IsComplete: z.boolean(),
});
export type EwayValidateBody = z.infer<typeof EwayValidateBodySchema>;

/** Paid: where to go. Not paid: the message for the banner (the spec's error key's text). */
export const EwayValidateValueSchema = z.union([
  z.object({ ConfirmationUrl: z.string() }),
  z.object({ ErrorMessage: z.string() }),
]);
export type EwayValidateValue = z.infer<typeof EwayValidateValueSchema>;

/** POST /c3api/checkout/eway/cancel: the shopper closed the modal or left step 3. */
export const EwayCancelBodySchema = z.object({
  AccessToken: z.string().trim().min(1).max(512),
  TrackingNumber: z.string().trim().min(1).max(50),
});
export type EwayCancelBody = z.infer<typeof EwayCancelBodySchema>;

/**
 * cancelled: the order is cancelled and its items are back on sale; paid: the shopper had paid
 * meanwhile (go to ConfirmationUrl); pending: Eway could not be asked, the shop settles it later.
 */
export const EwayCancelValueSchema = z.object({
  Status: z.enum(['cancelled', 'paid', 'pending']),
  ConfirmationUrl: z.string().nullable(),
});
export type EwayCancelValue = z.infer<typeof EwayCancelValueSchema>;

/** POST /c3api/checkout/eway/logerror: what went wrong in the browser (logged sanitised, never stored). */
export const EwayLogErrorBodySchema = z.object({ ErrorData: z.unknown() });
export const EwayLogErrorValueSchema = z.object({ Logged: z.boolean() });

/** The progress messages the page shows while paying (checkout.md section 8, Eway flow). */
export const EWAY_PROGRESS_MESSAGES = {
  starting: 'Starting payment process...',
  contactingBank: 'Contacting bank...',
  validating: 'Validating payment...',
  complete: 'Payment complete.',
} as const;
export type EwayProgress = keyof typeof EWAY_PROGRESS_MESSAGES;
