import { z } from 'zod';
import { MoneySchema } from './checkout.js';
import { formatMoney } from './money.js';
import { ORDER_TIME_ZONE } from './orders.js';
import type { Region } from './regions.js';

/**
 * Discount codes (checkout.md sections 3, 4, 5, 7 and 8): the code box's rule, the modal's types
 * and messages, and the shapes of POST and DELETE /c3api/promotion/discountcoupon.
 */

/** The code box's maximum length (section 9). */
export const DISCOUNT_CODE_MAX_LENGTH = 10;
export const DISCOUNT_REQUIRED_MESSAGE = 'Please enter a code to apply';
export const DISCOUNT_MAX_LENGTH_MESSAGE = 'Max length is 10 characters';
/** HTTP 400 on add: the invalid-coupon modal. The server gives this one message for every refused code. */
export const DISCOUNT_INVALID_MESSAGE = 'The discount code is invalid, please try again';
/** Any other failure of add (or remove): the server-error modal. */
export const DISCOUNT_SERVER_ERROR_MESSAGE = 'There was an error applying your discount code. Please try again soon.';
export const DISCOUNT_REMOVED_MESSAGE = 'The discount code has been removed from your order';

/**
 * A code the shopper may fix or should stop trying is told why, under the code field (a 400 whose
 * FieldErrors name `code`), instead of the invalid-coupon modal: under its minimum spend, or past
 * its end. Every other refusal keeps the spec's one message (DISCOUNT_INVALID_MESSAGE).
 */
export function discountMinimumSpendMessage(minimumMinor: number, code: string, region: Region): string {
  return `Spend ${formatMoney(minimumMinor, region)} or more to use ${code}`;
}

/** '1 December 2026': the day in the region's own zone (AEST or UK time), day before month. */
export function formatDiscountDate(epochMs: number, region: Region): string {
  return new Intl.DateTimeFormat(region === 'AU' ? 'en-AU' : 'en-GB', {
    timeZone: ORDER_TIME_ZONE[region],
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(epochMs));
}

/** A code whose end (`endsAt`, epoch ms) has passed. */
export function discountExpiredMessage(endsAt: number, region: Region): string {
  return `This code expired on ${formatDiscountDate(endsAt, region)}`;
}

/** '{amount} discount successfully applied', with the amount as displayed (formatMoney). */
export function discountAppliedMessage(amountDisplay: string): string {
  return `${amountDisplay} discount successfully applied`;
}

/** The discount modal's type; null (no entry) when it is closed. */
export const DiscountModalType = {
  SuccessfulAdd: 1,
  SuccessfulRemove: 2,
  InvalidCouponCode: 3,
  ServerError: 4,
} as const;
export type DiscountModalType = (typeof DiscountModalType)[keyof typeof DiscountModalType];

/**
 * The code box's rule, in the browser and again on the server: required after trimming ('Please
 * enter a code to apply'), at most 10 characters ('Max length is 10 characters'). The value comes
 * out trimmed; case does not matter (the server matches codes upper-case).
 */
/* @__NO_SIDE_EFFECTS__ */
export function discountCodeField() {
  return z
    .string({ message: DISCOUNT_REQUIRED_MESSAGE })
    .trim()
    .min(1, DISCOUNT_REQUIRED_MESSAGE)
    .max(DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_MAX_LENGTH_MESSAGE);
}

/** POST /c3api/promotion/discountcoupon: the JSON body { "code": "SAVE10" } (the spec: "JSON body with the coupon code"). */
export const DiscountCouponBodySchema = z.object({ code: discountCodeField() });
export type DiscountCouponBody = z.input<typeof DiscountCouponBodySchema>;

/** DELETE /c3api/promotion/discountcoupon?couponCode=SAVE10 */
export const DiscountCouponQuerySchema = z.object({ couponCode: discountCodeField() });

/**
 * Both calls' Value. Money as everywhere in checkout replies: minor units plus the display string.
 * UpdatedTotal is the cart's total after the discount (items - discount, plus postage when chosen);
 * DiscountAmount is what the codes take off (0 after removing the last); DiscountCodes are the
 * codes applied, as stored (upper-case).
 */
export const DiscountCouponValueSchema = z.object({
  UpdatedTotal: MoneySchema,
  DiscountAmount: MoneySchema,
  DiscountCodes: z.array(z.string()),
});
export type DiscountCouponValue = z.infer<typeof DiscountCouponValueSchema>;
