import type { Insertable, Selectable } from 'kysely';
import type { StaffInvitationsTable, StaffRoleColumn } from '../../../db/tables/console.js';
import type { DbCtx } from '../../../lib/context.js';

export type InvitationRow = Selectable<StaffInvitationsTable>;
export interface StaffRecord {
  role: StaffRoleColumn;
  storeIds: number[];
}

/** SQL of staff roles and invitations. No rules here: the service decides who may do what. */
export class StaffRepository {
  async staffOf(ctx: DbCtx, userId: number): Promise<StaffRecord | undefined> {
    const member = await ctx.db
      .selectFrom('staff_members')
      .select('role')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!member) return undefined;
    const stores = await ctx.db
      .selectFrom('staff_stores')
      .select('store_id')
      .where('user_id', '=', userId)
      .orderBy('store_id')
      .execute();
    return { role: member.role, storeIds: stores.map((s) => s.store_id) };
  }

  /**
   * Gives an account a role and stores, adding to what it had: an admin stays an admin (the role
   * that can do more), and stores are added, never taken away, by a grant.
   */
  async grant(ctx: DbCtx, userId: number, role: StaffRoleColumn, storeIds: number[], now: number): Promise<void> {
    const existing = await ctx.db
      .selectFrom('staff_members')
      .select('role')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!existing) {
      await ctx.db
        .insertInto('staff_members')
        .values({ user_id: userId, role, created_at: now, updated_at: now })
        .execute();
    } else if (existing.role !== 'marketplace_admin' && role === 'marketplace_admin') {
      await ctx.db.updateTable('staff_members').set({ role, updated_at: now }).where('user_id', '=', userId).execute();
    }
    if (storeIds.length > 0)
      await ctx.db
        .insertInto('staff_stores')
        .values(storeIds.map((store_id) => ({ user_id: userId, store_id })))
        .onConflict((oc) => oc.columns(['user_id', 'store_id']).doNothing())
        .execute();
  }

  /** Sets an account's role and its stores to exactly these (the caller decides which to keep). */
  async setStaff(ctx: DbCtx, userId: number, role: StaffRoleColumn, storeIds: number[], now: number): Promise<void> {
    await ctx.db.updateTable('staff_members').set({ role, updated_at: now }).where('user_id', '=', userId).execute();
    await ctx.db.deleteFrom('staff_stores').where('user_id', '=', userId).execute();
    if (storeIds.length > 0)
      await ctx.db
        .insertInto('staff_stores')
        .values(storeIds.map((store_id) => ({ user_id: userId, store_id })))
        .execute();
  }

  /** Takes the role and stores away (the account stays a customer's). */
  async removeStaff(ctx: DbCtx, userId: number): Promise<void> {
    await ctx.db.deleteFrom('staff_stores').where('user_id', '=', userId).execute();
    await ctx.db.deleteFrom('staff_members').where('user_id', '=', userId).execute();
  }

  async listStaff(ctx: DbCtx) {
    const members = await ctx.db
      .selectFrom('staff_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'u.email', 'u.first_name', 'u.last_name'])
      .orderBy('u.email_key')
      .execute();
    const links = await ctx.db.selectFrom('staff_stores').select(['user_id', 'store_id']).orderBy('store_id').execute();
    return members.map((m) => ({
      ...m,
      storeIds: links.filter((l) => l.user_id === m.user_id).map((l) => l.store_id),
    }));
  }

  async insertInvitation(ctx: DbCtx, row: Insertable<StaffInvitationsTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('staff_invitations').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async listInvitations(ctx: DbCtx, limit: number): Promise<InvitationRow[]> {
    return ctx.db.selectFrom('staff_invitations').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  async invitationByTokenHash(ctx: DbCtx, tokenHash: string): Promise<InvitationRow | undefined> {
    return ctx.db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Uses an invitation once: one conditional write, so two acceptances of one link cannot both succeed. */
  async useInvitation(ctx: DbCtx, id: number, userId: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('staff_invitations')
      .set({ accepted_at: now, accepted_by: userId })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

/** A staff member with their account's name and address, as listStaff reads them. */
export type StaffListRow = Awaited<ReturnType<StaffRepository['listStaff']>>[number];
