import {
  AddPasskeyBodySchema,
  CustomerIdentitySchema,
  type Passkey,
  PasskeyLoginBodySchema,
  PasskeyOptionsValueSchema,
  PasskeysValueSchema,
  RemovePasskeyBodySchema,
} from '@shop/contract';
import { HttpError } from '../../lib/errors.js';
import { type ApiRoute, defineRoute } from '../../lib/route.js';
import { toIdentity } from '../accounts/accounts.mapper.js';
import { type AccountsService, profileOf } from '../accounts/accounts.service.js';
import type { CeremonyStart, PasskeysService, PasskeyView } from './passkeys.service.js';

const MINUTE_MS = 60 * 1000;
const PRIVATE = 'no-store';

const toPasskey = (view: PasskeyView): Passkey => ({
  Id: view.id,
  Name: view.name,
  CreatedAt: new Date(view.createdAt).toISOString(),
  LastUsedAt: view.lastUsedAt === null ? null : new Date(view.lastUsedAt).toISOString(),
  BackedUp: view.backedUp,
});
const toPasskeys = (views: PasskeyView[]) => ({ Passkeys: views.map(toPasskey) });
const toOptions = (start: CeremonyStart) => ({ ChallengeId: start.ceremonyId, Options: start.options });

export function passkeyRoutes(passkeys: PasskeysService, accounts: AccountsService): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/account/passkeys',
      summary: "The signed-in customer's passkeys",
      tag: 'passkeys',
      auth: 'required',
      value: PasskeysValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx) => toPasskeys(await passkeys.list(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/passkeys/options',
      summary: 'Starts adding a passkey: WebAuthn creation options and the ceremony id to send back (5 minutes, once)',
      tag: 'passkeys',
      auth: 'required',
      value: PasskeyOptionsValueSchema,
      rateLimit: { max: 30, windowMs: 15 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx) => {
        const user = await accounts.identity(ctx);
        if (!user) throw new HttpError(401, 'Please sign in to continue.');
        return toOptions(await passkeys.registrationOptions(ctx, profileOf(user)));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/passkeys/add',
      summary: "Finishes adding a passkey with the authenticator's response; answers the customer's passkeys",
      tag: 'passkeys',
      auth: 'required',
      body: AddPasskeyBodySchema,
      value: PasskeysValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => toPasskeys(await passkeys.add(ctx, body.ChallengeId, body.Name, body.Response)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/passkeys/remove',
      summary: "Removes one of the customer's passkeys (another's: 404)",
      tag: 'passkeys',
      auth: 'required',
      body: RemovePasskeyBodySchema,
      value: PasskeysValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => toPasskeys(await passkeys.remove(ctx, body.Id)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/passkey-login/options',
      summary: 'Starts signing in with a passkey: WebAuthn request options and the ceremony id (5 minutes, once)',
      tag: 'passkeys',
      value: PasskeyOptionsValueSchema,
      rateLimit: { max: 30, windowMs: 15 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx) => toOptions(await passkeys.loginOptions(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/account/passkey-login',
      summary: "Signs in with a passkey's assertion (the guest cart joins the customer's, as with a password)",
      tag: 'passkeys',
      body: PasskeyLoginBodySchema,
      value: CustomerIdentitySchema,
      rateLimit: { max: 30, windowMs: 15 * MINUTE_MS },
      cacheControl: PRIVATE,
      handler: async (ctx, { body }) => toIdentity(await passkeys.login(ctx, body.ChallengeId, body.Response)),
    }),
  ];
}
