import type { Insertable, Selectable, Updateable } from 'kysely';
import type { SavedSearchesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type SavedSearchRow = Selectable<SavedSearchesTable>;

/** SQL of saved searches. Every read and write names the owner and region: nobody reaches another's row. */
export class SavedSearchesRepository {
  async list(ctx: DbCtx, userId: number, region: string): Promise<SavedSearchRow[]> {
    return ctx.db
      .selectFrom('saved_searches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('region', '=', region as SavedSearchRow['region'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async count(ctx: DbCtx, userId: number, region: string): Promise<number> {
    const row = await ctx.db
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('region', '=', region as SavedSearchRow['region'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async owned(ctx: DbCtx, userId: number, region: string, id: number): Promise<SavedSearchRow | undefined> {
    return ctx.db
      .selectFrom('saved_searches')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('region', '=', region as SavedSearchRow['region'])
      .executeTakeFirst();
  }

  async insert(ctx: DbCtx, row: Insertable<SavedSearchesTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('saved_searches').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Changes the owner's row; false when there is none (deleted meanwhile, or not theirs). */
  async update(
    ctx: DbCtx,
    userId: number,
    region: string,
    id: number,
    changes: Updateable<SavedSearchesTable>,
  ): Promise<boolean> {
    const result = await ctx.db
      .updateTable('saved_searches')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('region', '=', region as SavedSearchRow['region'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(ctx: DbCtx, userId: number, region: string, id: number): Promise<boolean> {
    const result = await ctx.db
      .deleteFrom('saved_searches')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('region', '=', region as SavedSearchRow['region'])
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Holds the customer's row until the transaction ends, so two saves cannot both pass the limit. */
  async lockOwner(ctx: DbCtx, userId: number): Promise<void> {
    if (ctx.dialect !== 'postgres') return;
    await ctx.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}
