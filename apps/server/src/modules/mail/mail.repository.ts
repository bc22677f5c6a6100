import type { Insertable } from 'kysely';
import type { MailOutboxRow, MailOutboxTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export class MailRepository {
  async insert(ctx: DbCtx, row: Insertable<MailOutboxTable>): Promise<number> {
    const inserted = await ctx.db.insertInto('mail_outbox').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  latest(ctx: DbCtx, limit: number): Promise<MailOutboxRow[]> {
    return ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }

  /** Unsent mail whose time has come, oldest first. */
  async due(ctx: DbCtx, now: string, maxAttempts: number, limit: number): Promise<number[]> {
    const rows = await ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes one message for sending: a conditional write that only one sender (of many instances) can
   * win. The lease keeps others off it while it is sent, and lapses if this sender dies.
   */
  async claim(ctx: DbCtx, id: number, now: string, leaseUntil: string): Promise<MailOutboxRow | undefined> {
    return ctx.db
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .returningAll()
      .executeTakeFirst();
  }

  async markSent(ctx: DbCtx, id: number, now: string): Promise<void> {
    await ctx.db
      .updateTable('mail_outbox')
      .set({ sent_at: now, last_error: null, next_attempt_at: null })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(ctx: DbCtx, id: number, error: string, retryAt: string): Promise<void> {
    await ctx.db
      .updateTable('mail_outbox')
      .set({ last_error: error, next_attempt_at: retryAt })
      .where('id', '=', id)
      .execute();
  }
}
