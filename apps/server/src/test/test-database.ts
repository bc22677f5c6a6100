import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * The databases every server test runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is
 * set. Each test file gets a database of its own: a temporary SQLite file, or a fresh PostgreSQL
 * schema that is dropped afterwards.
 */
export interface TestDatabaseTarget {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDatabase>;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  url: string;
  schema?: string;
  dispose(): Promise<void>;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'sqlite', open: openSqlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openPostgres(url) });
  return targets;
}

/** SQLite alone, for files whose subject does not depend on the database. */
export function sqliteTestDatabaseTarget(): TestDatabaseTarget {
  return { name: 'sqlite', open: openSqlite };
}

async function openSqlite(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const url = path.join(dataDir, 'test.sqlite');
  const handle = openDatabase({ url, dataDir });
  await migrateToLatest(handle);
  return {
    handle,
    dataDir,
    url,
    async dispose() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Kysely's migrator looks for its table by introspecting every schema of the database; a test file
 * dropping its schema at that moment makes the introspection fail ('column ... does not exist',
 * 'schema ... does not exist'). Test files run in parallel, so migrating and dropping take turns
 * under one advisory lock.
 */
const SCHEMA_CHANGE_LOCK = 731_911;

async function withSchemaLock<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function openPostgres(url: string): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const handle = openDatabase({ url, dataDir, schema });
  await withSchemaLock(url, async (admin) => {
    await admin.query(`CREATE SCHEMA ${schema}`);
    await migrateToLatest(handle);
  });
  return {
    handle,
    dataDir,
    url,
    schema,
    async dispose() {
      await handle.close();
      await withSchemaLock(url, (admin) => admin.query(`DROP SCHEMA ${schema} CASCADE`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
