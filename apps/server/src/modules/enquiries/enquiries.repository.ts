import type { DbCtx } from '../../lib/context.js';
import type { Insertable } from 'kysely';
import type { Database, EnquiriesTable } from '../../db/schema.js';

export class EnquiriesRepository {

  async insert(ctx: DbCtx, row: Insertable<EnquiriesTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('enquiries').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }
}
