import type { FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/database.js';
import type { Ctx } from '../../lib/context.js';
import type { ApiRoute } from '../../lib/route.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { SearchIndexHolder } from '../search/search-index.holder.js';
import { MetricsRepository } from './metrics.repository.js';
import { within } from './time-limit.js';

/** The route label of a request no route matched (pages, unknown calls): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The search calls and the kind each is measured as. Their handlers are timed, not the whole
 * request, so the figure is the search's own work (the index, then the rows it reads).
 */
export const SEARCH_KINDS: Readonly<Record<string, string>> = {
  '/c3api/search/results': 'results',
  '/c3api/search/predective': 'suggestions',
  '/c3api/product/similar': 'similar',
  '/c3api/product/popular': 'popular',
};

/** How long the scrape waits for `select 1`, then for each family of database figures. */
const PING_LIMIT_MS = 1_000;
const QUERY_LIMIT_MS = 2_000;
/** Payment attempts are counted by their last change within this window. */
const PAYMENT_WINDOW_MS = 60 * 60 * 1000;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SEARCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsSources {
  database: Pick<DatabaseHandle, 'onQuery' | 'poolStats'>;
  /** The shop's own context, for the scrape's reads. */
  ctx: Ctx;
  jobs: Pick<JobsService, 'stats'>;
  searchIndex: Pick<SearchIndexHolder, 'lag'>;
  /** The shop's clock (ages are measured against the times it wrote). */
  now: () => number;
}

/**
 * Empties a gauge: no series at all, where prom-client's reset leaves a gauge without labels at 0,
 * which would read as a true zero.
 */
function clear(gauge: Gauge<string>): void {
  gauge.reset();
  gauge.remove({});
}

/** Kysely's operation node kinds as a small, fixed label. */
function queryKind(event: LogEvent): string {
  switch (event.query.query.kind) {
    case 'SelectQueryNode':
      return 'select';
    case 'InsertQueryNode':
      return 'insert';
    case 'UpdateQueryNode':
      return 'update';
    case 'DeleteQueryNode':
      return 'delete';
    case 'RawNode':
      return 'raw';
    default:
      return 'other';
  }
}

/**
 * The shop's Prometheus metrics, in a registry of its own (several apps in one test process do not
 * collide). Requests, queries and searches are counted as they happen; the queue, the outbox,
 * payments and the search index's lag are read from the database at each scrape, so every
 * instance reports the same, true figures. A scrape never fails for the database: it reports
 * shop_database_up 0 and leaves out what it could not read.
 */
export class MetricsService {
  readonly registry = new Registry();
  private readonly repository = new MetricsRepository();
  private readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly queryDuration: Histogram<'kind' | 'outcome'>;
  private readonly searchDuration: Histogram<'kind'>;
  private readonly databaseUp: Gauge;
  private readonly jobs: Gauge<'type' | 'status'>;
  private readonly jobsOldestAge: Gauge<'type'>;
  private readonly mailUnsent: Gauge;
  private readonly mailOldestAge: Gauge;
  private readonly payments: Gauge<'provider' | 'status'>;
  private readonly paymentsOpen: Gauge<'provider'>;
  private readonly searchLag: Gauge;
  /** Label sets reported before: they stay, at 0, when their rows are gone (a type with no jobs left). */
  private readonly seen = {
    jobTypes: new Set<string>(),
    payments: new Set<string>(),
    openProviders: new Set<string>(),
  };
  private collecting: Promise<void> | null = null;
  private attached = false;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'shop_http_requests_total',
      help: "HTTP requests answered, by method, route pattern ('unmatched' when none) and status class",
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.queryDuration = new Histogram({
      name: 'shop_db_query_duration_seconds',
      help: 'Database query time, by statement kind (select, insert, update, delete, raw, other) and outcome (ok, error)',
      labelNames: ['kind', 'outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.searchDuration = new Histogram({
      name: 'shop_search_duration_seconds',
      help: 'Time a search takes, by kind (results, suggestions, similar, popular)',
      labelNames: ['kind'],
      buckets: SEARCH_BUCKETS,
      registers,
    });
    this.databaseUp = new Gauge({
      name: 'shop_database_up',
      help: 'Whether the database answered a select 1 within 1 s at this scrape (1) or not (0)',
      registers,
    });
    const pool = sources.database.poolStats?.bind(sources.database);
    if (pool) {
      // PostgreSQL only: SQLite has one connection and no pool.
      new Gauge({
        name: 'shop_db_pool_clients',
        help: 'PostgreSQL pool connections open',
        registers,
        collect() {
          this.set(pool().total);
        },
      });
      new Gauge({
        name: 'shop_db_pool_idle_clients',
        help: 'PostgreSQL pool connections open and idle',
        registers,
        collect() {
          this.set(pool().idle);
        },
      });
      new Gauge({
        name: 'shop_db_pool_waiting_requests',
        help: 'Queries waiting for a PostgreSQL pool connection',
        registers,
        collect() {
          this.set(pool().waiting);
        },
      });
    }
    this.jobs = new Gauge({
      name: 'shop_jobs',
      help: 'Background jobs by type and status (queued, running, failed; failed ones until the cleanup)',
      labelNames: ['type', 'status'],
      registers,
    });
    this.jobsOldestAge = new Gauge({
      name: 'shop_jobs_oldest_queued_age_seconds',
      help: 'How long the queued job of this type that was due first has been waiting (0: none due)',
      labelNames: ['type'],
      registers,
    });
    this.mailUnsent = new Gauge({
      name: 'shop_mail_outbox_unsent',
      help: 'Mail in the outbox not sent yet (waiting, being retried, or given up on)',
      registers,
    });
    this.mailOldestAge = new Gauge({
      name: 'shop_mail_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest unsent mail (0: none)',
      registers,
    });
    this.payments = new Gauge({
      name: 'shop_payment_attempts_last_hour',
      help: 'Payment attempts whose status last changed within the past hour, by provider and status',
      labelNames: ['provider', 'status'],
      registers,
    });
    this.paymentsOpen = new Gauge({
      name: 'shop_payment_attempts_open',
      help: 'Payment attempts still pending or authorised, however old, by provider',
      labelNames: ['provider'],
      registers,
    });
    this.searchLag = new Gauge({
      name: 'shop_search_index_lag_changes',
      help: "Change-feed rows this instance's search index has not applied yet (absent before its first build)",
      registers,
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Starts measuring an app: its requests, its database's queries, and the process (memory, CPU,
   * event-loop delay, garbage collection). Once per app; it stops when the app closes.
   */
  attach(app: FastifyInstance): void {
    if (this.attached) throw new Error('these metrics already measure an app');
    this.attached = true;
    collectDefaultMetrics({ register: this.registry });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the URL: ids and tokens in paths would make a series each.
      const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
      const labels = { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
      this.httpRequests.inc(labels);
      this.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
    const stop = this.sources.database.onQuery((event) => {
      const outcome = event.level === 'error' ? 'error' : 'ok';
      this.queryDuration.observe({ kind: queryKind(event), outcome }, event.queryDurationMillis / 1000);
    });
    app.addHook('onClose', async () => {
      stop();
    });
  }

  /** The routes, with the search calls' handlers timed (SEARCH_KINDS); the others as they are. */
  timeSearches(routes: ApiRoute[]): ApiRoute[] {
    return routes.map((route) => {
      const kind = SEARCH_KINDS[route.url];
      if (!kind || route.method !== 'GET') return route;
      const handler = route.handler as (...args: unknown[]) => Promise<unknown>;
      const timed = async (...args: unknown[]) => {
        const end = this.searchDuration.startTimer({ kind });
        try {
          return await handler(...args);
        } finally {
          end();
        }
      };
      return { ...route, handler: timed } as ApiRoute;
    });
  }

  /** The text Prometheus reads: the database figures are read first (one read at a time). */
  async render(): Promise<string> {
    this.collecting ??= this.collectFromDatabase().finally(() => {
      this.collecting = null;
    });
    await this.collecting;
    return this.registry.metrics();
  }

  private async collectFromDatabase(): Promise<void> {
    const { ctx } = this.sources;
    try {
      await within(PING_LIMIT_MS, this.repository.ping(ctx));
      this.databaseUp.set(1);
    } catch {
      this.databaseUp.set(0);
      // Nothing read now: leave the figures out rather than repeat the last ones as if current.
      for (const gauge of [
        this.jobs,
        this.jobsOldestAge,
        this.mailUnsent,
        this.mailOldestAge,
        this.payments,
        this.paymentsOpen,
        this.searchLag,
      ]) {
        clear(gauge);
      }
      return;
    }
    await Promise.all([
      this.family([this.jobs, this.jobsOldestAge], () => this.collectJobs()),
      this.family([this.mailUnsent, this.mailOldestAge], () => this.collectMail()),
      this.family([this.payments, this.paymentsOpen], () => this.collectPayments()),
      this.family([this.searchLag], () => this.collectSearchLag()),
    ]);
  }

  /** Reads one family of figures; if that fails or takes too long, the family is left out this time. */
  private async family(gauges: Gauge<string>[], read: () => Promise<() => void>): Promise<void> {
    try {
      const write = await within(QUERY_LIMIT_MS, read());
      for (const gauge of gauges) clear(gauge);
      write();
    } catch {
      for (const gauge of gauges) clear(gauge);
    }
  }

  private async collectJobs(): Promise<() => void> {
    const stats = await this.sources.jobs.stats(this.sources.ctx);
    return () => {
      for (const type of this.seen.jobTypes) {
        for (const status of ['queued', 'running', 'failed']) this.jobs.set({ type, status }, 0);
        this.jobsOldestAge.set({ type }, 0);
      }
      for (const row of stats) {
        this.seen.jobTypes.add(row.type);
        this.jobs.set({ type: row.type, status: 'queued' }, row.queued);
        this.jobs.set({ type: row.type, status: 'running' }, row.running);
        this.jobs.set({ type: row.type, status: 'failed' }, row.failed);
        this.jobsOldestAge.set({ type: row.type }, row.oldestQueuedAgeMs / 1000);
      }
    };
  }

  private async collectMail(): Promise<() => void> {
    const unsent = await this.repository.unsentMail(this.sources.ctx);
    const now = this.sources.now();
    return () => {
      this.mailUnsent.set(unsent.count);
      const created = unsent.oldestCreatedAt === null ? Number.NaN : Date.parse(unsent.oldestCreatedAt);
      this.mailOldestAge.set(Number.isNaN(created) ? 0 : Math.max(0, now - created) / 1000);
    };
  }

  private async collectPayments(): Promise<() => void> {
    const { ctx } = this.sources;
    const recent = await this.repository.paymentAttemptsChangedSince(ctx, this.sources.now() - PAYMENT_WINDOW_MS);
    const open = await this.repository.openPaymentAttempts(ctx);
    return () => {
      for (const key of this.seen.payments) {
        const [provider = '', status = ''] = key.split('\n');
        this.payments.set({ provider, status }, 0);
      }
      for (const provider of this.seen.openProviders) this.paymentsOpen.set({ provider }, 0);
      for (const row of recent) {
        this.seen.payments.add(`${row.provider}\n${row.status}`);
        this.payments.set({ provider: row.provider, status: row.status }, row.count);
      }
      for (const row of open) {
        this.seen.openProviders.add(row.provider);
        this.paymentsOpen.set({ provider: row.provider }, row.count);
      }
    };
  }

  private async collectSearchLag(): Promise<() => void> {
    const lag = await this.sources.searchIndex.lag();
    return () => {
      if (lag !== null) this.searchLag.set(lag);
    };
  }
}
