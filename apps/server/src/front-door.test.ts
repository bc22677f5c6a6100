import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import {
  ANTI_FORGERY_COOKIE,
  ANTI_FORGERY_HEADER,
  type OrderConfirmationValue,
  type SearchResultsValue,
} from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { freePort, reservedPort } from './lib/free-port.js';
import { seedCatalogue } from './seed/seed.js';
import { pickupSubmission } from './test/checkout-fixtures.js';
import { buildCompiledServer } from './test/compiled-build.js';
import {
  type CompiledProcess,
  freshPostgresDatabase,
  removeAll,
  standInWebBuild,
  startCompiled,
} from './test/compiled-process.js';
import { categoryIdBySlug, makeProduct, makeStore } from './test/factories.js';

/**
 * The front door, for real: deploy/nginx/shop.conf (filled in as its header says) run by Debian's
 * nginx with a self-signed certificate, in front of two compiled instances (dist/main.js,
 * JOBS_IN_PROCESS=false) and one dist/worker.js on a fresh PostgreSQL database, all with
 * NODE_ENV=production. A shopper's journey goes through it over HTTPS, then steady load while one
 * instance is stopped with SIGTERM: not one request may fail.
 *
 * Needs /usr/sbin/nginx and openssl (.ci/run installs them) and TEST_DATABASE_URL (skipped
 * without it: several instances need PostgreSQL).
 */
const NGINX = '/usr/sbin/nginx';
const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET_KEY = 'front-door-test-secret-key-of-at-least-32-characters';
const CONF = path.join(REPO_ROOT, 'deploy/nginx/shop.conf');
const LOAD_MS = 6000;

