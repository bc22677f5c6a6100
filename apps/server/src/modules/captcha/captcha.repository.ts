import type { Insertable, Kysely } from 'kysely';
import type { CaptchaChallengesTable, Database } from '../../db/schema.js';

export class CaptchaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<CaptchaChallengesTable>): Promise<void> {
    await this.db.insertInto('captcha_challenges').values(row).execute();
  }

  /**
   * Uses a challenge up: one conditional write that only an unused, unexpired challenge passes, so
   * two requests racing with the same token cannot both succeed. Returns its answer hash, or
   * undefined when there was nothing to use.
   */
  async use(token: string, now: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('captcha_challenges')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
    return row?.answer_hash;
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('captcha_challenges').where('expires_at', '<=', now).execute();
  }
}
