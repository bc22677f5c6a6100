import { sql } from 'kysely';
import type { Ctx } from './context.js';

/** SQL for the shared rate-limit counters (table rate_limits). */
export class RateLimitRepository {
  /**
   * Counts one hit in `key`'s fixed window in one atomic statement (an upsert), so concurrent
   * requests on any instance never lose a count. A window older than `windowMs` starts over.
   */
  async hit(
    ctx: Pick<Ctx, 'db'>,
    key: string,
    now: number,
    windowMs: number,
  ): Promise<{ windowStart: number; hits: number }> {
    const expired = now - windowMs;
    const row = await ctx.db
      .insertInto('rate_limits')
      .values({ key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['window_start', 'hits'])
      .executeTakeFirstOrThrow();
    return { windowStart: Number(row.window_start), hits: Number(row.hits) };
  }

  async find(ctx: Pick<Ctx, 'db'>, key: string): Promise<{ windowStart: number; hits: number } | undefined> {
    const row = await ctx.db
      .selectFrom('rate_limits')
      .select(['window_start', 'hits'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? { windowStart: Number(row.window_start), hits: Number(row.hits) } : undefined;
  }

  async delete(ctx: Pick<Ctx, 'db'>, key: string): Promise<void> {
    await ctx.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async deleteOlderThan(ctx: Pick<Ctx, 'db'>, before: number): Promise<void> {
    await ctx.db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
  }
}
