import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, NotFoundError } from '../../lib/errors.js';
import { hashToken, isTokenShape, newToken } from '../../lib/tokens.js';
import type { Account, AccountsService, Profile } from '../accounts/accounts.service.js';
import type { Clock } from '../sessions/sessions.service.js';
import { type PasskeyRow, PasskeysRepository } from './passkeys.repository.js';

/** A ceremony (the browser asking the authenticator) must finish within this. */
export const CEREMONY_MS = 5 * 60 * 1000;
export const PASSKEY_FAILED_MESSAGE =
  'We could not sign you in with that passkey. Please try again or use your password.';
export const CEREMONY_EXPIRED_MESSAGE = 'This passkey request has expired. Please try again.';
export const PASSKEY_DUPLICATE_MESSAGE = 'This passkey is already registered.';
export const PASSKEY_NOT_VERIFIED_MESSAGE = 'We could not verify that passkey. Please try again.';

export interface RelyingParty {
  /** The shop's host (PUBLIC_URL's): passkeys are bound to it. */
  id: string;
  name: string;
  /** The exact origin browsers use (PUBLIC_URL's). */
  origin: string;
}

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  backedUp: boolean;
}

export interface CeremonyStart {
  ceremonyId: string;
  options: Record<string, unknown>;
}

/**
 * Passkeys (WebAuthn). Each ceremony's challenge is kept server-side under a one-use random id
 * (stored hashed) that the browser hands back; a ceremony is taken (deleted) before it is checked,
 * so it works at most once. Passkeys are discoverable, so sign-in needs no e-mail first.
 */
export class PasskeysService {
  private readonly repository = new PasskeysRepository();

  constructor(
    private readonly accounts: AccountsService,
    private readonly rp: RelyingParty,
    private readonly now: Clock = Date.now,
  ) {}

  private userIdOf(ctx: Ctx): number {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    return ctx.viewer.userId;
  }

  private async startCeremony(
    ctx: Ctx,
    purpose: 'register' | 'login',
    userId: number | null,
    challenge: string,
  ): Promise<string> {
    const ceremonyId = newToken();
    await this.repository.insertCeremony(ctx, {
      ceremony_hash: hashToken(ceremonyId),
      purpose,
      user_id: userId,
      challenge,
      expires_at: this.now() + CEREMONY_MS,
    });
    return ceremonyId;
  }

  private async takeCeremony(ctx: Ctx, ceremonyId: string, purpose: 'register' | 'login', userId: number | null) {
    if (!isTokenShape(ceremonyId)) throw new BadRequestError(CEREMONY_EXPIRED_MESSAGE);
    const ceremony = await this.repository.takeCeremony(ctx, hashToken(ceremonyId), this.now());
    if (!ceremony || ceremony.purpose !== purpose || ceremony.user_id !== userId) {
      throw new BadRequestError(CEREMONY_EXPIRED_MESSAGE);
    }
    return ceremony;
  }

  async list(ctx: Ctx): Promise<PasskeyView[]> {
    return (await this.repository.forUser(ctx, this.userIdOf(ctx))).map(toView);
  }

  /** Options for navigator.credentials.create(): a discoverable credential for this customer. */
  async registrationOptions(ctx: Ctx, user: Pick<Profile, 'email' | 'firstName' | 'lastName'>): Promise<CeremonyStart> {
    const userId = this.userIdOf(ctx);
    const existing = await this.repository.forUser(ctx, userId);
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      // A stable opaque handle per account (no e-mail in it): the authenticator keeps one passkey per account.
      userID: new TextEncoder().encode(`user-${userId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CEREMONY_MS,
    });
    const ceremonyId = await this.startCeremony(ctx, 'register', userId, options.challenge);
    return { ceremonyId, options: options as unknown as Record<string, unknown> };
  }

  async add(ctx: Ctx, ceremonyId: string, name: string | undefined, response: unknown): Promise<PasskeyView[]> {
    const userId = this.userIdOf(ctx);
    const ceremony = await this.takeCeremony(ctx, ceremonyId, 'register', userId);
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestError(PASSKEY_NOT_VERIFIED_MESSAGE);
    }
    if (!verification.verified) throw new BadRequestError(PASSKEY_NOT_VERIFIED_MESSAGE);
    const info = verification.registrationInfo;
    const count = (await this.repository.forUser(ctx, userId)).length;
    const inserted = await this.repository.insert(ctx, {
      user_id: userId,
      credential_id: info.credential.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      sign_count: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? []),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name: name?.trim() || `Passkey ${count + 1}`,
      created_at: this.now(),
      last_used_at: null,
    });
    if (!inserted) throw new BadRequestError(PASSKEY_DUPLICATE_MESSAGE);
    return this.list(ctx);
  }

  async remove(ctx: Ctx, id: number): Promise<PasskeyView[]> {
    const userId = this.userIdOf(ctx);
    // Someone else's passkey is "no such passkey": 404, never 403.
    if (!(await this.repository.delete(ctx, userId, id))) throw new NotFoundError('No such passkey');
    return this.list(ctx);
  }

  /** Options for navigator.credentials.get(): any of the shop's passkeys (discoverable). */
  async loginOptions(ctx: Ctx): Promise<CeremonyStart> {
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'preferred',
      timeout: CEREMONY_MS,
    });
    const ceremonyId = await this.startCeremony(ctx, 'login', null, options.challenge);
    return { ceremonyId, options: options as unknown as Record<string, unknown> };
  }

  /** Checks the assertion against the stored key and counter, then signs its owner in (accounts.signInAs). */
  async login(ctx: Ctx, ceremonyId: string, response: unknown): Promise<Account> {
    const ceremony = await this.takeCeremony(ctx, ceremonyId, 'login', null);
    const assertion = response as AuthenticationResponseJSON;
    const passkey =
      typeof assertion?.id === 'string' ? await this.repository.byCredentialId(ctx, assertion.id) : undefined;
    if (!passkey) throw new BadRequestError(PASSKEY_FAILED_MESSAGE);
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: Number(passkey.sign_count),
          transports: transportsOf(passkey),
        },
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestError(PASSKEY_FAILED_MESSAGE);
    }
    if (!verification.verified) throw new BadRequestError(PASSKEY_FAILED_MESSAGE);
    const recorded = await inTransaction(ctx, (tx) =>
      this.repository.recordUse(
        tx,
        passkey.id,
        Number(passkey.sign_count),
        verification.authenticationInfo.newCounter,
        this.now(),
      ),
    );
    if (!recorded) throw new BadRequestError(PASSKEY_FAILED_MESSAGE);
    return this.accounts.signInAs(ctx, passkey.user_id);
  }

  async deleteExpiredCeremonies(ctx: Ctx): Promise<void> {
    await this.repository.deleteExpiredCeremonies(ctx, this.now());
  }
}

function transportsOf(passkey: PasskeyRow) {
  return JSON.parse(passkey.transports) as NonNullable<
    Parameters<typeof generateRegistrationOptions>[0]['excludeCredentials']
  >[number]['transports'];
}

function toView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    backedUp: row.backed_up === 1,
  };
}
