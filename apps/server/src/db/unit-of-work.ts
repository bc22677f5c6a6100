import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { type Ctx, type Executor, runAfterCommit, type TransactionState } from '../lib/context.js';

interface TransactionOptions {
  /** PostgreSQL's isolation level (default read committed). SQLite transactions are serializable. */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** PostgreSQL: how many times to run `fn` when it loses a serialization race or a deadlock. */
  maxAttempts?: number;
}

/** PostgreSQL's codes for "run it again": serialization_failure and deadlock_detected. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const DEFAULT_ATTEMPTS = 5;

function isRetryableTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * The only way to open a transaction. Inside it, `fn` gets a context whose `db` is the
 * transaction's connection; every repository call made with that context is part of it.
 *
 * - An inner call (ctx already in a transaction) joins the open one instead of nesting.
 * - SQLite: `BEGIN IMMEDIATE`, so the write lock is taken up front and two writers never
 *   deadlock upgrading read locks.
 * - PostgreSQL: a serialization failure or deadlock (40001, 40P01) reruns `fn` from the start, a
 *   bounded number of times with a short jittered pause; `fn` must therefore not have effects
 *   outside the database (it may register them with afterCommit).
 * - afterCommit callbacks run, in order, only after COMMIT; a rollback (or a retried attempt)
 *   drops them.
 *
 * Never await the network (a payment provider, SMTP) inside `fn`: SQLite has one writer.
 */
export async function inTransaction<T>(
  ctx: Ctx,
  fn: (tx: Ctx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (ctx.transaction) return fn(ctx);
  const attempts = ctx.dialect === 'postgres' ? (options.maxAttempts ?? DEFAULT_ATTEMPTS) : 1;
  for (let attempt = 1; ; attempt++) {
    const state: TransactionState = { callbacks: [] };
    try {
      const result =
        ctx.dialect === 'sqlite' ? await runSqlite(ctx, state, fn) : await runPostgres(ctx, state, fn, options);
      await runAfterCommit(state.callbacks, ctx.log);
      return result;
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      await sleep(Math.round(5 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

function child(ctx: Ctx, db: Executor, state: TransactionState): Ctx {
  return {
    ...ctx,
    db,
    transaction: state,
    afterCommit(callback) {
      state.callbacks.push(callback);
    },
  };
}

async function runSqlite<T>(ctx: Ctx, state: TransactionState, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  // Kysely's own transaction() says plain BEGIN; IMMEDIATE needs the connection in hand.
  return ctx.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await fn(child(ctx, connection, state));
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

async function runPostgres<T>(
  ctx: Ctx,
  state: TransactionState,
  fn: (tx: Ctx) => Promise<T>,
  options: TransactionOptions,
): Promise<T> {
  const builder = ctx.db.transaction();
  const withLevel = options.isolation ? builder.setIsolationLevel(options.isolation) : builder;
  return withLevel.execute((trx) => fn(child(ctx, trx, state)));
}
