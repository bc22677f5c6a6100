import type { Selectable } from 'kysely';
import type { SessionsTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepository {
  async insert(
    ctx: DbCtx,
    row: { user_id: number; token_hash: string; created_at: number; last_seen_at: number; expires_at: number },
  ): Promise<number> {
    const inserted = await ctx.db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async byTokenHash(ctx: DbCtx, tokenHash: string): Promise<SessionRow | undefined> {
    return ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async touch(ctx: DbCtx, id: number, now: number): Promise<void> {
    await ctx.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async delete(ctx: DbCtx, id: number): Promise<void> {
    await ctx.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of the user but `except` (when given). */
  async deleteForUser(ctx: DbCtx, userId: number, except: number | null): Promise<void> {
    let query = ctx.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (except !== null) query = query.where('id', '!=', except);
    await query.execute();
  }

  /** Sessions past either limit: idle since before `idleBefore`, or past their absolute expiry. */
  async deleteExpired(ctx: DbCtx, now: number, idleBefore: number): Promise<number> {
    const result = await ctx.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleBefore)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
