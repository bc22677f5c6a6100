import { z } from 'zod';

/**
 * GlobalPay, the UK card option (checkout.md sections 4, 7, 8 and 9): Global Payments' hosted payment page
 * (HPP) in an embedded frame, the shop's two browser calls after it, and the messages the frame sends.
 */

/** The process reply's Value.GlobalPayPayload (checkout.md section 7), plus the exact HPP fields to post. */
const GlobalPayPayloadSchema = z.object({
  Timestamp: z.string(),
  Hash: z.string(),
  AccountId: z.string(),
  AccountType: z.string(),
  Amount: z.string(),
  Currency: z.string(),
  WebsiteUrl: z.string(),
  CustomerNumber: z.string(),
  GlobalPayActionUrl: z.string().min(1),
  PoNumber: z.string(),
  ISORegionName: z.string(),
  CustomerIsAuthenticated: z.boolean(),
  AccountCreatedDate: z.string(),
  AccountAgeIndicator: z.string(),
  AccountChangeDate: z.string(),
  AccountChangeIndicator: z.string(),
  PasswordChangeDate: z.string(),
  PasswordChangeIndicator: z.string(),
  PurchasesNumber: z.number().int(),
  PaymentProcessingEndpoint: z.string(),
  PayPalDisabled: z.boolean(),
  TrackingNumber: z.string().min(1),
  /** Posted, in this order, as hidden inputs of a form whose action is GlobalPayActionUrl and target the frame. */
  FormFields: z.record(z.string(), z.string()),
});
export type GlobalPayPayload = z.infer<typeof GlobalPayPayloadSchema>;

export const GlobalPayPageDataSchema = z.object({
  GlobalPayPayload: GlobalPayPayloadSchema,
  TrackingNumber: z.string().min(1),
});
export type GlobalPayPageData = z.infer<typeof GlobalPayPageDataSchema>;

/** POST /c3api/checkout/globalpay/validate and /cancel: the attempt's tracking number. */
export const GlobalPayTrackingBodySchema = z.object({ TrackingNumber: z.string().trim().min(1).max(50) });
export type GlobalPayTrackingBody = z.infer<typeof GlobalPayTrackingBodySchema>;

/** Paid: where to go. Not paid: the banner's message (the spec's error key's text). Neither yet: both null. */
export const GlobalPayValidateValueSchema = z.object({
  ConfirmationUrl: z.string().nullable(),
  ErrorMessage: z.string().nullable(),
});
export type GlobalPayValidateValue = z.infer<typeof GlobalPayValidateValueSchema>;

/**
 * cancelled: the order is cancelled and its items are back on sale (an authorisation is voided); paid: the
 * shopper had paid meanwhile (go to ConfirmationUrl); pending: Global Payments could not be asked.
 */
export const GlobalPayCancelValueSchema = z.object({
  Status: z.enum(['cancelled', 'paid', 'pending']),
  ConfirmationUrl: z.string().nullable(),
});
export type GlobalPayCancelValue = z.infer<typeof GlobalPayCancelValueSchema>;

/** The error keys a card payment can end with, and their texts (checkout.md section 8). */
export const GLOBALPAY_ERROR_MESSAGES = {
  default: 'Sorry, an error has occurred, please try again soon.',
  GenericCardProblem: 'There was a problem with your card details. Please check them and try again.',
  GenericAccountProblem: 'Your payment was declined. Please check with your card issuer.',
  GenericSystemProblem: 'Our payment provider is having temporary issues. Please try again soon.',
  InsufficientCardFunds: 'Your card has insufficient funds. Please use another card.',
  InvalidCardNumber: 'The card number is not valid. Please check it and try again.',
  ContactCardIssuer: 'Your payment could not be completed. Please contact your card issuer.',
  UnsupportedCardType: 'Only Mastercard and Visa cards are supported.',
} as const;
type GlobalPayErrorKey = keyof typeof GLOBALPAY_ERROR_MESSAGES;

/** An error key's text; unknown keys use the default (checkout.md section 8). */
export function globalPayErrorMessage(key: string | null | undefined): string {
  return key && key in GLOBALPAY_ERROR_MESSAGES
    ? GLOBALPAY_ERROR_MESSAGES[key as GlobalPayErrorKey]
    : GLOBALPAY_ERROR_MESSAGES.default;
}

/**
 * A window message from the frame, as JSON text: the HPP's resize (`{"iframe":{"height":"420px"}}`) or the
 * shop's response page (`{"confirmationUrl":…}` or `{"error":<key>}`). Accepted only from the action URL's origin.
 */
export const GlobalPayFrameMessageSchema = z.object({
  iframe: z.object({ height: z.string().optional() }).partial().optional(),
  confirmationUrl: z.string().optional(),
  error: z.string().optional(),
});
