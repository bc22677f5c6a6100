import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { parsePrometheusText, sampleValue } from '../../test/prometheus-text.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { READY_SEARCH_LAG_LIMIT } from './readiness.service.js';

interface ReadyBody {
  status: 'ready' | 'not ready';
  failed: string[];
  checks: Record<'database' | 'migrations' | 'searchIndex', string>;
}

async function readyz(server: TestServer): Promise<{ status: number; body: ReadyBody; headers: Headers }> {
  const response = await fetch(`${server.baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as ReadyBody, headers: response.headers };
}

async function healthz(server: TestServer): Promise<number> {
  const response = await fetch(`${server.baseUrl}/healthz`);
  await response.arrayBuffer();
  return response.status;
}

const ALL_OK = { status: 'ready', failed: [], checks: { database: 'ok', migrations: 'ok', searchIndex: 'ok' } };

describe.each(testDatabaseTargets())('GET /readyz on $name', (target) => {
  const { database, server } = useTestShop(target, {
    seed: { products: READY_SEARCH_LAG_LIMIT + 20, seed: 7 },
    env: { JOBS_IN_PROCESS: 'false' },
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers 200 when the database answers, no migration is pending and the index has caught up', async () => {
    const { status, body, headers } = await readyz(server);
    expect(status).toBe(200);
    expect(body).toEqual(ALL_OK);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.getSetCookie()).toEqual([]);
  });

  it('answers 503 while the search index is held behind the change feed, and 200 once it catches up', async () => {
    expect((await readyz(server)).status).toBe(200);
    // The index's reads of the change feed wait until the test lets them go.
    const catalogue = server.services.catalogue;
    const changesAfter = catalogue.changesAfter.bind(catalogue);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(catalogue, 'changesAfter').mockImplementation(async (...args) => {
      await held;
      return changesAfter(...args);
    });
    // Another instance (no in-process notice) changes every item: one change-feed row each.
    const products = await server.ctx().db.selectFrom('products').select('id').execute();
    expect(products.length).toBeGreaterThan(READY_SEARCH_LAG_LIMIT);
    await server
      .ctx()
      .db.updateTable('products')
      .set((eb) => ({ price_minor: eb('price_minor', '+', 1) }))
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const behind = await readyz(server);
    expect(behind.status).toBe(503);
    expect(behind.body).toEqual({
      status: 'not ready',
      failed: ['searchIndex'],
      checks: {
        database: 'ok',
        migrations: 'ok',
        searchIndex: `behind the change feed by ${products.length} changes`,
      },
    });
    expect(await healthz(server)).toBe(200);

    release();
    const caughtUp = await readyz(server);
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body).toEqual(ALL_OK);
  });

  it('answers 503 naming the migrations a database has not run', async () => {
    const db = database.handle.db;
    const { rows } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const { name, timestamp } = rows[0] ?? { name: '', timestamp: '' };
    await sql`delete from kysely_migration where name = ${name}`.execute(db);
    // A new instance: one that saw the schema current keeps it so for its life.
    const fresh = await startTestServer(database, { JOBS_IN_PROCESS: 'false' });
    try {
      const pending = await readyz(fresh);
      expect(pending.status).toBe(503);
      expect(pending.body.failed).toEqual(['migrations']);
      expect(pending.body.checks.migrations).toBe(`pending: ${name}`);
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db);
      expect((await readyz(fresh)).body).toEqual(ALL_OK);
    } finally {
      await fresh.close();
    }
  });
});

/**
 * A TCP proxy between the shop and PostgreSQL that the test can cut (every connection dropped,
 * new ones refused at once) and restore.
 */
class CuttableProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private cut = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    this.server = createServer((client) => {
      if (this.cut) {
        client.destroy();
        return;
      }
      const upstream = connect(this.port, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  }

  cutOff(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cut = false;
  }

  close(): Promise<void> {
    this.cutOff();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const postgres = testDatabaseTargets().filter((t) => t.name === 'postgres');

describe.each(postgres)('GET /readyz through a PostgreSQL outage ($name)', (target) => {
  it('answers 503 while the database is unreachable (/healthz still 200), and 200 once it is back', async () => {
    const database = await target.open();
    const direct = new URL(database.url);
    const proxy = new CuttableProxy(direct.hostname, Number(direct.port || 5432));
    const proxyPort = await proxy.listen();
    const proxied = new URL(database.url);
    proxied.port = String(proxyPort);
    // The shop's DATABASE_URL is the proxy; its schema is the test's.
    const handle = openDatabase({ url: proxied.toString(), dataDir: database.dataDir, schema: database.schema });
    const token = 'readiness-outage-token-0123';
    const server = await startTestServer(
      { ...database, handle, url: proxied.toString() },
      { DATABASE_URL: proxied.toString(), JOBS_IN_PROCESS: 'false', METRICS_TOKEN: token },
    );
    const scrape = async () => {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return parsePrometheusText(await response.text());
    };
    try {
      expect((await readyz(server)).body).toEqual(ALL_OK);
      expect(sampleValue(await scrape(), 'shop_database_up')).toBe(1);
      // Idle pooled connections are open now: cutting them must not take the process down.
      expect(sampleValue(await scrape(), 'shop_db_pool_idle_clients')).toBeGreaterThan(0);

      // A query is running when the network goes: it fails, and the process carries on.
      const inFlight = sql`select pg_sleep(10)`.execute(handle.db).then(
        () => 'answered',
        () => 'failed',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      proxy.cutOff();
      expect(await inFlight).toBe('failed');
      const down = await readyz(server);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        status: 'not ready',
        failed: ['database'],
        checks: { database: 'unreachable: failed', migrations: 'not checked', searchIndex: 'not checked' },
      });
      expect(JSON.stringify(down.body)).not.toContain(String(proxyPort));
      expect(await healthz(server)).toBe(200);
      const metrics = await scrape();
      expect(sampleValue(metrics, 'shop_database_up')).toBe(0);
      expect(sampleValue(metrics, 'shop_http_requests_total', { route: '/readyz', status_class: '5xx' })).toBe(1);

      proxy.restore();
      const back = await readyz(server);
      expect(back.status).toBe(200);
      expect(back.body).toEqual(ALL_OK);
      expect(sampleValue(await scrape(), 'shop_database_up')).toBe(1);
    } finally {
      await server.close();
      await handle.close();
      await proxy.close();
      await database.dispose();
    }
  });
});
