import type { Insertable, Selectable } from 'kysely';
import type { JobSchedulesTable, JobsTable } from '../../db/schema.js';
import type { DbCtx } from '../../lib/context.js';

export type JobRow = Selectable<JobsTable>;
export type ScheduleRow = Selectable<JobSchedulesTable>;

/** SQL for the jobs queue and its schedules. Claiming is made safe by the caller's transaction. */
export class JobsRepository {
  /** Inserts a job; with a key that already exists, inserts nothing and returns the existing id. */
  async insert(ctx: DbCtx, row: Insertable<JobsTable>): Promise<{ id: number; created: boolean }> {
    const inserted = await ctx.db
      .insertInto('jobs')
      .values(row)
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('key', '=', row.key ?? '')
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  /**
   * The ids of up to `limit` jobs of these types that may run now: queued and due, or running
   * with a lapsed lease (their worker died). On PostgreSQL the rows are locked FOR UPDATE SKIP
   * LOCKED, so concurrent claimers each get different ones; SQLite's BEGIN IMMEDIATE serialises.
   */
  async claimable(ctx: DbCtx, types: string[], now: number, limit: number): Promise<number[]> {
    if (types.length === 0 || limit <= 0) return [];
    const query = ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('type', 'in', types)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([
            eb('status', '=', 'running'),
            eb('locked_until', '<', now),
            eb('attempts', '<', eb.ref('max_attempts')),
          ]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit);
    const rows = await (ctx.dialect === 'postgres' ? query.forUpdate().skipLocked() : query).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Fails running jobs of these types whose lease lapsed on their last attempt: their worker died
   * every time (a job that crashes its process must not be retried for ever). Returns them.
   */
  async failExhaustedLeases(ctx: DbCtx, types: string[], now: number): Promise<JobRow[]> {
    if (types.length === 0) return [];
    const query = ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('type', 'in', types)
      .where('status', '=', 'running')
      .where('locked_until', '<', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')));
    const ids = (await (ctx.dialect === 'postgres' ? query.forUpdate().skipLocked() : query).execute()).map(
      (r) => r.id,
    );
    if (ids.length === 0) return [];
    return ctx.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        locked_by: null,
        locked_until: null,
        last_error: 'Its worker stopped before finishing the last attempt (the lease lapsed)',
        finished_at: now,
      })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  }

  async markRunning(ctx: DbCtx, ids: number[], worker: string, leaseUntil: number): Promise<JobRow[]> {
    if (ids.length === 0) return [];
    return ctx.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        locked_by: worker,
        locked_until: leaseUntil,
      }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  }

  /**
   * Finishes the claim this worker still holds (its id and the attempt it claimed); false when the
   * lease lapsed and the job was claimed again, by another worker or by this one.
   */
  async finish(
    ctx: DbCtx,
    id: number,
    claim: { worker: string; attempt: number },
    result: { status: 'done' | 'failed' | 'queued'; runAt?: number; error?: string | null; now: number },
  ): Promise<boolean> {
    const done = result.status !== 'queued';
    const update = await ctx.db
      .updateTable('jobs')
      .set({
        status: result.status,
        locked_by: null,
        locked_until: null,
        last_error: result.error ?? null,
        finished_at: done ? result.now : null,
        ...(result.runAt !== undefined ? { run_at: result.runAt } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', claim.worker)
      .where('attempts', '=', claim.attempt)
      .executeTakeFirst();
    return Number(update.numUpdatedRows) > 0;
  }

  find(ctx: DbCtx, id: number): Promise<JobRow | undefined> {
    return ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The queue by type and status (queued, running, failed) with each group's earliest run_at: an
   * aggregate over the jobs_claim index's status prefix, so finished jobs are never read.
   */
  async countsByTypeAndStatus(
    ctx: DbCtx,
  ): Promise<{ type: string; status: 'queued' | 'running' | 'failed'; count: number; earliestRunAt: number }[]> {
    const rows = await ctx.db
      .selectFrom('jobs')
      .select(['type', 'status'])
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('run_at').as('earliest_run_at')])
      .where('status', 'in', ['queued', 'running', 'failed'])
      .groupBy(['type', 'status'])
      .execute();
    return rows.map((r) => ({
      type: r.type,
      status: r.status as 'queued' | 'running' | 'failed',
      count: Number(r.count),
      earliestRunAt: Number(r.earliest_run_at),
    }));
  }

  async deleteFinishedBefore(ctx: DbCtx, before: number): Promise<number> {
    const result = await ctx.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Creates the schedule, or updates its cadence and payload, keeping when it is next due unless that changed. */
  async upsertSchedule(ctx: DbCtx, row: ScheduleRow): Promise<void> {
    await ctx.db
      .insertInto('job_schedules')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ type: row.type, payload: row.payload, cadence: row.cadence, time_zone: row.time_zone }),
      )
      .execute();
  }

  dueSchedules(ctx: DbCtx, now: number): Promise<ScheduleRow[]> {
    return ctx.db.selectFrom('job_schedules').selectAll().where('next_run_at', '<=', now).orderBy('name').execute();
  }

  /** Moves a schedule on, only if nobody else has (one conditional write). */
  async advanceSchedule(ctx: DbCtx, name: string, from: number, to: number): Promise<boolean> {
    const result = await ctx.db
      .updateTable('job_schedules')
      .set({ next_run_at: to })
      .where('name', '=', name)
      .where('next_run_at', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
