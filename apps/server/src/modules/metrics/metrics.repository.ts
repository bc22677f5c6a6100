import { sql } from 'kysely';
import type { PaymentStatus } from '../../db/tables/orders.js';
import type { DbCtx } from '../../lib/context.js';

/** Every status a payment attempt can have (db/tables/orders.ts). */
const PAYMENT_STATUSES: PaymentStatus[] = ['pending', 'authorised', 'succeeded', 'failed', 'cancelled', 'refunded'];
const OPEN_PAYMENT_STATUSES: PaymentStatus[] = ['pending', 'authorised'];

/**
 * The scrape's and the readiness check's reads. Besides `select 1`, these are counts over other
 * modules' tables (the mail outbox, payment attempts) that no service offers: only numbers leave
 * this file, never a row, and each read is the range of an index (mail_outbox_unsent,
 * payment_attempts_status), so a scrape costs the same however much mail was sent or paid.
 */
export class MetricsRepository {
  /** Answers when the database does. */
  async ping(ctx: DbCtx): Promise<void> {
    await sql`select 1`.execute(ctx.db);
  }

  /** Mail not sent yet (waiting, being retried, or given up on), and when the oldest was written. */
  async unsentMail(ctx: DbCtx): Promise<{ count: number; oldestCreatedAt: string | null }> {
    const counted = await ctx.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    const oldest = await ctx.db
      .selectFrom('mail_outbox')
      .select('created_at')
      .where('sent_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return { count: Number(counted?.count ?? 0), oldestCreatedAt: oldest?.created_at ?? null };
  }

  /** Payment attempts whose status last changed at or after `since`, by provider and status. */
  async paymentAttemptsChangedSince(
    ctx: DbCtx,
    since: number,
  ): Promise<{ provider: string; status: string; count: number }[]> {
    const rows = await ctx.db
      .selectFrom('payment_attempts')
      .select(['provider', 'status'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      // Every status, named, so the (status, updated_at) index serves the range.
      .where('status', 'in', PAYMENT_STATUSES)
      .where('updated_at', '>=', since)
      .groupBy(['provider', 'status'])
      .execute();
    return rows.map((r) => ({ provider: r.provider, status: r.status, count: Number(r.count) }));
  }

  /** Attempts still open (pending or authorised), whenever they started, by provider. */
  async openPaymentAttempts(ctx: DbCtx): Promise<{ provider: string; count: number }[]> {
    const rows = await ctx.db
      .selectFrom('payment_attempts')
      .select('provider')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', OPEN_PAYMENT_STATUSES)
      .groupBy('provider')
      .execute();
    return rows.map((r) => ({ provider: r.provider, count: Number(r.count) }));
  }
}
