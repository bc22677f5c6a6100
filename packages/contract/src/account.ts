import { z } from 'zod';
import { AddressValueSchema, addressSchema, emailField, personName, phoneNumber } from './customer.js';
import type { Region } from './regions.js';
import { REQUIRED_MESSAGE } from './validation.js';

/**
 * Accounts: registration, sign-in, passwords, the profile checkout prefills, passkeys and the
 * account overview (account.md sections 2.1, 3 and 7; storefront.md section 7's /whoami).
 */

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be made a denial of service. */
const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = 'Please use at least 8 characters';
const PASSWORD_TOO_LONG_MESSAGE = 'Please use 128 or fewer characters';
/** The server checks the bundled list of common passwords; the browser cannot. */
export const PASSWORD_COMMON_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common one (a short phrase works well)';
export const SIGN_IN_FAILED_MESSAGE = 'The email address or password is incorrect.';
export const EMAIL_TAKEN_MESSAGE =
  'An account with this email address already exists. Please sign in, or reset your password if you have forgotten it.';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is incorrect.';
export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid or has expired. Please ask for a new one.';
export const FORGOT_PASSWORD_REPLY =
  'If an account exists for that email address, we have sent it a link to reset the password. The link works once, for 30 minutes.';
export const PASSWORD_RESET_MINUTES = 30;

/** A new password: 8 to 128 characters (the common-password check is the server's). */
/* @__NO_SIDE_EFFECTS__ */
export function newPassword() {
  return z.string({ message: REQUIRED_MESSAGE }).superRefine((value, context) => {
    if (value === '') context.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
    else if (value.length < PASSWORD_MIN_LENGTH)
      context.addIssue({ code: 'custom', message: PASSWORD_TOO_SHORT_MESSAGE });
    else if (value.length > PASSWORD_MAX_LENGTH)
      context.addIssue({ code: 'custom', message: PASSWORD_TOO_LONG_MESSAGE });
  });
}

/** A password being checked (sign-in, the current one): required; never trimmed. */
const enteredPassword = z
  .string({ message: REQUIRED_MESSAGE })
  .min(1, REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH * 4, PASSWORD_TOO_LONG_MESSAGE);

export const RegisterBodySchema = z.object({
  Email: emailField(),
  Password: newPassword(),
  FirstName: personName(),
  LastName: personName(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({ Email: emailField(), Password: enteredPassword });
export type LoginBody = z.input<typeof LoginBodySchema>;

export const ForgotPasswordBodySchema = z.object({ Email: emailField() });
export const ResetPasswordBodySchema = z.object({
  Token: z.string({ message: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(200, RESET_LINK_INVALID_MESSAGE),
  Password: newPassword(),
});
export const ChangePasswordBodySchema = z.object({ CurrentPassword: enteredPassword, NewPassword: newPassword() });

/** A signed-in customer as /whoami, sign-in and registration answer. */
export const CustomerIdentitySchema = z.object({
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  IsGuestUser: z.literal(false),
});
export type CustomerIdentity = z.infer<typeof CustomerIdentitySchema>;

/** What /whoami answers a guest: a plain string (storefront.md section 7). */
export const GUEST_WHOAMI = 'Guest';
export const WhoamiValueSchema = z.union([CustomerIdentitySchema, z.string()]);
export type WhoamiValue = z.infer<typeof WhoamiValueSchema>;

export const MessageValueSchema = z.object({ Message: z.string() });

/** The details checkout prefills (checkout.md section 6), with the region's rules. */
/* @__NO_SIDE_EFFECTS__ */
export function profileBodySchema(region: Region) {
  return z.object({
    FirstName: personName(),
    LastName: personName(),
    PhoneNumber: phoneNumber(region),
    BillingAddress: addressSchema(region),
    Consent: z.boolean({ message: 'must be true or false' }).default(false),
  });
}
export type ProfileBody = z.input<ReturnType<typeof profileBodySchema>>;

export const ProfileValueSchema = z.object({
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** Empty until the customer gives one (registration asks only for names). */
  PhoneNumber: z.string(),
  BillingAddress: AddressValueSchema.nullable(),
  Consent: z.boolean(),
});
export type ProfileValue = z.infer<typeof ProfileValueSchema>;

/** One order line of the history (account.md section 3), also the overview's latest order. */
export const OrderSummarySchema = z.object({
  orderNumber: z.string(),
  orderDateTime: z.string(),
  itemCount: z.number().int(),
  storeCount: z.number().int(),
  price: z.string(),
  status: z.string(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const AccountOverviewValueSchema = z.object({
  Orders: z.object({ LatestOrder: OrderSummarySchema.nullable(), OrderCount: z.number().int() }),
  Wishlist: z.object({ WishlistsEnabled: z.boolean(), NumItems: z.number().int() }),
  SavedSearches: z.object({ SavedSearchesEnabled: z.boolean(), NumItems: z.number().int() }),
});
export type AccountOverviewValue = z.infer<typeof AccountOverviewValueSchema>;

// Passkeys (WebAuthn). The options and responses are WebAuthn's own JSON forms, which
// @simplewebauthn/browser produces and @simplewebauthn/server checks; the contract keeps them opaque.
const WebAuthnJson = z.record(z.string(), z.unknown());
const PASSKEY_NAME_MAX = 60;

export const PasskeyOptionsValueSchema = z.object({ ChallengeId: z.string(), Options: WebAuthnJson });
export type PasskeyOptionsValue = z.infer<typeof PasskeyOptionsValueSchema>;

export const AddPasskeyBodySchema = z.object({
  ChallengeId: z.string().min(1, REQUIRED_MESSAGE).max(200),
  Name: z.string().trim().max(PASSKEY_NAME_MAX, `Please use ${PASSKEY_NAME_MAX} or fewer characters`).optional(),
  Response: WebAuthnJson,
});
export const PasskeyLoginBodySchema = z.object({
  ChallengeId: z.string().min(1, REQUIRED_MESSAGE).max(200),
  Response: WebAuthnJson,
});
export const RemovePasskeyBodySchema = z.object({ Id: z.number({ message: 'must be a passkey id' }).int().min(1) });

const PasskeySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  /** Synced to the customer's other devices (a multi-device passkey). */
  BackedUp: z.boolean(),
});
export const PasskeysValueSchema = z.object({ Passkeys: z.array(PasskeySchema) });
export type Passkey = z.infer<typeof PasskeySchema>;
export type PasskeysValue = z.infer<typeof PasskeysValueSchema>;
