import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** A short description for logs, without credentials. */
  describe: string;
  /** PostgreSQL schema everything lives in, when not the default. */
  schema?: string;
  /** Hears of every query when it ends (its duration, and the error if it failed); returns a way to stop. */
  onQuery(listener: QueryListener): () => void;
  /** PostgreSQL only: the connection pool's clients (all, idle) and the queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

type QueryListener = (event: LogEvent) => void;

/**
 * Kysely's `log` hook, fanned out to whoever listens (the metrics). A listener's mistake must never
 * fail the query it was told about, so each is called inside a try.
 */
function queryListeners() {
  const listeners = new Set<QueryListener>();
  return {
    log: (event: LogEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          // Ignored: see above.
        }
      }
    },
    onQuery: (listener: QueryListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

// PostgreSQL returns bigint (count(*), sums) as strings; every such value we read fits a double.
pg.types.setTypeParser(20, (value: string) => Number(value));

interface OpenOptions {
  /** postgres://... or a sqlite file path (optionally prefixed sqlite: or file:). */
  url?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: run everything inside this schema (tests use one schema each). */
  schema?: string;
}

export function isPostgresUrl(url: string | undefined): boolean {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.url && isPostgresUrl(options.url)) return openPostgres(options.url, options.schema);
  const file = options.url ? options.url.replace(/^(sqlite:|file:)/, '') : path.join(options.dataDir, 'shop.sqlite');
  return openSqlite(file);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // Order data must survive a power cut: FULL syncs the WAL on every commit.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  const queries = queryListeners();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: queries.log,
  });
  return {
    db,
    dialect: 'sqlite',
    describe: `SQLite ${file}`,
    onQuery: queries.onQuery,
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A connection that breaks (the server restarted, the network dropped) is an 'error' event:
  // on the pool while the connection is idle, on the client while a query holds it. Unheard,
  // either would end the process. The query in flight fails with the error anyway, and the pool
  // drops a broken client when it is released; the next query opens a new connection.
  pool.on('error', (error) => {
    console.error(`PostgreSQL: an idle connection failed and was dropped: ${error.message}`);
  });
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const queries = queryListeners();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queries.log });
  const safe = new URL(url);
  safe.password = '';
  return {
    db,
    dialect: 'postgres',
    describe: `PostgreSQL ${safe.host}${safe.pathname}${schema ? ` (schema ${schema})` : ''}`,
    ...(schema ? { schema } : {}),
    onQuery: queries.onQuery,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}
