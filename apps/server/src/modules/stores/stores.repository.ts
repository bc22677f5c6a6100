import type { Insertable, Updateable } from 'kysely';
import type { StoreRow, StoresTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class StoresRepository {
  listByRegion(ctx: DbCtx, region: 'AU' | 'UK'): Promise<StoreRow[]> {
    return ctx.db.selectFrom('stores').selectAll().where('region', '=', region).orderBy('id').execute();
  }

  findById(ctx: DbCtx, id: number): Promise<StoreRow | undefined> {
    return ctx.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every store of both regions (the marketplace admin's list), by region then name. */
  listAll(ctx: DbCtx): Promise<StoreRow[]> {
    return ctx.db.selectFrom('stores').selectAll().orderBy('region').orderBy('name').orderBy('id').execute();
  }

  findBySlug(ctx: DbCtx, slug: string): Promise<StoreRow | undefined> {
    return ctx.db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async insertStore(ctx: DbCtx, row: Insertable<StoresTable>): Promise<StoreRow> {
    return ctx.db.insertInto('stores').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateDetails(ctx: DbCtx, id: number, changes: Updateable<StoresTable>): Promise<StoreRow | undefined> {
    return ctx.db.updateTable('stores').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
