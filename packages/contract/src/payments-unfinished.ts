import { z } from 'zod';

/**
 * A payment interrupted (a reload, Back, or a closed tab while the provider's window was open):
 * the checkout view names the shopper's own open attempt, and the page offers to resume it or to
 * start again. The items stay held for the shopper meanwhile; other shoppers cannot take them.
 */

/** The checkout view's UnfinishedPayment: the open attempt and until when its items are held (ISO). */
export const UnfinishedPaymentSchema = z.object({
  TrackingNumber: z.string(),
  PaymentOption: z.enum(['Eway', 'GlobalPay', 'PayPal', 'Clearpay']),
  HeldUntil: z.string(),
});
export type UnfinishedPayment = z.infer<typeof UnfinishedPaymentSchema>;

/** POST /c3api/checkout/payment/resume and /startagain: the attempt, by its tracking number. */
export const UnfinishedPaymentBodySchema = z.object({ TrackingNumber: z.string().trim().min(1).max(50) });
export type UnfinishedPaymentBody = z.infer<typeof UnfinishedPaymentBodySchema>;

/** Resume answers what the provider's page needs (as the process call does, with TrackingNumber), or ConfirmationUrl when paid meanwhile. */
export const ResumePaymentValueSchema = z.record(z.string(), z.unknown());

/** Start again: cancelled (the hold is given back), paid after all (go to ConfirmationUrl), or pending (the provider could not be asked). */
export const StartAgainValueSchema = z.object({
  Status: z.enum(['cancelled', 'paid', 'pending']),
  ConfirmationUrl: z.string().nullable(),
});
export type StartAgainValue = z.infer<typeof StartAgainValueSchema>;

/** Resuming an attempt that has ended (HTTP 409). */
export const PAYMENT_NOT_OPEN_MESSAGE = 'This payment has ended. Please start again.';
/** The notice's lead text and its two actions. */
export const UNFINISHED_PAYMENT_TEXT = 'You have an unfinished payment for this item';
export const UNFINISHED_PAYMENT_TEXT_PLURAL = 'You have an unfinished payment for these items';
