import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DiscountCodesTable, DiscountCodeUsesTable } from '../../db/tables/promotions.js';
import type { DbCtx } from '../../lib/context.js';

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type DiscountCodeUseRow = Selectable<DiscountCodeUsesTable>;
export type NewDiscountCode = Insertable<DiscountCodesTable>;

/** Discount codes and their uses. No rules here beyond what a conditional write must hold. */
export class PromotionsRepository {
  /** The region's code (already upper-case). */
  async byCode(ctx: DbCtx, region: string, code: string): Promise<DiscountCodeRow | undefined> {
    return ctx.db
      .selectFrom('discount_codes')
      .selectAll()
      .where('region', '=', region as DiscountCodeRow['region'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  async byId(ctx: DbCtx, id: number): Promise<DiscountCodeRow | undefined> {
    return ctx.db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** How many live (unreleased) uses this customer has of the code. */
  async liveUsesBy(ctx: DbCtx, codeId: number, customerKey: string): Promise<number> {
    const row = await ctx.db
      .selectFrom('discount_code_uses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code_id', '=', codeId)
      .where('customer_key', '=', customerKey)
      .where('released_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The order's use of this code, live or released. */
  async useOf(ctx: DbCtx, codeId: number, orderRef: string): Promise<DiscountCodeUseRow | undefined> {
    return ctx.db
      .selectFrom('discount_code_uses')
      .selectAll()
      .where('code_id', '=', codeId)
      .where('order_ref', '=', orderRef)
      .executeTakeFirst();
  }

  async usesOfOrder(ctx: DbCtx, orderRef: string): Promise<DiscountCodeUseRow[]> {
    return ctx.db
      .selectFrom('discount_code_uses')
      .selectAll()
      .where('order_ref', '=', orderRef)
      .orderBy('id')
      .execute();
  }

  /**
   * Counts one use if the code is on, within its dates at `now` and under max_uses: one
   * conditional write, so concurrent orders can never pass max_uses. On PostgreSQL a concurrent
   * writer waits for this row's lock and then re-checks the condition on the committed row; the
   * lock also queues the per-customer insert that follows. Answers whether the use was counted.
   */
  async takeUse(ctx: DbCtx, codeId: number, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('discount_codes')
      .set({ uses_count: sql<number>`uses_count + 1` })
      .where('id', '=', codeId)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses_count', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Undoes one takeUse (a use given back, or a per-customer refusal after the count went up). */
  async giveBack(ctx: DbCtx, codeId: number): Promise<void> {
    await ctx.db
      .updateTable('discount_codes')
      .set({ uses_count: sql<number>`uses_count - 1` })
      .where('id', '=', codeId)
      .where('uses_count', '>', 0)
      .execute();
  }

  /**
   * Writes the use only while the customer has fewer live uses of the code than its
   * max_uses_per_customer (or it has none): one conditional INSERT ... SELECT. Run it after
   * takeUse in the same transaction: that UPDATE's row lock (PostgreSQL) or BEGIN IMMEDIATE
   * (SQLite) means no other use of this code can commit between the count and the insert, and on
   * PostgreSQL this statement's fresh snapshot sees every use committed before the lock was ours.
   * Answers whether the use was written.
   */
  async insertUseWithinCustomerLimit(
    ctx: DbCtx,
    use: { code_id: number; order_ref: string; customer_key: string; created_at: number },
  ): Promise<boolean> {
    const result = await ctx.db
      .insertInto('discount_code_uses')
      .columns(['code_id', 'order_ref', 'customer_key', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('discount_codes as code')
          .select([
            eb.val(use.code_id).as('code_id'),
            eb.val(use.order_ref).as('order_ref'),
            eb.val(use.customer_key).as('customer_key'),
            eb.val(use.created_at).as('created_at'),
          ])
          .where('code.id', '=', use.code_id)
          .where((w) =>
            w.or([
              w('code.max_uses_per_customer', 'is', null),
              w(
                'code.max_uses_per_customer',
                '>',
                w
                  .selectFrom('discount_code_uses as used')
                  .select((s) => s.fn.countAll<number>().as('n'))
                  .where('used.code_id', '=', use.code_id)
                  .where('used.customer_key', '=', use.customer_key)
                  .where('used.released_at', 'is', null),
              ),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async deleteUse(ctx: DbCtx, id: number): Promise<void> {
    await ctx.db.deleteFrom('discount_code_uses').where('id', '=', id).execute();
  }

  /**
   * Marks the order's live uses released (one conditional write: a second call, or a concurrent
   * one, finds none). Answers the codes whose count must go down, one entry per use released.
   */
  async releaseUses(ctx: DbCtx, orderRef: string, now: number): Promise<number[]> {
    const rows = await ctx.db
      .updateTable('discount_code_uses')
      .set({ released_at: now })
      .where('order_ref', '=', orderRef)
      .where('released_at', 'is', null)
      .returning('code_id')
      .execute();
    return rows.map((row) => row.code_id);
  }

  /** Removes every code and use (the demo seed starts afresh). */
  async clear(ctx: DbCtx): Promise<void> {
    await ctx.db.deleteFrom('discount_code_uses').execute();
    await ctx.db.deleteFrom('discount_codes').execute();
  }

  /** One statement per code: SQLite fills a multi-row insert's missing columns with NULL, not their defaults. */
  async insertCodes(ctx: DbCtx, rows: NewDiscountCode[]): Promise<DiscountCodeRow[]> {
    const inserted: DiscountCodeRow[] = [];
    for (const row of rows) {
      inserted.push(await ctx.db.insertInto('discount_codes').values(row).returningAll().executeTakeFirstOrThrow());
    }
    return inserted;
  }

  async listByRegion(ctx: DbCtx, region: string): Promise<DiscountCodeRow[]> {
    return ctx.db
      .selectFrom('discount_codes')
      .selectAll()
      .where('region', '=', region as DiscountCodeRow['region'])
      .orderBy('code')
      .execute();
  }

  /** Changes a code's rules (never its uses or count); undefined when the region has no such code. */
  async update(
    ctx: DbCtx,
    region: string,
    id: number,
    changes: Updateable<DiscountCodesTable>,
  ): Promise<DiscountCodeRow | undefined> {
    return ctx.db
      .updateTable('discount_codes')
      .set(changes)
      .where('id', '=', id)
      .where('region', '=', region as DiscountCodeRow['region'])
      .returningAll()
      .executeTakeFirst();
  }
}
