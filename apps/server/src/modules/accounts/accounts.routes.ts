import {
  AccountOverviewValueSchema,
  ChangePasswordBodySchema,
  CustomerIdentitySchema,
  FORGOT_PASSWORD_REPLY,
  ForgotPasswordBodySchema,
  GUEST_WHOAMI,
  LoginBodySchema,
  MessageValueSchema,
  ProfileValueSchema,
  profileBodySchema,
  type Region,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  WhoamiValueSchema,
} from '@shop/contract';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toIdentity, toProfileValue } from './accounts.mapper.js';
import type { AccountsService } from './accounts.service.js';

const MINUTE_MS = 60 * 1000;
/** Nobody's reply about an account may be cached by a browser or a proxy. */
const PRIVATE = 'no-store';

export function accountRoutes(accounts: AccountsService, region: Region): ApiRoute[] {
  // The profile's rules depend on the shop's region (checkout.md section 5).
  const profileSchema = profileBodySchema(region);
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/whoami',
      summary:
        'Who is signed in: the customer (Email, FirstName, LastName, IsGuestUser false), or a plain string for anyone else',
      tag: 'accounts',
      value: WhoamiValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx) => {
        const user = await accounts.identity(ctx);
        return user ? toIdentity(user) : GUEST_WHOAMI;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/register',
      summary: 'Creates an account and signs it in (the guest cart joins it)',
      tag: 'accounts',
      body: RegisterBodySchema,
      value: CustomerIdentitySchema,
      rateLimit: { max: 10, windowMs: 60 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => toIdentity(await accounts.register(ctx, body)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/login',
      summary:
        'Signs in with e-mail and password (one message for an unknown e-mail or a wrong password; 429 after repeated failures)',
      tag: 'accounts',
      body: LoginBodySchema,
      value: CustomerIdentitySchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body, clientAddress }) => toIdentity(await accounts.login(ctx, body, clientAddress)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/logout',
      summary: "Ends this browser's session on the server and clears its cookies",
      tag: 'accounts',
      value: MessageValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx) => {
        await accounts.logout(ctx);
        return { Message: 'You have signed out.' };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/password/forgot',
      summary:
        'E-mails a single-use reset link (30 minutes) if the address has an account; the reply is always the same',
      tag: 'accounts',
      body: ForgotPasswordBodySchema,
      value: MessageValueSchema,
      rateLimit: { max: 10, windowMs: 15 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => {
        await accounts.forgotPassword(ctx, body.Email);
        return { Message: FORGOT_PASSWORD_REPLY };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/password/reset',
      summary:
        "Sets a new password with a reset link's token (once, within 30 minutes); every session of the account ends",
      tag: 'accounts',
      body: ResetPasswordBodySchema,
      value: MessageValueSchema,
      rateLimit: { max: 20, windowMs: 15 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => {
        await accounts.resetPassword(ctx, body.Token, body.Password);
        return { Message: 'Your password has been changed. Please sign in with your new password.' };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/password',
      summary: 'Changes the password (the current one required); every other session ends and this one gets a new id',
      tag: 'accounts',
      auth: 'required',
      body: ChangePasswordBodySchema,
      value: MessageValueSchema,
      rateLimit: { max: 10, windowMs: 15 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => {
        await accounts.changePassword(ctx, body.CurrentPassword, body.NewPassword);
        return { Message: 'Your password has been changed. You have been signed out everywhere else.' };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/account/profile',
      summary: "The signed-in customer's details that checkout prefills",
      tag: 'accounts',
      auth: 'required',
      value: ProfileValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx) => toProfileValue(await accounts.profile(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/profile',
      summary: "Saves the customer's details (names, phone, billing address, consent) under the region's rules",
      tag: 'accounts',
      auth: 'required',
      body: profileSchema,
      value: ProfileValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => toProfileValue(await accounts.updateProfile(ctx, body)),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/account/overview',
      summary: "The account dashboard's figures: latest order and count, wishlist items, saved searches",
      tag: 'accounts',
      auth: 'required',
      value: AccountOverviewValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx) => accounts.overview(ctx),
    }),
  ];
}
