import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { freePort } from './lib/free-port.js';
import { buildCompiledServer } from './test/compiled-build.js';
import {
  type CompiledProcess,
  freshPostgresDatabase,
  removeAll,
  standInWebBuild,
  startCompiled,
} from './test/compiled-process.js';

/**
 * Instances of a release starting at once on a database that needs its migrations (a rolling
 * deploy, or `docker compose up`): Kysely's migrator holds a PostgreSQL advisory lock while it
 * migrates, so one instance runs the migrations, the other waits and finds nothing left, and both
 * come up. With MIGRATE_ON_START=false an instance refuses such a database instead.
 * PostgreSQL only (TEST_DATABASE_URL): several instances share a database only there.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('migrations at start on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const dirs: string[] = [];
  const started: CompiledProcess[] = [];
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let web = '';

  beforeAll(async () => {
    if (!serverUrl) return;
    await buildCompiledServer();
    database = await freshPostgresDatabase(serverUrl);
    web = standInWebBuild();
    dirs.push(web);
  }, 120_000);

  afterAll(async () => {
    for (const program of started) await program.stop('SIGKILL');
    await database?.dispose();
    removeAll(dirs);
  });

  const start = async (extra: Record<string, string> = {}) => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-start-'));
    dirs.push(dataDir);
    const program = startCompiled('main', {
      NODE_ENV: 'production',
      SECRET_KEY: 'migrate-on-start-test-secret-key-0123456789',
      DATABASE_URL: database?.url ?? '',
      DATA_DIR: dataDir,
      WEB_DIST: web,
      PORT: String(port),
      HOST: '127.0.0.1',
      PAYMENT_PROVIDERS: 'none',
      SEARCH_SNAPSHOT: 'false',
      LOG_LEVEL: 'warn',
      ...extra,
    });
    started.push(program);
    return { program, baseUrl: `http://127.0.0.1:${port}` };
  };

  it('two instances starting together on a fresh database both come up; the migrations run once', async () => {
    if (!database) throw new Error('no database');
    // Told not to migrate, an instance refuses the fresh database, naming the command to run.
    const refused = await start({ MIGRATE_ON_START: 'false' });
    expect(await refused.program.exited).toBe(1);
    expect(refused.program.output()).toMatch(/needs \d+ migrations \(001-catalogue, .*run `npm run migrate` first/);

    const [a, b] = await Promise.all([start(), start()]);
    await Promise.all([a?.program.waitUntilHealthy(a.baseUrl, 90_000), b?.program.waitUntilHealthy(b.baseUrl, 90_000)]);
    const handle = openDatabase({ url: database.url, dataDir: web });
    try {
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
      const names = rows.map((r) => r.name);
      expect(names[0]).toBe('001-catalogue');
      expect(new Set(names).size).toBe(names.length);
      // Exactly one of them ran every migration; the other found nothing to do.
      const logs = [a?.program.output() ?? '', b?.program.output() ?? ''];
      expect(logs.filter((log) => log.includes('Migrated PostgreSQL'))).toEqual([
        expect.stringContaining(names.join(', ')),
      ]);
    } finally {
      await handle.close();
    }
    // Now up to date, an instance told not to migrate starts.
    const later = await start({ MIGRATE_ON_START: 'false' });
    await later.program.waitUntilHealthy(later.baseUrl, 90_000);
    for (const instance of [a, b, later]) expect(await instance?.program.stop()).toBe(0);
  });
});
