import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { type JobRow, JobsRepository } from './jobs.repository.js';
import { type Cadence, nextRunAfter, validateCadence } from './schedule.js';

export const DEFAULT_MAX_ATTEMPTS = 8;

export interface JobSpec {
  type: string;
  payload?: unknown;
  /** A job with this key exists once: enqueueing it again returns the first one. */
  key?: string;
  /** Not before (epoch ms); default now. */
  runAt?: number;
  maxAttempts?: number;
}

export interface JobTypeStats {
  type: string;
  queued: number;
  running: number;
  failed: number;
  /** How long the queued job due first has been due (ms); 0 when none is due yet. */
  oldestQueuedAgeMs: number;
}

export interface ScheduleSpec {
  name: string;
  type: string;
  payload?: unknown;
  cadence: Cadence;
  /** The zone its local times are in (the shop's: Australia/Sydney, Europe/London). */
  timeZone: string;
}

/**
 * The queue's front door. `enqueue` writes the job with the caller's context, so inside a
 * transaction the job exists exactly when the work that asked for it commits (the outbox
 * pattern); after commit, local workers are woken so the job starts at once, not at the next poll.
 */
export class JobsService {
  private readonly repository = new JobsRepository();
  private readonly wakers = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A worker in this process asks to hear about new jobs. */
  onEnqueued(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  async enqueue(ctx: Ctx, spec: JobSpec): Promise<{ id: number; created: boolean }> {
    const now = this.now();
    const result = await this.repository.insert(ctx, {
      type: spec.type,
      payload: JSON.stringify(spec.payload ?? null),
      key: spec.key ?? null,
      status: 'queued',
      attempts: 0,
      max_attempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: spec.runAt ?? now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      finished_at: null,
    });
    if (result.created) {
      ctx.afterCommit(() => {
        for (const wake of this.wakers) wake();
      });
    }
    return result;
  }

  /** Registers (or updates) a recurring job; its first run is the cadence's next time from now. */
  async schedule(ctx: Ctx, spec: ScheduleSpec): Promise<void> {
    validateCadence(spec.cadence);
    await this.repository.upsertSchedule(ctx, {
      name: spec.name,
      type: spec.type,
      payload: JSON.stringify(spec.payload ?? null),
      cadence: JSON.stringify(spec.cadence),
      time_zone: spec.timeZone,
      next_run_at: nextRunAfter(spec.cadence, spec.timeZone, new Date(this.now())).getTime(),
    });
  }

  /**
   * Turns due schedules into jobs keyed `${name}@${due time}`: the schedule moves on with a
   * conditional write and the job is keyed, so two instances polling at once queue it once.
   */
  async queueDueSchedules(ctx: Ctx): Promise<number> {
    const now = this.now();
    let queued = 0;
    for (const schedule of await this.repository.dueSchedules(ctx, now)) {
      const cadence = JSON.parse(schedule.cadence) as Cadence;
      // Skip runs missed while nothing was running: one catch-up run, then the next future time.
      let next = nextRunAfter(cadence, schedule.time_zone, new Date(schedule.next_run_at)).getTime();
      if (next <= now) next = nextRunAfter(cadence, schedule.time_zone, new Date(now)).getTime();
      await inTransaction(ctx, async (tx) => {
        if (!(await this.repository.advanceSchedule(tx, schedule.name, schedule.next_run_at, next))) return;
        const job = await this.enqueue(tx, {
          type: schedule.type,
          payload: JSON.parse(schedule.payload) as unknown,
          key: `${schedule.name}@${new Date(schedule.next_run_at).toISOString()}`,
        });
        if (job.created) queued++;
      });
    }
    return queued;
  }

  find(ctx: Ctx, id: number): Promise<JobRow | undefined> {
    return this.repository.find(ctx, id);
  }

  /**
   * How the queue stands, per job type: how many are queued, running and failed (failed ones stay
   * until the cleanup forgets them), and how long the oldest queued job has been due (0 when none
   * is due yet). For the metrics; a few rows, read at each scrape.
   */
  async stats(ctx: Ctx): Promise<JobTypeStats[]> {
    const now = this.now();
    const byType = new Map<string, JobTypeStats>();
    for (const row of await this.repository.countsByTypeAndStatus(ctx)) {
      let stats = byType.get(row.type);
      if (!stats) {
        stats = { type: row.type, queued: 0, running: 0, failed: 0, oldestQueuedAgeMs: 0 };
        byType.set(row.type, stats);
      }
      stats[row.status] = row.count;
      if (row.status === 'queued') stats.oldestQueuedAgeMs = Math.max(0, now - row.earliestRunAt);
    }
    return [...byType.values()].sort((a, b) => a.type.localeCompare(b.type));
  }

  /** Forgets finished jobs older than `days` (the jobs.cleanup schedule). */
  cleanup(ctx: Ctx, days: number): Promise<number> {
    return this.repository.deleteFinishedBefore(ctx, this.now() - days * 24 * 3600 * 1000);
  }
}
