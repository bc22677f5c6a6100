import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, PASSWORD_COMMON_MESSAGE } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './lib/free-port.js';
import { buildCompiledServer } from './test/compiled-build.js';
import { type CompiledProcess, removeAll, standInWebBuild, startCompiled } from './test/compiled-process.js';
import { TestClient } from './test/test-client.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Compiles dist/ as `npm run build` does (once, and only when a source changed). */
const buildOnce = buildCompiledServer;

/**
 * What production runs: `npm run build` compiles the server to plain JavaScript (build.mjs) and
 * `npm start` runs dist/main.js with Node alone. This builds dist/ as `npm run build` does, starts
 * it on an empty database of its own and uses it.
 */
describe('the compiled server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compiled-server-'));
  let child: ChildProcess | undefined;
  let baseUrl = '';
  let output = '';

  beforeAll(async () => {
    await buildOnce();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Plain node, no loader: nothing is compiled at run time.
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_PRODUCTS: '40',
        PAYMENT_PROVIDERS: 'none',
        PAYMENT_SANDBOX: 'false',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dist/main.js exited: ${output}`);
      const up = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`dist/main.js did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs with Node alone: searches, pages and the files it reads beside itself', async () => {
    expect(output).toMatch(/is ready at/);
    const search = await fetch(`${baseUrl}/c3api/search/results?query=a`);
    expect(search.status).toBe(200);
    // The common-password list is read from beside the compiled code.
    const client = new TestClient(baseUrl);
    const refused = await client.post('/c3api/account/register', {
      Email: 'compiled@example.com',
      Password: 'password123',
      FirstName: 'Ada',
      LastName: 'Lovelace',
    });
    expect(refused.body.Message).toContain(PASSWORD_COMMON_MESSAGE);
    expect((await client.register('compiled@example.com')).Email).toBe('compiled@example.com');
  });
});

