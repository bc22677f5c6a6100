import type { Ctx } from './context.js';

interface StoredReply {
  request_hash: string;
  status: number | null;
  response: string | null;
  created_at: string;
}

/** SQL for Idempotency-Key bookkeeping (table idempotency_keys). */
export class IdempotencyRepository {
  /** Claims the key for a first request; false when someone already holds it. */
  async claim(ctx: Pick<Ctx, 'db'>, keyHash: string, requestHash: string, now: string): Promise<boolean> {
    const result = await ctx.db
      .insertInto('idempotency_keys')
      .values({ key_hash: keyHash, request_hash: requestHash, status: null, response: null, created_at: now })
      .onConflict((oc) => oc.column('key_hash').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  find(ctx: Pick<Ctx, 'db'>, keyHash: string): Promise<StoredReply | undefined> {
    return ctx.db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response', 'created_at'])
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /** Takes over a claim whose request died before it finished (one conditional write). */
  async takeOver(ctx: Pick<Ctx, 'db'>, keyHash: string, staleBefore: string, now: string): Promise<boolean> {
    const result = await ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: now })
      .where('key_hash', '=', keyHash)
      .where('status', 'is', null)
      .where('created_at', '<', staleBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async complete(ctx: Pick<Ctx, 'db'>, keyHash: string, status: number, response: string): Promise<void> {
    await ctx.db.updateTable('idempotency_keys').set({ status, response }).where('key_hash', '=', keyHash).execute();
  }

  async release(ctx: Pick<Ctx, 'db'>, keyHash: string): Promise<void> {
    await ctx.db.deleteFrom('idempotency_keys').where('key_hash', '=', keyHash).where('status', 'is', null).execute();
  }

  async deleteOlderThan(ctx: Pick<Ctx, 'db'>, before: string): Promise<void> {
    await ctx.db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
  }
}
