import type { Selectable } from 'kysely';
import type { PaymentAttemptsTable, PaymentEventKind, PaymentStatus } from '../../db/tables/orders.js';
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

  async byId(ctx: DbCtx, id: number): Promise<PaymentAttemptRow | undefined> {
    return ctx.db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Attempts still open (pending or authorised) and last touched before `before`: the reconciler's work. */
  async openBefore(ctx: DbCtx, before: number, limit: number): Promise<PaymentAttemptRow[]> {
    return ctx.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('status', 'in', ['pending', 'authorised'])
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  /**
   * Attempts closed as cancelled between `from` and `to` that the reconciler has not looked at
   * since (no 'late-check' event), oldest first, from providers that take money on their own page.
   */
  async closedUnchecked(
    ctx: DbCtx,
    providers: string[],
    from: number,
    to: number,
    limit: number,
  ): Promise<PaymentAttemptRow[]> {
    if (providers.length === 0) return [];
    return ctx.db
      .selectFrom('payment_attempts as a')
      .selectAll('a')
      .where('a.status', '=', 'cancelled')
      .where('a.provider', 'in', providers)
      .where('a.updated_at', '>=', from)
      .where('a.updated_at', '<', to)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('payment_attempt_events as e')
              .select('e.id')
              .whereRef('e.attempt_id', '=', 'a.id')
              .where('e.kind', '=', 'late-check'),
          ),
        ),
      )
      .orderBy('a.updated_at')
      .limit(limit)
      .execute();
  }

  async setProviderReference(ctx: DbCtx, id: number, reference: string): Promise<void> {
    await ctx.db.updateTable('payment_attempts').set({ provider_reference: reference }).where('id', '=', id).execute();
  }

  /** Touches an open attempt (the reconciler asked and the provider said "still pending"). */
  async touch(ctx: DbCtx, id: number, now: number): Promise<void> {
    await ctx.db
      .updateTable('payment_attempts')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'authorised'])
      .execute();
  }

  async addEvent(ctx: DbCtx, attemptId: number, kind: PaymentEventKind, detail: object, now: number): Promise<void> {
    await ctx.db
      .insertInto('payment_attempt_events')
      .values({ attempt_id: attemptId, kind, detail: JSON.stringify(detail), created_at: now })
      .execute();
  }

  async events(ctx: DbCtx, attemptId: number) {
    return ctx.db
      .selectFrom('payment_attempt_events')
      .select(['kind', 'detail', 'created_at'])
      .where('attempt_id', '=', attemptId)
      .orderBy('id')
      .execute();
  }
}
