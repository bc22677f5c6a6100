import { beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, systemContext } from '../lib/context.js';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';
import { inTransaction } from './unit-of-work.js';

describe.each(testDatabaseTargets())('inTransaction on $name', (target) => {
  let ctx: Ctx;
  const { database } = useTestShop(target, {
    server: false,
  });

  beforeAll(async () => {
    ctx = systemContext(database.handle, 'AU');
  });

  /** A row we can count: rate-limit counters are a plain table with a text key. */
  const write = (tx: Ctx, key: string) =>
    tx.db.insertInto('rate_limits').values({ key, window_start: 0, hits: 1 }).execute();
  const exists = async (key: string) =>
    (await ctx.db.selectFrom('rate_limits').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;

  it('commits, then runs afterCommit callbacks in order', async () => {
    const events: string[] = [];
    const result = await inTransaction(ctx, async (tx) => {
      await write(tx, 'commit-1');
      tx.afterCommit(() => {
        events.push('first');
      });
      tx.afterCommit(async () => {
        events.push(`second sees the row: ${await exists('commit-1')}`);
      });
      events.push('body done');
      return 42;
    });
    expect(result).toBe(42);
    expect(events).toEqual(['body done', 'first', 'second sees the row: true']);
  });

  it('rolls everything back on an error and runs no afterCommit', async () => {
    const events: string[] = [];
    await expect(
      inTransaction(ctx, async (tx) => {
        await write(tx, 'rollback-1');
        tx.afterCommit(() => {
          events.push('must not run');
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(events).toEqual([]);
    expect(await exists('rollback-1')).toBe(false);
  });

  it('joins an open transaction instead of nesting: an inner call commits only with the outer one', async () => {
    const events: string[] = [];
    await expect(
      inTransaction(ctx, async (outer) => {
        await write(outer, 'outer-1');
        await inTransaction(outer, async (inner) => {
          expect(inner.transaction).toBe(outer.transaction);
          await write(inner, 'inner-1');
          inner.afterCommit(() => {
            events.push('inner after commit');
          });
        });
        // The inner call finished, but nothing is committed and nothing ran yet.
        expect(events).toEqual([]);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(events).toEqual([]);
    expect(await exists('outer-1')).toBe(false);
    expect(await exists('inner-1')).toBe(false);

    await inTransaction(ctx, async (outer) => {
      await inTransaction(outer, async (inner) => {
        await write(inner, 'inner-2');
        inner.afterCommit(() => {
          events.push('inner after commit');
        });
      });
      expect(events).toEqual([]);
    });
    expect(events).toEqual(['inner after commit']);
    expect(await exists('inner-2')).toBe(true);
  });

  it('runs afterCommit at once outside a transaction, and a failing callback never fails the caller', async () => {
    const events: string[] = [];
    const logged: unknown[] = [];
    const quiet = systemContext(database.handle, 'AU', { error: (object) => logged.push(object) });
    quiet.afterCommit(() => {
      events.push('now');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['now']);
    await inTransaction(quiet, async (tx) => {
      tx.afterCommit(() => {
        throw new Error('callback broke');
      });
      tx.afterCommit(() => {
        events.push('still runs');
      });
    });
    expect(events).toEqual(['now', 'still runs']);
    expect(logged).toHaveLength(1);
  });

  if (target.name === 'postgres') {
    it('reruns the body after a serialization failure or deadlock, keeping only the last attempt', async () => {
      let attempts = 0;
      const events: string[] = [];
      await inTransaction(ctx, async (tx) => {
        attempts++;
        await write(tx, `retry-${attempts}`);
        tx.afterCommit(() => {
          events.push(`attempt ${attempts}`);
        });
        if (attempts === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        if (attempts === 2) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      });
      expect(attempts).toBe(3);
      expect(events).toEqual(['attempt 3']);
      expect([await exists('retry-1'), await exists('retry-2'), await exists('retry-3')]).toEqual([false, false, true]);
    });

    it('gives up after a bounded number of attempts', async () => {
      let attempts = 0;
      await expect(
        inTransaction(
          ctx,
          async () => {
            attempts++;
            throw Object.assign(new Error('could not serialize access'), { code: '40001' });
          },
          { maxAttempts: 3 },
        ),
      ).rejects.toThrow('could not serialize');
      expect(attempts).toBe(3);
    });

    it('retries real serialization failures under SERIALIZABLE until both writers succeed', async () => {
      await ctx.db.insertInto('rate_limits').values({ key: 'counter', window_start: 0, hits: 0 }).execute();
      const bump = () =>
        inTransaction(
          ctx,
          async (tx) => {
            const row = await tx.db
              .selectFrom('rate_limits')
              .select('hits')
              .where('key', '=', 'counter')
              .executeTakeFirstOrThrow();
            await tx.db
              .updateTable('rate_limits')
              .set({ hits: Number(row.hits) + 1 })
              .where('key', '=', 'counter')
              .execute();
          },
          { isolation: 'serializable', maxAttempts: 20 },
        );
      await Promise.all(Array.from({ length: 8 }, bump));
      const row = await ctx.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', 'counter')
        .executeTakeFirstOrThrow();
      expect(Number(row.hits)).toBe(8);
    });
  } else {
    it('takes the write lock up front (BEGIN IMMEDIATE): a second connection cannot write meanwhile', async () => {
      const { default: Sqlite } = await import('better-sqlite3');
      const other = new Sqlite(database.url, { timeout: 0 });
      try {
        await inTransaction(ctx, async () => {
          // Nothing written yet, but the lock is already held.
          expect(() =>
            other.prepare("INSERT INTO rate_limits (key, window_start, hits) VALUES ('x', 0, 1)").run(),
          ).toThrow(/locked|busy/i);
        });
      } finally {
        other.close();
      }
    });
  }
});
