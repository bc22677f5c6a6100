import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
  close(): Promise<void>;
}

// PostgreSQL returns bigint (count(*), sums) as strings; every such value we read fits a double.
pg.types.setTypeParser(20, (value: string) => Number(value));

export interface OpenOptions {
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    describe: `SQLite ${file}`,
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return {
    db,
    dialect: 'postgres',
    describe: `PostgreSQL ${safe.host}${safe.pathname}${schema ? ` (schema ${schema})` : ''}`,
    ...(schema ? { schema } : {}),
    close: () => db.destroy(),
  };
}
