import type { StoreRow } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class StoresRepository {
  listByRegion(ctx: DbCtx, region: 'AU' | 'UK'): Promise<StoreRow[]> {
    return ctx.db.selectFrom('stores').selectAll().where('region', '=', region).orderBy('id').execute();
  }

  findById(ctx: DbCtx, id: number): Promise<StoreRow | undefined> {
    return ctx.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
