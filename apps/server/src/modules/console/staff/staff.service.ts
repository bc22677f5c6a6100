import {
  type AdminStaffBodySchema,
  type ConsoleInviteBody,
  type ConsoleMeValue,
  type ConsoleStaffValue,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  INVITATION_TTL_MS,
  NO_SUCH_STAFF_MESSAGE,
  OWN_ROLE_MESSAGE,
} from '@shop/contract';
import type { z } from 'zod';
import type { StoreRow } from '../../../db/schema.js';
import { inTransaction } from '../../../db/unit-of-work.js';
import type { Ctx } from '../../../lib/context.js';
import { HttpError, invalidInput, NotFoundError } from '../../../lib/errors.js';
import { hashToken, newToken } from '../../../lib/tokens.js';
import type { AccountsService } from '../../accounts/accounts.service.js';
import { emailKey } from '../../accounts/accounts.service.js';
import type { MailService } from '../../mail/mail.service.js';
import type { StoresService } from '../../stores/stores.service.js';
import type { ConsoleAuditService } from '../audit/audit.service.js';
import type { StaffCaller, StaffGuard } from './staff.guard.js';
import { type ConsoleStaffMember, toConsoleMe, toConsoleStaff, toConsoleStaffMember } from './staff.mapper.js';
import { StaffRepository } from './staff.repository.js';

export interface ConsoleStaffDependencies {
  guard: StaffGuard;
  audit: Pick<ConsoleAuditService, 'record'>;
  accounts: Pick<AccountsService, 'identity' | 'register'>;
  stores: Pick<StoresService, 'listRows' | 'storeById'>;
  mail: Pick<MailService, 'queue'>;
  now: () => number;
  /** The shop's address, for the invitation link. */
  publicUrl: string;
}

/**
 * Staff roles: who is asking, the admin's list of staff and invitations, the invitation flow
 * (invite, accept, register) and the admin's changes to who runs what.
 *
 * Invitations: a single-use link (a CSPRNG token; only its hash is stored) good for 7 days,
 * e-mailed through the outbox in the invitation's own transaction.
 *
 * Role changes: the role is read from the database on every console call, so a change holds from
 * the member's next request. Only this region's stores can be given or taken: a store of the other
 * region the member runs stays theirs. An admin cannot demote or remove themselves (409), so the
 * marketplace is never left without the admin who made the change noticing. Each change writes
 * one audit line (staff.edit, staff.remove; store_id null) with before and after, in its
 * transaction; a change to what is already so records nothing.
 */
export class ConsoleStaffService {
  constructor(
    private readonly deps: ConsoleStaffDependencies,
    private readonly repository = new StaffRepository(),
  ) {}

  // ---- who is asking ----

  async me(ctx: Ctx): Promise<ConsoleMeValue> {
    const caller = await this.deps.guard.requireStaffMember(ctx);
    const user = await this.deps.accounts.identity(ctx);
    const stores =
      caller.staff.role === 'marketplace_admin'
        ? await this.deps.stores.listRows(ctx)
        : (await Promise.all(caller.staff.storeIds.map((id) => this.deps.stores.storeById(ctx, id)))).filter(
            (s): s is StoreRow => s !== null,
          );
    return toConsoleMe(user?.email ?? '', caller.staff.role, stores);
  }

  // ---- staff and invitations ----

  async staff(ctx: Ctx): Promise<ConsoleStaffValue> {
    await this.deps.guard.requireAdmin(ctx);
    const staff = await this.repository.listStaff(ctx);
    const invitations = await this.repository.listInvitations(ctx, 100);
    return toConsoleStaff(staff, invitations);
  }

