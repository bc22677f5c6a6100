import type { Insertable, Selectable, Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type UserRow = Selectable<UsersTable>;

export class AccountsRepository {
  /** Inserts the user unless the e-mail is taken; undefined when it is. */
  async insert(ctx: DbCtx, row: Insertable<UsersTable>): Promise<number | undefined> {
    const inserted = await ctx.db
      .insertInto('users')
      .values(row)
      .onConflict((oc) => oc.column('email_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async byEmailKey(ctx: DbCtx, emailKey: string): Promise<UserRow | undefined> {
    return ctx.db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
  }

  async byId(ctx: DbCtx, id: number): Promise<UserRow | undefined> {
    return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(ctx: DbCtx, id: number, changes: Updateable<UsersTable>): Promise<void> {
    await ctx.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  /** Replaces the hash only if it is still `expected` (a rehash must not undo a password change). */
  async replaceHash(ctx: DbCtx, id: number, expected: string, next: string): Promise<void> {
    await ctx.db
      .updateTable('users')
      .set({ password_hash: next })
      .where('id', '=', id)
      .where('password_hash', '=', expected)
      .execute();
  }

  async insertReset(
    ctx: DbCtx,
    row: { user_id: number; token_hash: string; created_at: number; expires_at: number },
  ): Promise<void> {
    await ctx.db.insertInto('password_resets').values(row).execute();
  }

  /**
   * Uses a reset link: one conditional write marks it used if it is unused and unexpired, so two
   * concurrent uses cannot both succeed. Answers the user's id, or undefined.
   */
  async useReset(ctx: DbCtx, tokenHash: string, now: number): Promise<number | undefined> {
    const row = await ctx.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Any other unused link of the user stops working once one is used or the password changes. */
  async expireResets(ctx: DbCtx, userId: number, now: number): Promise<void> {
    await ctx.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async deleteOldResets(ctx: DbCtx, before: number): Promise<void> {
    await ctx.db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
  }
}