/** envsubst limited to the conf's own ${SHOP_...} placeholders; a missing value is an error. */
function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(SHOP_[A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`deploy/nginx/shop.conf has a placeholder the test does not fill: ${name}`);
    return value;
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A browser over HTTPS that trusts the test's certificate, keeps cookies and sends anti-forgery. */
class Shopper {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly origin: string,
    private readonly agent: https.Agent,
  ) {}

  request(method: string, pathname: string, payload?: unknown): Promise<Answer> {
    // As the web app does, every POST carries a JSON body ({} when it has nothing to say).
    const body = method === 'GET' ? undefined : JSON.stringify(payload ?? {});
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') {
      const token = this.cookies.get(`__Host-${ANTI_FORGERY_COOKIE}`);
      if (token) headers[ANTI_FORGERY_HEADER] = decodeURIComponent(token);
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(body ?? ''));
    }
    return new Promise((resolve, reject) => {
      const request = https.request(`${this.origin}${pathname}`, { method, agent: this.agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const name = pair.slice(0, pair.indexOf('='));
            this.cookies.set(name, pair.slice(pair.indexOf('=') + 1));
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  async json<T>(
    method: string,
    pathname: string,
    payload?: unknown,
  ): Promise<{ status: number; value: T; raw: Answer }> {
    const raw = await this.request(method, pathname, payload);
    const parsed = JSON.parse(raw.body) as { Value: T; Message?: string };
    expect(raw.status, `${method} ${pathname}: ${parsed.Message ?? raw.body.slice(0, 200)}`).toBe(200);
    return { status: raw.status, value: parsed.Value, raw };
  }
}

describe.skipIf(!serverUrl)(
  'the front door: nginx with TLS in front of two instances and a worker (PostgreSQL)',
  () => {
    const dirs: string[] = [];
    const processes: CompiledProcess[] = [];
    let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
    let handle: DatabaseHandle | undefined;
    let nginx: ReturnType<typeof spawn> | undefined;
    let nginxLog = '';
    let nginxDir = '';
    let origin = '';
    let httpPort = 0;
    let agent: https.Agent;
    let instanceA: CompiledProcess;
    let instanceB: CompiledProcess;
    const ports = new Map<CompiledProcess, number>();
    const portOf = (instance: CompiledProcess) => ports.get(instance);
    const codes: string[] = [];
    let pickupItemId = 0;

    beforeAll(async () => {
      if (!existsSync(NGINX)) {
        throw new Error(
          `${NGINX} is missing: the front-door test runs Debian's nginx (apt-get install nginx; .ci/run installs it).`,
        );
      }
      if (!serverUrl) return;
      await buildCompiledServer();

      // A self-signed certificate for localhost, as an operator's would be from their CA.
      nginxDir = mkdtempSync(path.join(os.tmpdir(), 'shop-front-door-'));
      dirs.push(nginxDir);
      // nginx's worker processes (nobody, when started as root) write their temporary files here.
      chmodSync(nginxDir, 0o755);
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost',
          '-days',
          '1',
          '-keyout',
          path.join(nginxDir, 'key.pem'),
          '-out',
          path.join(nginxDir, 'cert.pem'),
        ],
        { stdio: 'pipe' },
      );
      agent = new https.Agent({ ca: readFileSync(path.join(nginxDir, 'cert.pem')), keepAlive: true, maxSockets: 8 });

      const [portA, portB] = [await freePort(), await freePort()];
      // nginx binds its two ports a minute from now: they are held until just before it starts.
      const [httpsHeld, httpHeld] = [await reservedPort(), await reservedPort()];
      const httpsPort = httpsHeld.port;
      httpPort = httpHeld.port;
      origin = `https://localhost:${httpsPort}`;

      // Both instances and the worker start together on a database nobody has migrated yet.
      database = await freshPostgresDatabase(serverUrl);
      const web = standInWebBuild();
      dirs.push(web);
      const env = (extra: Record<string, string>): Record<string, string> => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-front-door-instance-'));
        dirs.push(dataDir);
        return {
          NODE_ENV: 'production',
          DATABASE_URL: database?.url ?? '',
          DATA_DIR: dataDir,
          SECRET_KEY,
          WEB_DIST: web,
          REGION: 'AU',
          PUBLIC_URL: origin,
          TRUST_PROXY: '127.0.0.1',
          JOBS_IN_PROCESS: 'false',
          PAYMENT_PROVIDERS: 'none',
          SEARCH_SNAPSHOT: 'false',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          ...extra,
        };
      };
      instanceA = startCompiled('main', env({ PORT: String(portA) }));
      instanceB = startCompiled('main', env({ PORT: String(portB) }));
      ports.set(instanceA, portA);
      ports.set(instanceB, portB);
      const worker = startCompiled('worker', env({}));
      processes.push(instanceA, instanceB, worker);
      await Promise.all([
        instanceA.waitUntilHealthy(`http://127.0.0.1:${portA}`, 90_000),
        instanceB.waitUntilHealthy(`http://127.0.0.1:${portB}`, 90_000),
        worker.waitForOutput(/Jobs worker .* is running/, 90_000),
      ]);

      // Production seeds nothing: the catalogue comes from factories (categories, stores, rates).
      handle = openDatabase({ url: database.url, dataDir: nginxDir });
      await seedCatalogue(handle, { products: 0, seed: 1 });
      const store = await makeStore(handle.db, { name: 'Frontdoor Bendigo', state: 'VIC', pickup_disabled: 0 });
      const guitars = await categoryIdBySlug(handle.db, 'guitars');
      for (let i = 0; i < 12; i++) {
        const made = await makeProduct(handle.db, {
          store_id: store.id,
          category_id: guitars,
          title: `Porchlight Guitar ${i}`,
          price_minor: 20_000 + i * 100,
          disable_in_store_pickup: 0,
        });
        codes.push(made.code);
        if (i === 0) pickupItemId = made.id;
      }

      // Each instance's search index reads the change feed: wait until both offer every item.
      for (const port of [portA, portB]) {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const answer = await fetch(`http://127.0.0.1:${port}/c3api/search/results?query=porchlight`);
          const found = ((await answer.json()) as { Value?: SearchResultsValue }).Value?.ProductList.ProductListItems;
          if (found?.length === codes.length) break;
          if (Date.now() > deadline) throw new Error(`the instance on ${port} did not index the items`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }

      // The conf as an operator fills it in, inside a minimal nginx.conf of the test's own.
      writeFileSync(
        path.join(nginxDir, 'shop.conf'),
        fillIn(readFileSync(CONF, 'utf8'), {
          SHOP_PUBLIC_URL: origin,
          SHOP_SERVER_NAME: 'localhost',
          SHOP_HTTP_PORT: `127.0.0.1:${httpPort}`,
          SHOP_HTTPS_PORT: `127.0.0.1:${httpsPort}`,
          SHOP_TLS_CERTIFICATE: path.join(nginxDir, 'cert.pem'),
          SHOP_TLS_CERTIFICATE_KEY: path.join(nginxDir, 'key.pem'),
          SHOP_INSTANCE_1: `127.0.0.1:${portA}`,
          SHOP_INSTANCE_2: `127.0.0.1:${portB}`,
        }),
      );
      for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(nginxDir, temp));
      const main = path.join(nginxDir, 'nginx.conf');
      writeFileSync(
        main,
        [
          'worker_processes 1;',
          `error_log ${path.join(nginxDir, 'error.log')} info;`,
          'events { worker_connections 512; }',
          'http {',
          // Which instance answered each request, and after which failed attempt.
          "  log_format upstreams '$status $request_method $uri [$upstream_addr] [$upstream_status]';",
          `  access_log ${path.join(nginxDir, 'access.log')} upstreams;`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (temp) => `  ${temp}_temp_path ${path.join(nginxDir, temp)};`,
          ),
          `  include ${path.join(nginxDir, 'shop.conf')};`,
          '}',
        ].join('\n'),
      );
      const args = ['-c', main, '-p', nginxDir, '-g', `daemon off; pid ${path.join(nginxDir, 'nginx.pid')};`];
      execFileSync(NGINX, ['-t', ...args], { stdio: 'pipe' });
      await Promise.all([httpsHeld.release(), httpHeld.release()]);
      nginx = spawn(NGINX, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      nginx.stdout?.on('data', (chunk) => {
        nginxLog += chunk;
      });
      nginx.stderr?.on('data', (chunk) => {
        nginxLog += chunk;
      });
      const deadline = Date.now() + 15_000;
      for (;;) {
        const up = await new Shopper(origin, agent).request('GET', '/healthz').then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (up) break;
        if (nginx.exitCode !== null || Date.now() > deadline) {
          const errors = existsSync(path.join(nginxDir, 'error.log'))
            ? readFileSync(path.join(nginxDir, 'error.log'), 'utf8')
            : '';
          throw new Error(`nginx did not answer over HTTPS:\n${nginxLog}\n${errors}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 180_000);

    afterAll(async () => {
      agent?.destroy();
      if (nginx && nginx.exitCode === null) {
        // SIGQUIT: nginx's graceful stop.
        nginx.kill('SIGQUIT');
        await Promise.race([
          new Promise((resolve) => nginx?.once('exit', resolve)),
          new Promise((resolve) => setTimeout(resolve, 5000)),
        ]);
        if (nginx.exitCode === null) nginx.kill('SIGKILL');
      }
      for (const program of processes) await program.stop('SIGTERM', 10_000);
      await handle?.close();
      await database?.dispose();
      removeAll(dirs);
    }, 60_000);

    it('migrated the fresh database once with both instances and the worker starting together', async () => {
      if (!handle) throw new Error('no database');
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
      const names = rows.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain('001-catalogue');
      // One process ran the migrations; the others waited for the lock and found nothing to do.
      const migrators = processes.filter((p) => /Migrated PostgreSQL/.test(p.output()));
      expect(migrators).toHaveLength(1);
      expect(migrators[0]?.output()).toContain(names.join(', '));
    });

    it('a shopper: HTTP is sent to HTTPS; search, add to cart, pick up and pay in store, confirmation', async () => {
      // Plain HTTP answers a permanent redirect to the same address over HTTPS.
      const redirect = await fetch(`http://127.0.0.1:${httpPort}/search-results?query=porchlight`, {
        redirect: 'manual',
      });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get('location')).toBe(`${origin}/search-results?query=porchlight`);

      const shopper = new Shopper(origin, agent);
      const site = await shopper.request('GET', '/c3api/site');
      expect(site.status).toBe(200);
      // Behind TLS every cookie is Secure and __Host- prefixed (no Domain, Path=/).
      const setCookies = [site.headers['set-cookie'] ?? []].flat();
      expect(setCookies.length).toBeGreaterThan(0);
      for (const line of setCookies) {
        expect(line).toMatch(/^__Host-/);
        expect(line).toMatch(/;\s*Secure/i);
        expect(line).toMatch(/;\s*Path=\//i);
        expect(line).not.toMatch(/;\s*Domain=/i);
      }
      expect(site.headers['strict-transport-security']).toBeDefined();

      const search = await shopper.json<SearchResultsValue>('GET', '/c3api/search/results?query=porchlight');
      const found = search.value.ProductList.ProductListItems;
      expect(found.map((i) => i.Code).sort()).toEqual([...codes].sort());
      const product = await shopper.json<{ Code?: string }>('GET', `/c3api/product/query?code=${codes[0]}`);
      expect(JSON.stringify(product.value)).toContain(codes[0]);

      await shopper.json('POST', `/c3api/cart/add?productId=${pickupItemId}`);
      await shopper.json('GET', '/c3api/checkout/view');
      const placed = await shopper.json<{ ConfirmationUrl: string }>(
        'POST',
        '/c3api/checkout/purchase/process',
        pickupSubmission(),
      );
      const url = new URL(placed.value.ConfirmationUrl, origin);
      const reference = url.pathname.split('/').pop() ?? '';
      const confirmation = await shopper.json<OrderConfirmationValue>(
        'GET',
        `/c3api/checkout/confirmation?reference=${reference}&key=${url.searchParams.get('key')}`,
      );
      expect(JSON.stringify(confirmation.value)).toContain(reference);
      // The confirmation link the shop made is on its public HTTPS address.
      expect(placed.value.ConfirmationUrl.startsWith('/') || placed.value.ConfirmationUrl.startsWith(origin)).toBe(
        true,
      );
    });

    it('keeps answering under steady load while an instance stops with SIGTERM: no failed request', async () => {
      const failures: string[] = [];
      const answered = { total: 0 };
      const stopAt = Date.now() + LOAD_MS;
      const loop = async (n: number) => {
        const shopper = new Shopper(origin, agent);
        for (let i = 0; Date.now() < stopAt; i++) {
          const target =
            i % 2 === 0
              ? `/c3api/search/results?query=${i % 4 === 0 ? 'porchlight' : 'porchlight%20guitar'}`
              : `/c3api/product/query?code=${codes[(i + n) % codes.length]}`;
          try {
            const answer = await shopper.request('GET', target);
            answered.total++;
            if (answer.status < 200 || answer.status > 299) failures.push(`${answer.status} ${target}`);
          } catch (error) {
            failures.push(`${error instanceof Error ? error.message : String(error)} ${target}`);
          }
        }
      };
      const loops = Promise.all([0, 1, 2, 3].map(loop));
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS / 3));
      const before = answered.total;
      process.kill(instanceA.pid, 'SIGTERM');
      const code = await instanceA.exited;
      await loops;

      expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
      // Both instances took part in the load, A until it stopped.
      const log = readFileSync(path.join(nginxDir, 'access.log'), 'utf8');
      expect(log).toContain(`[127.0.0.1:${portOf(instanceA)}]`);
      expect(log).toContain(`[127.0.0.1:${portOf(instanceB)}]`);
      expect(before).toBeGreaterThan(0);
      expect(answered.total).toBeGreaterThan(before);
      expect(code).toBe(0);
      expect(instanceA.output()).toMatch(/The server stopped cleanly in \d+ ms/);
      // Instance B carried the rest: it still answers through the front door.
      expect((await new Shopper(origin, agent).request('GET', '/healthz')).status).toBe(200);
    });
  },
);
