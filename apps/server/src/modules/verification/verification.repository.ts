import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { EmailVerificationCodesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type VerificationCodeRow = Selectable<EmailVerificationCodesTable>;

/** SQL of e-mail verification: codes sent (also the resend counter) and addresses proved. No rules here. */
export class VerificationRepository {
  async isVerified(ctx: DbCtx, userId: number, emailKey: string): Promise<boolean> {
    const row = await ctx.db
      .selectFrom('verified_emails')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('email_key', '=', emailKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markVerified(ctx: DbCtx, userId: number, emailKey: string, now: number): Promise<void> {
    await ctx.db
      .insertInto('verified_emails')
      .values({ user_id: userId, email_key: emailKey, verified_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'email_key']).doNothing())
      .execute();
  }

  /** Holds the address's counter until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
  async lockAddress(ctx: DbCtx, emailKey: string): Promise<void> {
    if (ctx.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(hashtext(${`email-verification|${emailKey}`}))`.execute(ctx.db);
  }

  /** Codes sent to the address since `since` (every user's: the limit protects the mailbox). */
  async sentSince(ctx: DbCtx, emailKey: string, since: number): Promise<{ count: number; oldest: number | null }> {
    const row = await ctx.db
      .selectFrom('email_verification_codes')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('email_key', '=', emailKey)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), oldest: row.oldest === null ? null : Number(row.oldest) };
  }

  async insert(
    ctx: DbCtx,
    row: { email_key: string; user_id: number; code_hash: string; created_at: number; expires_at: number },
  ): Promise<void> {
    await ctx.db.insertInto('email_verification_codes').values(row).execute();
  }

  /** The user's codes for the address that can still be used: unused, unexpired, under the wrong-try limit. */
  async liveCodes(
    ctx: DbCtx,
    userId: number,
    emailKey: string,
    now: number,
    maxWrong: number,
  ): Promise<VerificationCodeRow[]> {
    return ctx.db
      .selectFrom('email_verification_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('email_key', '=', emailKey)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('wrong_attempts', '<', maxWrong)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Uses a code: one conditional write, so two requests with the same code cannot both succeed. */
  async use(ctx: DbCtx, id: number, now: number, maxWrong: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('email_verification_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('wrong_attempts', '<', maxWrong)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A wrong code counts against every live code of the user for the address. */
  async countWrong(ctx: DbCtx, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await ctx.db
      .updateTable('email_verification_codes')
      .set((eb) => ({ wrong_attempts: eb('wrong_attempts', '+', 1) }))
      .where('id', 'in', ids)
      .where('used_at', 'is', null)
      .execute();
  }

  async deleteOlderThan(ctx: DbCtx, before: number): Promise<void> {
    await ctx.db.deleteFrom('email_verification_codes').where('created_at', '<', before).execute();
  }
}
