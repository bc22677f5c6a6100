import type { Selectable } from 'kysely';
import type { SavedSearchesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type DigestSearchRow = Selectable<SavedSearchesTable>;

/** SQL for digests: which searches are due, moving a search's "since" mark, and unsubscribing. */
export class DigestRepository {
  async idsWithFrequency(ctx: DbCtx, region: 'AU' | 'UK', frequency: number): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom('saved_searches')
      .select('id')
      .where('region', '=', region)
      .where('frequency', '=', frequency)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  find(ctx: DbCtx, id: number): Promise<DigestSearchRow | undefined> {
    return ctx.db.selectFrom('saved_searches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Moves the mark from `from` to `to` only if nobody moved it since it was read (and the search
   * still has this frequency): of two workers sending one digest, exactly one gets true.
   */
  async advanceMark(ctx: DbCtx, id: number, frequency: number, from: number, to: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('saved_searches')
      .set({ alert_since: to })
      .where('id', '=', id)
      .where('frequency', '=', frequency)
      .where('alert_since', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Frequency Never; true when the search exists. */
  async setNever(ctx: DbCtx, id: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('saved_searches')
      .set({ frequency: 0, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
