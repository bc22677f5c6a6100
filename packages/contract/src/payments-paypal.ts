import { z } from 'zod';

/**
 * PayPal (Orders v2 with pay later): the shop's calls around PayPal's buttons (checkout.md sections
 * 4, 5, 7 and 8). The process reply's Value for PayPal is { Token, TrackingNumber }; approval
 * navigates to the accept route, cancelling to the cancel route, and PayPal's webhooks post to ours.
 */

export const PAYPAL_ACCEPT_PATH = '/c3api/checkout/paypal/accept';
export const PAYPAL_CANCEL_PATH = '/c3api/checkout/paypal/cancel';

const reference = z.string().trim().min(1, 'This field is required').max(100, 'must be at most 100 characters');

/** GET accept: securityKey (our tracking number) and payerId; PayPal's own redirect adds token and PayerID. */
export const PayPalAcceptQuerySchema = z.object({
  securityKey: reference,
  payerId: reference.optional(),
  PayerID: reference.optional(),
  token: reference.optional(),
});

/** GET cancel: payPalToken (the PayPal order id); PayPal's own redirect sends token; securityKey names the attempt. */
export const PayPalCancelQuerySchema = z.object({
  securityKey: reference.optional(),
  payPalToken: reference.optional(),
  token: reference.optional(),
});

/** The process reply's Value for PayPal. */
const PayPalProcessValueSchema = z.object({
  Token: z.string(),
  TrackingNumber: z.string(),
  ApproveUrl: z.string().nullable().optional(),
});
export type PayPalProcessValue = z.infer<typeof PayPalProcessValueSchema>;

/** The webhook's reply: received (and what was done). */
export const PayPalWebhookValueSchema = z.object({ Received: z.boolean(), Outcome: z.string() });

/** The availability messages (checkout.md section 5), exact. */
export const PAYPAL_MIXED_DELIVERY_MESSAGE =
  'Sorry, to use PayPal, you cannot have a mix of pick up and posted items in the same checkout due to their policies. Consider splitting up your purchase into 2 transactions.';
export const PAYPAL_MULTIPLE_ADDRESSES_MESSAGE =
  'This option is not available if you enter more than one shipping address. Due to PayPal policies you can not have more than one shipping address in the same order. Please consider splitting your order.';
export const PAYPAL_STORE_PICKUP_MESSAGE =
  'PayPal is not available for instore collection, please contact the store for more information.';

/** The PayPal button error (checkout.md section 8: the "Please try again" text). */
export const PAYPAL_BUTTON_ERROR_MESSAGE = 'Sorry, an error has occurred. Please try again.';

/** PaymentMethodParameters names the PayPal panel reads from the checkout view. */
export const PAYPAL_PARAMETERS = {
  caption: 'PayLaterCaption',
  min: 'PayLaterAmountRangeMin',
  max: 'PayLaterAmountRangeMax',
  sdkUrl: 'PayPalSdkUrl',
  clientId: 'PayPalClientId',
} as const;

/** Error keys a PayPal payment can end in, as the accept route puts them in /checkout/?error=. */
const PAYPAL_ERROR_KEYS = [
  'default',
  'GenericCardProblem',
  'GenericAccountProblem',
  'GenericSystemProblem',
  'InsufficientCardFunds',
  'InvalidCardNumber',
  'ContactCardIssuer',
  'BannedCustomer',
] as const;
export type PayPalErrorKey = (typeof PAYPAL_ERROR_KEYS)[number];

/** POST /c3api/checkout/paypal/cancelattempt: leaving step 3 with a PayPal order open. */
export const PayPalCancelAttemptBodySchema = z.object({
  TrackingNumber: z.string().trim().min(1, 'must be a tracking number').max(40, 'must be a tracking number'),
});
export type PayPalCancelAttemptBody = z.infer<typeof PayPalCancelAttemptBodySchema>;
export const PayPalCancelAttemptValueSchema = z.object({ Cancelled: z.boolean() });
export type PayPalCancelAttemptValue = z.infer<typeof PayPalCancelAttemptValueSchema>;
