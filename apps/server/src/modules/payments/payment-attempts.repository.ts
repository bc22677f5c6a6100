import type { Selectable } from 'kysely';
import type { PaymentAttemptsTable, PaymentStatus } from '../../db/tables/orders.js';
import type { DbCtx } from '../../lib/context.js';

export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;

export class PaymentAttemptsRepository {
  async insert(ctx: DbCtx, row: Omit<PaymentAttemptRow, 'id'>): Promise<number> {
    const inserted = await ctx.db.insertInto('payment_attempts').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async byTrackingNumber(ctx: DbCtx, trackingNumber: string): Promise<PaymentAttemptRow | undefined> {
    return ctx.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('tracking_number', '=', trackingNumber)
      .executeTakeFirst();
  }

  /** Finalises an attempt by one conditional write: whoever gets there first wins (browser, notification, reconciler). */
  async settle(ctx: DbCtx, id: number, from: PaymentStatus[], to: PaymentStatus, now: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('payment_attempts')
      .set({ status: to, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async forOrder(ctx: DbCtx, orderId: number): Promise<PaymentAttemptRow[]> {
    return ctx.db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }
}
