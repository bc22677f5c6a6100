import type { Insertable } from 'kysely';
import type { EnquiriesTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class EnquiriesRepository {
  async insert(ctx: DbCtx, row: Insertable<EnquiriesTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('enquiries').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }
}
