import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { inTransaction } from '../../db/unit-of-work.js';
import { type Ctx, systemContext } from '../../lib/context.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { type JobHandler, JobWorker } from './job-worker.js';
import { JobsService } from './jobs.service.js';

const quiet = { error: () => undefined };

describe.each(testDatabaseTargets())('jobs on $name', (target) => {
  let ctx: Ctx;
  let clock: number;
  let jobs: JobsService;
  const extraHandles: DatabaseHandle[] = [];
  const { database } = useTestShop(target, { server: false });

  beforeAll(async () => {
    ctx = systemContext(database.handle, 'AU', quiet);
  });
  afterAll(async () => {
    for (const handle of extraHandles) await handle.close();
  });
  beforeEach(async () => {
    await database.handle.db.deleteFrom('jobs').execute();
    await database.handle.db.deleteFrom('job_schedules').execute();
    clock = Date.parse('2026-11-23T00:00:00Z');
    jobs = new JobsService(() => clock);
  });

  const worker = (
    handlers: Record<string, JobHandler>,
    extra: Partial<ConstructorParameters<typeof JobWorker>[0]> = {},
  ) => new JobWorker({ handle: database.handle, region: 'AU', jobs, handlers, now: () => clock, log: quiet, ...extra });
  const row = (id: number) =>
    database.handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Another connection pool on the same database, as a second server instance would have. */
  function secondHandle(): DatabaseHandle {
    const handle = openDatabase({
      url: database.url,
      dataDir: database.dataDir,
      ...(database.schema ? { schema: database.schema } : {}),
    });
    extraHandles.push(handle);
    return handle;
  }

  it('runs a queued job once and marks it done', async () => {
    const seen: unknown[] = [];
    const { id } = await jobs.enqueue(ctx, { type: 'hello', payload: { name: 'Sam' } });
    const ran = await worker({ hello: async (_ctx, job) => void seen.push([job.payload, job.attempt]) }).drain();
    expect(ran).toBe(1);
    expect(seen).toEqual([[{ name: 'Sam' }, 1]]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, locked_by: null, last_error: null });
  });

  it('collapses duplicates by key, even when enqueued at the same moment', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        jobs.enqueue(ctx, { type: 'digest', key: 'digest:search-7:Daily:2026-11-23', payload: { search: 7 } }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    let runs = 0;
    await worker({ digest: async () => void runs++ }).drain();
    // Done, it still exists once: queueing it again does nothing.
    expect((await jobs.enqueue(ctx, { type: 'digest', key: 'digest:search-7:Daily:2026-11-23' })).created).toBe(false);
    await worker({ digest: async () => void runs++ }).drain();
    expect(runs).toBe(1);
  });

  it('writes a job with the transaction that asks for it: a rollback leaves none, and local workers wake after commit', async () => {
    await expect(
      inTransaction(ctx, async (tx) => {
        await jobs.enqueue(tx, { type: 'hello' });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await database.handle.db.selectFrom('jobs').select('id').execute()).toEqual([]);

    const woken: string[] = [];
    const stop = jobs.onEnqueued(() => woken.push('woken'));
    await inTransaction(ctx, async (tx) => {
      await jobs.enqueue(tx, { type: 'hello' });
      expect(woken).toEqual([]);
    });
    stop();
    expect(woken).toEqual(['woken']);
  });

  it('keeps a job queued in an open transaction out of sight of other connections until it commits', async () => {
    // Another instance's connection: on SQLite a second connection to the file (one handle has one
    // connection, which the open transaction holds); on PostgreSQL another pool.
    const other = secondHandle();
    const otherWorker = new JobWorker({
      handle: other,
      region: 'AU',
      jobs: new JobsService(() => clock),
      handlers: { hello: async () => undefined },
      now: () => clock,
      log: quiet,
    });
    const seen = () => other.db.selectFrom('jobs').select('id').execute();
    const id = await inTransaction(ctx, async (tx) => {
      const job = await jobs.enqueue(tx, { type: 'hello' });
      expect(await seen()).toEqual([]);
      // SQLite's claim would wait for the writer (BEGIN IMMEDIATE); PostgreSQL's finds nothing.
      if (target.name === 'postgres') expect(await otherWorker.runOnce()).toBe(0);
      return job.id;
    });
    expect(await seen()).toEqual([{ id }]);
    expect(await otherWorker.drain()).toBe(1);
  });

  it('retries a failing job with growing back-off, then marks it failed with the error', async () => {
    const attempts: number[] = [];
    const failing = worker(
      {
        flaky: async (_ctx, job) => {
          attempts.push(job.attempt);
          throw new Error(`SMTP said no (${job.attempt})`);
        },
      },
      { backoff: (attempt) => 1000 * 2 ** (attempt - 1) },
    );
    const { id } = await jobs.enqueue(ctx, { type: 'flaky', maxAttempts: 3 });
    expect(await failing.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      run_at: clock + 1000,
      last_error: 'SMTP said no (1)',
    });
    // Not due yet.
    expect(await failing.runOnce()).toBe(0);
    clock += 1000;
    expect(await failing.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 2, run_at: clock + 2000 });
    clock += 1999;
    expect(await failing.runOnce()).toBe(0);
    clock += 1;
    expect(await failing.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'SMTP said no (3)',
      finished_at: clock,
    });
    clock += 3_600_000;
    expect(await failing.runOnce()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('runs a job again after its lease lapses when its worker died mid-run', async () => {
    const runs: string[] = [];
    const { id } = await jobs.enqueue(ctx, { type: 'slow' });
    const doomed = worker(
      { slow: () => new Promise<void>(() => runs.push('doomed started')) },
      { leaseMs: 60_000, id: 'doomed' },
    );
    // The doomed worker claims it and never finishes (as if its process were killed).
    void doomed.runOnce();
    await expect.poll(() => runs).toEqual(['doomed started']);
    const rescuer = worker({ slow: async () => void runs.push('rescued') }, { id: 'rescuer' });
    expect(await rescuer.runOnce()).toBe(0);
    clock += 60_001;
    expect(await rescuer.runOnce()).toBe(1);
    expect(runs).toEqual(['doomed started', 'rescued']);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails a job whose worker died during its last attempt, rather than retrying it for ever', async () => {
    const { id } = await jobs.enqueue(ctx, { type: 'poison', maxAttempts: 2 });
    const runs: string[] = [];
    for (const name of ['first', 'second']) {
      const dying = worker({ poison: () => new Promise<void>(() => runs.push(name)) }, { leaseMs: 1000, id: name });
      void dying.runOnce();
      await expect.poll(() => runs).toContain(name);
      clock += 1001;
    }
    const errors: unknown[] = [];
    const third = worker({ poison: async () => void runs.push('third') }, { log: { error: (o) => errors.push(o) } });
    expect(await third.runOnce()).toBe(0);
    expect(runs).toEqual(['first', 'second']);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, locked_by: null, finished_at: clock });
    expect((await row(id)).last_error).toMatch(/lease lapsed/);
    expect(errors).toEqual([{ job: id, type: 'poison' }]);
  });

  it('ignores a stalled run that finishes after its job was claimed again, even by the same worker', async () => {
    const releases: (() => void)[] = [];
    const stalling = worker(
      { slow: () => new Promise<void>((resolve) => releases.push(resolve)) },
      { leaseMs: 1000, id: 'same' },
    );
    const { id } = await jobs.enqueue(ctx, { type: 'slow' });
    const firstRun = stalling.runOnce();
    await expect.poll(() => releases.length).toBe(1);
    clock += 1001;
    const secondRun = stalling.runOnce();
    await expect.poll(() => releases.length).toBe(2);
    // The first run ends while the second holds the job: the job stays the second's.
    releases[0]?.();
    await firstRun;
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 2, locked_by: 'same' });
    releases[1]?.();
    await secondRun;
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('keeps queued jobs across a restart: a new process on the same database runs them', async () => {
    const { id } = await jobs.enqueue(ctx, { type: 'later' });
    const handle = secondHandle();
    const seen: number[] = [];
    const fresh = new JobWorker({
      handle,
      region: 'AU',
      jobs: new JobsService(() => clock),
      handlers: { later: async (_ctx, job) => void seen.push(job.id) },
      now: () => clock,
      log: quiet,
    });
    expect(await fresh.drain()).toBe(1);
    expect(seen).toEqual([id]);
  });

  it('runs each of 1,000 jobs exactly once with two workers on separate connections', async () => {
    const values = Array.from({ length: 1000 }, (_, i) => ({
      type: 'count',
      payload: JSON.stringify(i),
      key: null,
      status: 'queued' as const,
      attempts: 0,
      max_attempts: 3,
      run_at: clock,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: clock,
      finished_at: null,
    }));
    for (let i = 0; i < values.length; i += 250)
      await database.handle.db
        .insertInto('jobs')
        .values(values.slice(i, i + 250))
        .execute();
    const runs = new Map<number, number>();
    const count: JobHandler = async (_ctx, job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const handle = target.name === 'postgres' ? secondHandle() : database.handle;
    const first = worker({ count }, { concurrency: 8, id: 'first' });
    const second = new JobWorker({
      handle,
      region: 'AU',
      jobs: new JobsService(() => clock),
      handlers: { count },
      now: () => clock,
      log: quiet,
      concurrency: 8,
      id: 'second',
    });
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a + b).toBe(1000);
    expect(runs.size).toBe(1000);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    if (target.name === 'postgres') {
      // Both really took part.
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
  });

  it('turns a due schedule into one job, however many instances look at once, and moves it on', async () => {
    await jobs.schedule(ctx, {
      name: 'cleanup',
      type: 'tidy',
      cadence: { daily: { hour: 3, minute: 0 } },
      timeZone: 'Australia/Sydney',
    });
    const schedule = await database.handle.db.selectFrom('job_schedules').selectAll().executeTakeFirstOrThrow();
    // 03:00 in Sydney (summer time) is 16:00 UTC.
    expect(new Date(Number(schedule.next_run_at)).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(await jobs.queueDueSchedules(ctx)).toBe(0);
    clock = Number(schedule.next_run_at) + 5;
    const others = Array.from({ length: 4 }, () => new JobsService(() => clock));
    const queued = await Promise.all([jobs, ...others].map((service) => service.queueDueSchedules(ctx)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const moved = await database.handle.db.selectFrom('job_schedules').selectAll().executeTakeFirstOrThrow();
    expect(new Date(Number(moved.next_run_at)).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    let ran = 0;
    await worker({ tidy: async () => void ran++ }).drain();
    expect(ran).toBe(1);
  });

  it('starts and stops: a started worker picks up a job as soon as it is queued', async () => {
    const seen: number[] = [];
    const live = worker({ ping: async (_ctx, job) => void seen.push(job.id) }, { now: Date.now, pollMs: 60_000 });
    live.start();
    try {
      // The next poll is a minute away: only the wake after the enqueue can make this quick.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { id } = await jobs.enqueue(ctx, { type: 'ping', runAt: 0 });
      await expect.poll(() => seen, { timeout: 5000 }).toContain(id);
    } finally {
      await live.stop();
    }
  });
});
