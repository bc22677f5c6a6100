import type { Insertable } from 'kysely';
import type { CaptchaChallengesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class CaptchaRepository {
  async insert(ctx: DbCtx, row: Insertable<CaptchaChallengesTable>): Promise<void> {
    await ctx.db.insertInto('captcha_challenges').values(row).execute();
  }

  /**
   * Uses a challenge up: one conditional write that only an unused, unexpired challenge passes, so
   * two requests racing with the same token cannot both succeed. Returns its answer hash, or
   * undefined when there was nothing to use.
   */
  async use(ctx: DbCtx, token: string, now: string): Promise<string | undefined> {
    const row = await ctx.db
      .updateTable('captcha_challenges')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    return row?.answer_hash;
  }

  async deleteExpired(ctx: DbCtx, now: string): Promise<void> {
    await ctx.db.deleteFrom('captcha_challenges').where('expires_at', '<=', now).execute();
  }
}
