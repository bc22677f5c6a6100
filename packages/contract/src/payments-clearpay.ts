import { z } from 'zod';
import { MoneySchema } from './checkout.js';

/**
 * Clearpay (UK buy now, pay later): the shop's calls for it (checkout.md sections 4, 7 and 8).
 * The shopper goes to Clearpay's page (RedirectCheckoutUrl) and comes back to the return path,
 * which the server turns into a redirect: the confirmation page, or the checkout with ?error=<key>.
 */

/** Where Clearpay sends the shopper back (both redirectConfirmUrl and redirectCancelUrl). */
export const CLEARPAY_RETURN_PATH = '/c3api/checkout/clearpay/return';

/** GET /c3api/checkout/clearpay/configuration: the merchant's range from Clearpay's configuration call. */
export const ClearpayConfigurationValueSchema = z.object({
  MinimumAmount: MoneySchema,
  MaximumAmount: MoneySchema,
  /** The option's text when the order is outside the range. */
  DisabledMessage: z.string(),
  /** When the range was last read from Clearpay (ISO 8601), null while only the defaults are known. */
  FetchedAt: z.string().nullable(),
});
export type ClearpayConfigurationValue = z.infer<typeof ClearpayConfigurationValueSchema>;

/** GET /c3api/checkout/clearpay/return: our TrackingNumber (in the URL we gave), then Clearpay's status and orderToken. */
export const ClearpayReturnQuerySchema = z.object({
  TrackingNumber: z
    .string()
    .max(64, 'must be a tracking number')
    .regex(/^[A-Za-z0-9-]+$/, 'must be a tracking number'),
  orderToken: z.string().max(200, 'must be a Clearpay token').optional(),
  status: z.string().max(40).optional(),
});

/**
 * The error keys a Clearpay return can carry in ?error= (checkout.md section 8), and
 * ClearpayDeclined: Clearpay said no to this payment, so the shopper is shown that, on the payment
 * step, to choose another way to pay (instead of the default error on step 1).
 */
const CLEARPAY_ERROR_KEYS = [
  'default',
  'GenericAccountProblem',
  'GenericCardProblem',
  'GenericSystemProblem',
  'ClearpayDeclined',
] as const;
export type ClearpayErrorKey = (typeof CLEARPAY_ERROR_KEYS)[number];

export const CLEARPAY_DECLINED_KEY = 'ClearpayDeclined' satisfies ClearpayErrorKey;
export const CLEARPAY_DECLINED_MESSAGE = 'Clearpay declined this payment. Choose another way to pay.';

export const URL_DEFAULT_ERROR_MESSAGE = 'Sorry, an error has occurred, please try again soon.';
export const BANNED_CUSTOMER_MESSAGE = 'There was a problem processing your payment. Please contact us.';

/**
 * The banner for a checkout URL carrying ?error= (checkout.md section 8: "A URL carrying an error
 * shows the default error, or BannedCustomer if that word is present"), or Clearpay's decline in
 * plain words (it is no error of the shop's, and another way to pay will do); null when there is none.
 */
export function checkoutUrlErrorMessage(error: string | null | undefined): string | null {
  if (error === null || error === undefined) return null;
  if (error === CLEARPAY_DECLINED_KEY) return CLEARPAY_DECLINED_MESSAGE;
  return error.includes('BannedCustomer') ? BANNED_CUSTOMER_MESSAGE : URL_DEFAULT_ERROR_MESSAGE;
}
