import { randomBytes } from 'node:crypto';
import type { Region } from '@shop/contract';
import type { DatabaseHandle } from '../../db/database.js';
import { inTransaction } from '../../db/unit-of-work.js';
import { type ContextLogger, type Ctx, systemContext } from '../../lib/context.js';
import { type JobRow, JobsRepository } from './jobs.repository.js';
import type { JobsService } from './jobs.service.js';

export interface Job {
  id: number;
  type: string;
  payload: unknown;
  /** 1 on the first run. */
  attempt: number;
}

/** Does one job. Throwing schedules a retry (with back-off) until the job's attempts run out. */
export type JobHandler = (ctx: Ctx, job: Job) => Promise<void>;

/** 1 s, 2 s, 4 s ... at most an hour, with ±20 % jitter so retries of a burst spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface WorkerOptions {
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>;
  region: Region;
  jobs: JobsService;
  handlers: Record<string, JobHandler>;
  /** Jobs run at once by this worker (default 2: the machine's cores). */
  concurrency?: number;
  /** How often to look for due jobs and schedules when nothing wakes it (default 1 s). */
  pollMs?: number;
  /** How long a claimed job is this worker's; past it, another worker may run it again (default 5 min). */
  leaseMs?: number;
  now?: () => number;
  backoff?: (attempt: number) => number;
  log?: ContextLogger;
  /** A name for the lease holder (default: host-pid-random). */
  id?: string;
}

/**
 * Claims and runs jobs. Several workers (in this process, in other server instances, or alone via
 * `npm run worker`) share one queue: a claim takes rows with FOR UPDATE SKIP LOCKED on
 * PostgreSQL or under BEGIN IMMEDIATE on SQLite, and marks them running with a lease. Handlers run
 * outside that transaction (a job may talk to SMTP). A worker that dies leaves its lease to lapse,
 * and the job runs again: handlers must be safe to repeat.
 */
export class JobWorker {
  readonly id: string;
  private readonly repository = new JobsRepository();
  private readonly ctx: Ctx;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: WorkerOptions) {
    this.id = options.id ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.ctx = systemContext(options.handle, options.region, options.log);
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.options.jobs.onEnqueued(() => this.wake());
    this.schedulePoll(0);
  }

  /** Stops claiming and waits for the jobs it is running. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Nothing new starts once stopped; wait for the claim in flight and the jobs running.
    while (this.ticking || this.running.size > 0) {
      await this.ticking;
      await Promise.allSettled([...this.running]);
    }
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    if (!this.stopped) this.tick();
  }

  private schedulePoll(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref();
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.fill()
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'the job worker could not claim jobs'))
      .finally(() => {
        this.ticking = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.tick();
        } else {
          this.schedulePoll(this.options.pollMs ?? 1000);
        }
      });
  }

  /** Queues due schedules and claims as many jobs as there are free slots; does not wait for them. */
  private async fill(): Promise<void> {
    await this.options.jobs.queueDueSchedules(this.ctx);
    const free = (this.options.concurrency ?? 2) - this.running.size;
    for (const job of await this.claim(free)) {
      const run: Promise<void> = this.run(job).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
  }

  /** Claims due jobs and runs them, waiting until they finish; returns how many ran (tests, and draining). */
  async runOnce(limit = this.options.concurrency ?? 2): Promise<number> {
    await this.options.jobs.queueDueSchedules(this.ctx);
    const jobs = await this.claim(limit);
    await Promise.all(jobs.map((job) => this.run(job)));
    return jobs.length;
  }

  /** Runs jobs until none is due. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runOnce();
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async claim(limit: number): Promise<JobRow[]> {
    if (limit <= 0) return [];
    const types = Object.keys(this.options.handlers);
    const now = this.now;
    const { failed, claimed } = await inTransaction(this.ctx, async (tx) => {
      const failed = await this.repository.failExhaustedLeases(tx, types, now);
      const ids = await this.repository.claimable(tx, types, now, limit);
      const claimed = await this.repository.markRunning(tx, ids, this.id, now + (this.options.leaseMs ?? 5 * 60_000));
      return { failed, claimed };
    });
    for (const row of failed) {
      this.ctx.log.error({ job: row.id, type: row.type }, 'a job failed: its worker stopped during the last attempt');
    }
    return claimed;
  }

  /**
   * Runs one claimed job and records how it went. Never rejects: if the outcome cannot be written
   * (the database is away), it is logged and the lease lapses, so the job runs again later.
   */
  private async run(row: JobRow): Promise<void> {
    const handler = Object.hasOwn(this.options.handlers, row.type) ? this.options.handlers[row.type] : undefined;
    const claim = { worker: this.id, attempt: row.attempts };
    let failure: { error: unknown } | null = null;
    try {
      if (!handler) throw new Error(`No handler for jobs of type ${row.type}`);
      const job: Job = {
        id: row.id,
        type: row.type,
        payload: JSON.parse(row.payload) as unknown,
        attempt: row.attempts,
      };
      await handler(this.ctx, job);
    } catch (error) {
      failure = { error };
    }
    const now = this.now;
    try {
      if (!failure) {
        await this.repository.finish(this.ctx, row.id, claim, { status: 'done', now });
        return;
      }
      const message = (failure.error instanceof Error ? failure.error.message : String(failure.error)).slice(0, 1000);
      if (row.attempts >= row.max_attempts) {
        this.ctx.log.error({ err: failure.error, job: row.id, type: row.type }, 'a job failed for the last time');
        await this.repository.finish(this.ctx, row.id, claim, { status: 'failed', error: message, now });
      } else {
        const delay = (this.options.backoff ?? backoffMs)(row.attempts);
        await this.repository.finish(this.ctx, row.id, claim, {
          status: 'queued',
          runAt: now + delay,
          error: message,
          now,
        });
      }
    } catch (error) {
      this.ctx.log.error({ err: error, job: row.id, type: row.type }, 'could not record how a job went');
    }
  }
}
