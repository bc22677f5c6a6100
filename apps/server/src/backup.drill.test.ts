import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchResultsValue } from '@shop/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveSecretKey } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { freePort } from './lib/free-port.js';
import { type ChildShop, startChildShop } from './test/child-shop.js';
import { runScript } from './test/run-script.js';
import { TestClient } from './test/test-client.js';
import { testDatabaseTargets } from './test/test-database.js';
import { useTestShop } from './test/test-shop.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A customer registration the shop acknowledged (HTTP 200), and when. */
interface Acknowledged {
  email: string;
  at: number;
}

/**
 * The backup drill: a running shop takes a steady stream of writes (customers registering over
 * HTTP, one after another) while `npm run backup` runs as its own process; the backup is restored
 * with `npm run restore` into a fresh database, the shop starts on it (main.ts, its own process),
 * and every registration acknowledged before the backup began is there, and the shop searches.
 */
describe.each(testDatabaseTargets())('backup and restore drill on $name', (target) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  const { database: source, server: shop } = useTestShop(target, {
    seed: { products: 40, seed: 1 },
    // TRUST_PROXY: each registering client is its own address, under the registration rate limit.
    env: { TRUST_PROXY: 'true', JOBS_IN_PROCESS: 'false' },
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The source database as the CLIs and a shop process reach it. */
  function sourceEnv(): Record<string, string> {
    return target.name === 'postgres'
      ? { DATABASE_URL: source.url, DATA_DIR: source.dataDir, PGOPTIONS: `-c search_path=${source.schema}` }
      : { DATABASE_URL: `sqlite:${source.url}`, DATA_DIR: source.dataDir, PGOPTIONS: '' };
  }

  /** A fresh, empty database to restore into: a new SQLite data folder, or a new PostgreSQL database. */
  async function freshDatabase(): Promise<{ env: Record<string, string>; open(): DatabaseHandle }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-restored-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (target.name === 'sqlite') {
      // DATABASE_URL empty: the default place, DATA_DIR/shop.sqlite.
      return {
        env: { DATABASE_URL: '', DATA_DIR: dataDir, PGOPTIONS: '' },
        open: () => openDatabase({ dataDir }),
      };
    }
    const name = `shop_drill_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: source.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    const url = new URL(source.url);
    url.pathname = `/${name}`;
    // The backup holds the source's schema; the restored shop keeps its tables under the same name.
    const schema = source.schema ?? 'public';
    return {
      env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, PGOPTIONS: `-c search_path=${schema}` },
      open: () => openDatabase({ url: url.toString(), dataDir, schema }),
    };
  }

  function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
    return runScript(`src/${script}.cli.ts`, args, { cwd: serverDir, env: { REGION: 'AU', ...env } });
  }

  async function searchCount(baseUrl: string, query: string): Promise<number> {
    const response = await fetch(`${baseUrl}/c3api/search/results?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Value: SearchResultsValue };
    return body.Value.ProductList.ProductListItemCount;
  }

  it('keeps every write acknowledged before the backup began; the shop starts on the restored database and searches', {
    timeout: 240_000,
  }, async () => {
    // A steady stream of acknowledged writes against the running shop.
    const acknowledged: Acknowledged[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const email = `drill-${n}@example.com`;
        await new TestClient(shop.baseUrl).register(email);
        acknowledged.push({ email, at: Date.now() });
      }
    })();
    const acknowledgedCount = async (count: number) => {
      while (acknowledged.length < count) {
        await Promise.race([writer, new Promise((resolve) => setTimeout(resolve, 20))]);
      }
    };
    await acknowledgedCount(3);

    const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const backupFile = path.join(folder, 'shop.backup');
    const backupBegan = Date.now();
    const backup = await cli('backup', ['--to', backupFile], sourceEnv());
    const backupEnded = Date.now();
    // A few more after it, so the stream visibly ran on through the backup.
    const countAfterBackup = acknowledged.length;
    await acknowledgedCount(countAfterBackup + 2);
    writing = false;
    await writer;

    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written: .*shop\.backup \(\d+(\.\d)? (kB|MB|bytes)\)/);
    expect(backup.output).toMatch(/Not in the backup: the secret key \(SECRET_KEY\)/);
    const before = acknowledged.filter((write) => write.at < backupBegan);
    const during = acknowledged.filter((write) => write.at >= backupBegan && write.at <= backupEnded);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(during.length, 'the shop kept acknowledging writes while the backup ran').toBeGreaterThan(0);

    const restoredDatabase = await freshDatabase();
    const restore = await cli('restore', ['--from', backupFile], restoredDatabase.env);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored in \d+\.\d s/);
    expect(restore.output).toMatch(/give it the secret key it had/);

    // The shop starts on it (main.ts: migrations, search index, listening), with the old secret key.
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'shop-drill-web-'));
    cleanups.push(() => rmSync(webDist, { recursive: true, force: true }));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shop</title>');
    const restoredShop: ChildShop = await startChildShop(await freePort(), {
      ...restoredDatabase.env,
      SECRET_KEY: resolveSecretKey({ SECRET_KEY: undefined, DATA_DIR: source.dataDir }),
      WEB_DIST: webDist,
      REGION: 'AU',
      DEMO_PRODUCTS: '0',
      PAYMENT_PROVIDERS: 'none',
      PAYMENT_SANDBOX: 'false',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(async () => {
      await restoredShop.kill();
    });

    const restored = restoredDatabase.open();
    cleanups.push(() => restored.close());
    const emails = new Set(
      (await restored.db.selectFrom('users').select('email').execute()).map((row) => row.email.toLowerCase()),
    );
    const missing = before.filter((write) => !emails.has(write.email));
    expect(missing, `acknowledged before the backup began, missing after the restore`).toEqual([]);

    // The restored shop answers as the one backed up: a search, and a customer signing in.
    const word = (
      await restored.db
        .selectFrom('products')
        .select('brand')
        .where('status', '=', 'available')
        .executeTakeFirstOrThrow()
    ).brand;
    const count = await searchCount(restoredShop.baseUrl, word);
    expect(count).toBeGreaterThan(0);
    expect(count).toBe(await searchCount(shop.baseUrl, word));
    const first = before[0];
    if (!first) throw new Error('no write before the backup');
    const login = await new TestClient(restoredShop.baseUrl).login(first.email);
    expect(login.status, restoredShop.output()).toBe(200);

    // A restore goes only into an empty database: the restored one now has the shop's tables.
    const again = await cli('restore', ['--from', backupFile], restoredDatabase.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty/);
    expect(again.output).toMatch(/a restore only goes into|A restore only goes into/);
  });

  it('refuses a backup into a file that exists, and a restore of a file that is no backup, with a clear message', {
    timeout: 120_000,
  }, async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const existing = path.join(folder, 'taken.backup');
    writeFileSync(existing, 'an older backup');
    const backup = await cli('backup', ['--to', existing], sourceEnv());
    expect(backup.code).toBe(1);
    expect(backup.output).toContain(`Backup failed: ${existing} already exists`);

    const fresh = await freshDatabase();
    const restore = await cli('restore', ['--from', existing], fresh.env);
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('is not a backup made by npm run backup');
    expect(existsSync(path.join(fresh.env.DATA_DIR ?? '', 'shop.sqlite'))).toBe(false);
  });
});

describe('npm run backup and npm run restore on a PostgreSQL URL with a password', () => {
  it('fail with a clear message that masks the password', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const env = { DATABASE_URL: `postgres://shop:Sup3rSecret@127.0.0.1:${port}/shop`, PGOPTIONS: '' };
    const backup = await runScript('src/backup.cli.ts', ['--to', path.join(os.tmpdir(), 'never.backup')], {
      cwd: serverDir,
      env,
    });
    expect(backup.code).toBe(1);
    expect(backup.output).toContain(
      `Backup failed: Could not connect to PostgreSQL postgres://shop:***@127.0.0.1:${port}/shop`,
    );
    expect(backup.output).not.toContain('Sup3rSecret');

    const dump = path.join(mkdtempSync(path.join(os.tmpdir(), 'shop-backups-')), 'shop.backup');
    writeFileSync(dump, 'PGDMP');
    const restore = await runScript('src/restore.cli.ts', ['--from', dump], { cwd: serverDir, env });
    rmSync(path.dirname(dump), { recursive: true, force: true });
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/^Restore failed: /m);
    expect(restore.output).not.toContain('Sup3rSecret');
  });
});
