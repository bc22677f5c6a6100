import type { Ctx } from '../../lib/context.js';
import type { SearchIndexHolder } from '../search/search-index.holder.js';
import { MetricsRepository } from './metrics.repository.js';
import { TimeLimitExceeded, within } from './time-limit.js';

/** How long each check waits: the database's select 1, the migrations' read, the index catching up. */
const DATABASE_LIMIT_MS = 1_000;
const MIGRATIONS_LIMIT_MS = 2_000;
const SEARCH_LIMIT_MS = 2_000;
/**
 * Change-feed rows the search index may still have to apply and be ready. A few are normal: on
 * PostgreSQL the index waits before a hole a slow transaction left in the feed (up to 10 s), and a
 * rebuild after a wholesale change keeps the old index answering meanwhile. Every instance sees
 * those at once, so a bound of 0 would take the whole shop out of the load balancer; an index
 * stuck or far behind is past it.
 */
export const READY_SEARCH_LAG_LIMIT = 100;

export type CheckName = 'database' | 'migrations' | 'searchIndex';

export interface Readiness {
  ready: boolean;
  /** 'ok', or what is wrong, in words safe to show anyone (no addresses, no error text). */
  checks: Record<CheckName, string>;
}

export interface ReadinessSources {
  /** The shop's own context. */
  ctx: Ctx;
  /** The migrations this code has that the database has not run (db/migrate.ts). */
  pendingMigrations: () => Promise<string[]>;
  searchIndex: Pick<SearchIndexHolder, 'current' | 'lag'>;
}

function describeFailure(error: unknown): string {
  return error instanceof TimeLimitExceeded ? `no answer within ${error.limitMs / 1000} s` : 'failed';
}

/**
 * Whether this instance should take traffic: its database answers, the schema is the one this
 * code expects, and its search index has been built and follows the change feed. Liveness
 * (/healthz) is separate: a database outage makes an instance unready, never "dead".
 */
export class ReadinessService {
  private readonly repository = new MetricsRepository();
  /** Once the schema is current it stays so for this process (migrations never un-run). */
  private migrationsCurrent = false;

  constructor(private readonly sources: ReadinessSources) {}

  async check(): Promise<Readiness> {
    const checks: Record<CheckName, string> = {
      database: 'not checked',
      migrations: 'not checked',
      searchIndex: 'not checked',
    };
    try {
      await within(DATABASE_LIMIT_MS, this.repository.ping(this.sources.ctx));
      checks.database = 'ok';
    } catch (error) {
      checks.database = `unreachable: ${describeFailure(error)}`;
      return { ready: false, checks };
    }
    const [migrations, searchIndex] = await Promise.all([this.checkMigrations(), this.checkSearchIndex()]);
    checks.migrations = migrations;
    checks.searchIndex = searchIndex;
    return { ready: migrations === 'ok' && searchIndex === 'ok', checks };
  }

  private async checkMigrations(): Promise<string> {
    if (this.migrationsCurrent) return 'ok';
    try {
      const pending = await within(MIGRATIONS_LIMIT_MS, this.sources.pendingMigrations());
      if (pending.length > 0) return `pending: ${pending.join(', ')}`;
      this.migrationsCurrent = true;
      return 'ok';
    } catch (error) {
      return `could not be read: ${describeFailure(error)}`;
    }
  }

  private async checkSearchIndex(): Promise<string> {
    const { searchIndex } = this.sources;
    try {
      // Brings the index up to date (or builds it), as a search would: an idle instance catches up here.
      await within(SEARCH_LIMIT_MS, searchIndex.current());
    } catch (error) {
      // Still building or catching up past the limit: the lag below says how far behind it is.
      if (!(error instanceof TimeLimitExceeded)) return 'failed to build or to follow the change feed';
    }
    try {
      const lag = await within(DATABASE_LIMIT_MS, searchIndex.lag());
      if (lag === null) return 'building';
      if (lag > READY_SEARCH_LAG_LIMIT) return `behind the change feed by ${lag} changes`;
      return 'ok';
    } catch (error) {
      return `lag could not be read: ${describeFailure(error)}`;
    }
  }
}
