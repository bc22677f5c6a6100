import type { Insertable } from 'kysely';
import type { ConsoleAuditTable } from '../../../db/tables/console.js';
import type { DbCtx } from '../../../lib/context.js';

/** SQL of the console's audit trail (`console_audit`). No rules here. */
export class AuditRepository {
  /** Records one console action (inside the action's own transaction). */
  async insert(ctx: DbCtx, row: Insertable<ConsoleAuditTable>): Promise<void> {
    await ctx.db.insertInto('console_audit').values(row).execute();
  }

  /** A page of a store's audit trail, newest first, with each staff member's e-mail address. */
  async page(ctx: DbCtx, storeId: number, limit: number, offset: number) {
    return ctx.db
      .selectFrom('console_audit')
      .leftJoin('users', 'users.id', 'console_audit.user_id')
      .selectAll('console_audit')
      .select('users.email')
      .where('console_audit.store_id', '=', storeId)
      .orderBy('console_audit.created_at', 'desc')
      .orderBy('console_audit.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(ctx: DbCtx, storeId: number): Promise<number> {
    const row = await ctx.db
      .selectFrom('console_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
