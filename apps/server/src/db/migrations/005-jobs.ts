import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { withId } from './001-catalogue.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

/**
 * Background jobs (modules/jobs): a queue both dialects can claim from safely, and recurring
 * schedules. Times are epoch milliseconds (bigint), so leases and back-off are plain arithmetic.
 */
export function jobsMigration(dialect: DialectName) {
  return {
    async up(db: Db) {
      await withId(db.schema.createTable('jobs'), dialect)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        // A job key exists once: "the Daily digest of search 7 for 2026-11-23" can be queued only once.
        .addColumn('key', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      // What a worker asks for: queued jobs that are due, and running ones whose lease lapsed.
      await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'run_at']).execute();
      await db.schema.createIndex('jobs_finished').on('jobs').column('finished_at').execute();

      await db.schema
        .createTable('job_schedules')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('cadence', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('next_run_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('job_schedules').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
