import { afterAll, beforeAll } from 'vitest';
import { type SeedOptions, seedCatalogue } from '../seed/seed.js';
import { TestClient } from './test-client.js';
import type { TestDatabase, TestDatabaseTarget } from './test-database.js';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';

/**
 * One test file's shop: its own database (the target's dialect, migrated), optionally seeded, and
 * the real server on a free loopback port, set up before the file's tests and torn down after
 * them. Call it at the top of a `describe` (usually `describe.each(testDatabaseTargets())`, so the
 * file runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL too):
 *
 *   const { database, server } = useTestShop(target, { seed: { products: 0, seed: 1 } });
 *
 * The values it hands back stand for ones that only exist once the shop has started: use them
 * inside tests and hooks, not while the file is being collected.
 */
export interface TestShopOptions {
  /**
   * What to put in the new database before the server starts: the demo catalogue's options
   * (seedCatalogue), or seeding of the test's own (it may remember ids in the file's variables).
   */
  seed?: SeedOptions | ((database: TestDatabase) => Promise<void>);
  /** Config overrides, by their environment names. A function is read when the shop starts. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** startTestServer's options (a clock, payment providers, the payment sandboxes), or false: the database alone. */
  server?: TestServerOptions | false;
}

export interface TestShop {
  database: TestDatabase;
  /** The server startTestServer builds on the database with the shop's env and options. */
  server: TestServer;
  /**
   * Another server on the same database (another region, other settings), started right after
   * the first and closed with it. Call it beside useTestShop, not inside a test.
   */
  alsoServe(env?: Record<string, string>, options?: TestServerOptions): TestServer;
  /** Starts another server now, inside a test; the shop closes it at the end if the test did not. */
  startServer(env?: Record<string, string>, options?: TestServerOptions): Promise<TestServer>;
  /** A new browser (its own cookies) on the shop's server. */
  client(address?: string): TestClient;
}

export function useTestShop(target: TestDatabaseTarget, options: TestShopOptions = {}): TestShop {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  const extras: { env: Record<string, string>; options: TestServerOptions; server?: TestServer }[] = [];
  const started: TestServer[] = [];

  async function start(env: Record<string, string>, serverOptions: TestServerOptions): Promise<TestServer> {
    if (!database) throw new Error('the test shop has no database yet');
    const started_ = await startTestServer(database, env, serverOptions);
    started.push(started_);
    return started_;
  }

  beforeAll(async () => {
    database = await target.open();
    const { seed } = options;
    if (typeof seed === 'function') await seed(database);
    else if (seed) await seedCatalogue(database.handle, seed);
    if (options.server === false) return;
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    server = await start(env, options.server ?? {});
    for (const extra of extras) extra.server = await start(extra.env, extra.options);
  });

  afterAll(async () => {
    // Every server first (each closes its own connections and in-process jobs), then the database.
    for (const each of started.splice(0)) await each.close().catch(() => undefined);
    await database?.dispose();
  });

  return {
    database: startedLater('the test database', () => database),
    server: startedLater('the test server', () => {
      if (options.server === false) throw new Error('this test shop was asked for no server (server: false)');
      return server;
    }),
    alsoServe(env = {}, serverOptions = {}) {
      const extra: (typeof extras)[number] = { env, options: serverOptions };
      extras.push(extra);
      return startedLater('the extra test server', () => extra.server);
    },
    startServer: (env = {}, serverOptions = {}) => start(env, serverOptions),
    client(address) {
      if (!server) throw new Error('the test server is not started yet');
      return new TestClient(server.baseUrl, address);
    },
  };
}

/**
 * Stands for a value a beforeAll hook makes: every property read goes to the value once it
 * exists, and fails saying so before then.
 */
function startedLater<T extends object>(what: string, current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, property) {
      // Not a promise: `await shop.server` must not look for a then() that is not there yet.
      if (property === 'then') return undefined;
      const value = current();
      if (value === undefined) {
        throw new Error(`${what} is not started yet: use it inside a test or a hook, not while tests are collected`);
      }
      const member = Reflect.get(value, property, value);
      return typeof member === 'function' ? member.bind(value) : member;
    },
    has(_, property) {
      const value = current();
      return value !== undefined && Reflect.has(value, property);
    },
  });
}