  /**
   * An admin invites an address: a single-use link (a CSPRNG token; only its hash is stored) good
   * for 7 days, e-mailed through the outbox in the same transaction as the invitation.
   */
  async invite(ctx: Ctx, body: ConsoleInviteBody): Promise<{ Id: number; ExpiresAt: string }> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    const role = body.Role;
    const storeIds = role === 'marketplace_admin' ? [] : [...new Set(body.StoreIds ?? [])];
    const stores: StoreRow[] = [];
    for (const id of storeIds) {
      const store = await this.deps.stores.storeById(ctx, id);
      if (!store) throw invalidInput('StoreIds', `no store ${id} in this region`);
      stores.push(store);
    }
    const token = newToken();
    const now = this.deps.now();
    const expiresAt = now + INVITATION_TTL_MS;
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}/store-console/invitation#token=${token}`;
    const what =
      role === 'marketplace_admin' ? 'a marketplace admin' : `store staff of ${stores.map((s) => s.name).join(', ')}`;
    const id = await inTransaction(ctx, async (tx) => {
      const inserted = await this.repository.insertInvitation(tx, {
        email: body.Email,
        email_key: emailKey(body.Email),
        role,
        store_ids: JSON.stringify(storeIds),
        token_hash: hashToken(token),
        invited_by: admin.userId,
        created_at: now,
        expires_at: expiresAt,
        accepted_at: null,
        accepted_by: null,
      });
      await this.deps.mail.queue(tx, {
        to: body.Email,
        subject: 'You are invited to the Secondhand store console',
        text: [
          `You have been invited to the Secondhand store console as ${what}.`,
          '',
          `Accept the invitation (sign in or create an account with this e-mail address): ${link}`,
          '',
          `The link works once, for 7 days (until ${new Date(expiresAt).toUTCString()}).`,
          'If you did not expect this, ignore this e-mail.',
        ].join('\n'),
      });
      return inserted;
    });
    return { Id: id, ExpiresAt: new Date(expiresAt).toISOString() };
  }

  /** The signed-in customer accepts an invitation sent to their own address: the role is theirs. */
  async accept(ctx: Ctx, token: string): Promise<ConsoleMeValue> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    const user = await this.deps.accounts.identity(ctx);
    if (!user) throw new HttpError(401, 'Please sign in to continue.');
    const invitation = await this.usable(ctx, token);
    if (invitation.email_key !== user.emailKey) throw new HttpError(403, INVITATION_OTHER_EMAIL_MESSAGE);
    await inTransaction(ctx, async (tx) => {
      // Used once: of two acceptances of one link, the second finds it used and changes nothing.
      if (!(await this.repository.useInvitation(tx, invitation.id, user.id, this.deps.now())))
        throw new NotFoundError(INVITATION_INVALID_MESSAGE);
      await this.repository.grant(tx, user.id, invitation.role, JSON.parse(invitation.store_ids), this.deps.now());
    });
    return this.me(ctx);
  }

  /** A new account for the invited address (signed in at once), then the invitation accepted. */
  async register(
    ctx: Ctx,
    body: { Token: string; Password: string; FirstName: string; LastName: string },
  ): Promise<ConsoleMeValue> {
    const invitation = await this.usable(ctx, body.Token);
    const user = await this.deps.accounts.register(ctx, {
      Email: invitation.email,
      Password: body.Password,
      FirstName: body.FirstName,
      LastName: body.LastName,
    });
    // The new session's viewer: accept reads who is asking from the context.
    const signedIn: Ctx = {
      ...ctx,
      viewer: { kind: 'customer', userId: user.id, sessionId: 0, cartToken: null, wishlistToken: null },
    };
    return this.accept(signedIn, body.Token);
  }

  private async usable(ctx: Ctx, token: string) {
    const invitation = await this.repository.invitationByTokenHash(ctx, hashToken(token));
    if (!invitation || invitation.accepted_at !== null || invitation.expires_at <= this.deps.now())
      throw new NotFoundError(INVITATION_INVALID_MESSAGE);
    return invitation;
  }

  // ---- the admin's changes to who runs what ----

  async setStaff(ctx: Ctx, userId: number, body: z.output<typeof AdminStaffBodySchema>): Promise<ConsoleStaffMember> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    const given = await this.regionStores(ctx, body.Role === 'marketplace_admin' ? [] : body.StoreIds, true);
    await inTransaction(ctx, async (tx) => {
      const before = await this.repository.staffOf(tx, userId);
      if (!before) throw new NotFoundError(NO_SUCH_STAFF_MESSAGE);
      if (userId === admin.userId && body.Role !== 'marketplace_admin') throw new HttpError(409, OWN_ROLE_MESSAGE);
      const ours = new Set(await this.regionStores(tx, before.storeIds, false));
      const kept = before.storeIds.filter((id) => !ours.has(id));
      const storeIds = body.Role === 'marketplace_admin' ? [] : [...new Set([...kept, ...given])].sort((a, b) => a - b);
      if (before.role === body.Role && sameIds(before.storeIds, storeIds)) return;
      await this.repository.setStaff(tx, userId, body.Role, storeIds, this.deps.now());
      await this.record(tx, admin, 'staff.edit', {
        userId,
        before: { role: before.role, storeIds: before.storeIds },
        after: { role: body.Role, storeIds },
      });
    });
    return this.member(ctx, userId);
  }

  async removeStaff(ctx: Ctx, userId: number): Promise<{ Id: number }> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    if (userId === admin.userId) throw new HttpError(409, OWN_ROLE_MESSAGE);
    await inTransaction(ctx, async (tx) => {
      const before = await this.repository.staffOf(tx, userId);
      if (!before) throw new NotFoundError(NO_SUCH_STAFF_MESSAGE);
      await this.repository.removeStaff(tx, userId);
      await this.record(tx, admin, 'staff.remove', {
        userId,
        before: { role: before.role, storeIds: before.storeIds },
      });
    });
    return { Id: userId };
  }

  private async member(ctx: Ctx, userId: number): Promise<ConsoleStaffMember> {
    const found = (await this.repository.listStaff(ctx)).find((m) => m.user_id === userId);
    if (!found) throw new NotFoundError(NO_SUCH_STAFF_MESSAGE);
    return toConsoleStaffMember(found);
  }

  /**
   * The ids that are stores of this region. With `strict`, any other is a 400 naming it (the
   * admin's own input); without, the others are simply left out (what the member already runs).
   */
  private async regionStores(ctx: Ctx, ids: number[], strict: boolean): Promise<number[]> {
    const found: number[] = [];
    for (const id of new Set(ids)) {
      if (await this.deps.stores.storeById(ctx, id)) found.push(id);
      else if (strict) throw invalidInput('StoreIds', `no store ${id} in this region`);
    }
    return found;
  }

  /** A marketplace-wide audit line (store_id null), in the change's own transaction. */
  private record(tx: Ctx, admin: StaffCaller, action: string, detail: Record<string, unknown>): Promise<void> {
    return this.deps.audit.record(tx, { storeId: null, userId: admin.userId, action, detail });
  }
}

function sameIds(a: number[], b: number[]): boolean {
  const x = [...a].sort((m, n) => m - n);
  const y = [...b].sort((m, n) => m - n);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}
