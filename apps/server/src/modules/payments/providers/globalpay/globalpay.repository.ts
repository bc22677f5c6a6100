import type { DbCtx } from '../../../../lib/context.js';

/** The settlement sweep's one query: GlobalPay attempts paid since `since` (each must be settled at the provider). */
export class GlobalPayRepository {
  async paidSince(ctx: DbCtx, since: number, limit = 100): Promise<string[]> {
    const rows = await ctx.db
      .selectFrom('payment_attempts')
      .select('tracking_number')
      .where('provider', '=', 'GlobalPay')
      .where('status', '=', 'succeeded')
      .where('updated_at', '>=', since)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.tracking_number);
  }
}