describe('a production start', () => {
  beforeAll(buildOnce, 120_000);

  async function startProduction(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'production-start-'));
    try {
      const child = spawn(process.execPath, ['dist/main.js'], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          DEMO_PRODUCTS: '0',
          PAYMENT_PROVIDERS: 'none',
          NODE_OPTIONS: '',
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGTERM');
          resolve(null);
        }, 30_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      return { code, output };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it.each([
    ['DEV_MAILBOX', 'true'],
    ['DEV_CAPTCHA_ANSWER', 'ACDEF'],
  ])('refuses %s and names it', async (setting, value) => {
    const { code, output } = await startProduction({ [setting]: value });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(`Invalid configuration: ${setting}:`);
  });

  it('refuses to start without SECRET_KEY, naming it', async () => {
    const { code, output } = await startProduction({ SECRET_KEY: '' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration: SECRET_KEY: must be set in production');
  });
});

/** A raw HTTP/1.1 connection, to hold a request in flight or a keep-alive connection idle. */
async function rawConnection(port: number): Promise<{
  socket: net.Socket;
  received(): string;
  closed: Promise<void>;
  isClosed(): boolean;
}> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  let isClosed = false;
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  return { socket, received: () => received, closed, isClosed: () => isClosed };
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A visitor's cookie and anti-forgery headers, so a raw POST reaches its handler. */
async function visitorHeaders(baseUrl: string): Promise<string> {
  const visitor = await new TestClient(baseUrl).visit();
  const token = decodeURIComponent(visitor.cookie(ANTI_FORGERY_COOKIE) ?? '');
  return `Cookie: ${visitor.cookieHeader()}\r\n${ANTI_FORGERY_HEADER}: ${token}\r\n`;
}

const PRODUCTION_SECRET = 'compiled-server-production-secret-key-0123456789';

/**
 * The compiled server and worker as a production deployment runs them: on an empty database it
 * seeds nothing; MIGRATE_ON_START=false waits for `npm run migrate`; SIGTERM stops it gracefully.
 */
describe('a production server', () => {
  const dirs: string[] = [];
  const running: CompiledProcess[] = [];

  beforeAll(buildOnce, 120_000);
  afterAll(async () => {
    for (const program of running) await program.stop('SIGKILL');
    removeAll(dirs);
  });

  /** A production environment on a SQLite file of its own (reused when `dataDir` is given). */
  function productionEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'production-server-'));
    const web = standInWebBuild();
    dirs.push(dataDir, web);
    return {
      NODE_ENV: 'production',
      SECRET_KEY: PRODUCTION_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: web,
      PAYMENT_PROVIDERS: 'none',
      SEARCH_SNAPSHOT: 'false',
      LOG_LEVEL: 'warn',
      ...extra,
    };
  }

  function start(program: string, env: Record<string, string>, args: string[] = []): CompiledProcess {
    const started = startCompiled(program, env, args);
    running.push(started);
    return started;
  }

  it('seeds no demo on an empty database, saying so: no items, no demo logins', async () => {
    const port = await freePort();
    // DEMO_PRODUCTS left as a demo would set it: production ignores it.
    const server = start('main', productionEnv(port, { DEMO_PRODUCTS: '40' }));
    const baseUrl = `http://127.0.0.1:${port}`;
    await server.waitUntilHealthy(baseUrl);
    expect(server.output()).toContain('NODE_ENV=production: no demo data is seeded');
    expect(server.output()).not.toMatch(/seeding a demo/i);
    const search = await fetch(`${baseUrl}/c3api/search/results?query=a`);
    expect(search.status).toBe(200);
    const results = (await search.json()) as { Value: { ProductList: { ProductListItems: unknown[] } } };
    expect(results.Value.ProductList.ProductListItems).toEqual([]);
    for (const email of ['admin@example.com', 'staff@example.com', 'demo@example.com']) {
      const signIn = await new TestClient(baseUrl).login(email, 'demo1234');
      expect(signIn.status, email).toBe(400);
    }
    expect(await server.stop()).toBe(0);
  });

  it('with MIGRATE_ON_START=false refuses a database that needs migrations, until npm run migrate ran', async () => {
    const port = await freePort();
    const env = productionEnv(port, { MIGRATE_ON_START: 'false', DEMO_PRODUCTS: '0' });
    const refused = start('main', env);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(
      /needs \d+ migrations \(001-catalogue, .*MIGRATE_ON_START is false: run `npm run migrate` first/,
    );
    // The worker refuses the same way.
    const worker = start('worker', env);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('run `npm run migrate` first');

    const check = start('migrate', env, ['--check']);
    expect(await check.exited).toBe(1);
    const migrate = start('migrate', env);
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toMatch(/Migrated SQLite .* migration\(s\) ran: 001-catalogue, /);

    const server = start('main', env);
    await server.waitUntilHealthy(`http://127.0.0.1:${port}`);
    expect(server.output()).not.toContain('Migrated');
    expect(await server.stop()).toBe(0);
  });

  it('on SIGTERM finishes the request in flight, closes keep-alive connections and exits 0', async () => {
    const port = await freePort();
    const server = start('main', productionEnv(port, { DEMO_PRODUCTS: '0' }));
    await server.waitUntilHealthy(`http://127.0.0.1:${port}`);

    // An idle keep-alive connection, and a request in flight (its body half sent).
    const idle = await rawConnection(port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await waitFor('the first answer', () => idle.received().includes('\r\n\r\n'), 5000);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
    const body = JSON.stringify({ Email: 'someone@example.com', Password: 'not the password' });
    const busy = await rawConnection(port);
    busy.socket.write(
      `POST /c3api/account/login HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n${await visitorHeaders(`http://127.0.0.1:${port}`)}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    process.kill(server.pid, 'SIGTERM');
    await server.waitForOutput(/SIGTERM: the server is stopping/, 5000);
    // The idle connection ends at once; no new connection is taken.
    await waitFor('the idle connection to close', idle.isClosed, 3000);
    await expect(rawConnection(port)).rejects.toThrow(/ECONNREFUSED/);

    // The request in flight still gets its whole answer, and then its connection ends.
    expect(busy.received()).toBe('');
    busy.socket.write(body.slice(10));
    await waitFor('the answer to the request in flight', () => /\r\n\r\n/.test(busy.received()), 5000);
    // Its handler ran: the wrong password's refusal, not the draining server's 503.
    expect(busy.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(busy.received().toLowerCase()).toContain('connection: close');
    await waitFor('the busy connection to close after its answer', busy.isClosed, 3000);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/The server stopped cleanly in \d+ ms/);
  });

  it('exits anyway, saying so, when a request is still unfinished after SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const port = await freePort();
    const server = start('main', productionEnv(port, { DEMO_PRODUCTS: '0', SHUTDOWN_TIMEOUT_SECONDS: '1' }));
    await server.waitUntilHealthy(`http://127.0.0.1:${port}`);
    const stuck = await rawConnection(port);
    stuck.socket.write(
      `POST /c3api/account/login HTTP/1.1\r\nHost: localhost\r\n${await visitorHeaders(`http://127.0.0.1:${port}`)}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stuck.received()).toBe('');
    const signalled = Date.now();
    process.kill(server.pid, 'SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(server.output()).toContain('The server did not stop within 1 s: exiting anyway.');
    stuck.socket.destroy();
  });

  it('the jobs worker stops on SIGTERM, exiting 0', async () => {
    const env = productionEnv(0, { DEMO_PRODUCTS: '0' });
    const worker = start('worker', env);
    await worker.waitForOutput(/Jobs worker .* is running/);
    expect(await worker.stop('SIGTERM', 10_000)).toBe(0);
    expect(worker.output()).toMatch(/SIGTERM: the jobs worker is stopping/);
    expect(worker.output()).toMatch(/The jobs worker stopped cleanly in \d+ ms/);
  });
});
