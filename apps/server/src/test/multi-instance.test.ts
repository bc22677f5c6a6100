import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConsoleItem, OrderConfirmationValue, SearchResultsValue } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { systemContext } from '../lib/context.js';
import { freePort } from '../lib/free-port.js';
import { StaffRepository } from '../modules/console/staff/staff.repository.js';
import { seedCatalogue } from '../seed/seed.js';
import { pickupSubmission } from './checkout-fixtures.js';
import { type ChildShop, startChildShop } from './child-shop.js';
import { categoryIdBySlug, makeProduct, makeStore } from './factories.js';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { TestClient } from './test-client.js';
import { type TestDatabase, testDatabaseTargets } from './test-database.js';

/**
 * The deployment the README's "Operations: more than one instance" describes, for real: two shop
 * processes (main.ts, as `npm start` runs it) and one `npm run worker` on one PostgreSQL database,
 * each instance with a data folder of its own and only SECRET_KEY in common, as two machines
 * behind a load balancer would be. Everything is checked over HTTP: what one instance is told,
 * the other knows (search within a second, sessions, anti-forgery values, signed links, sign-in
 * throttles); jobs run once with three workers competing; and an instance killed with SIGKILL
 * while it is answering loses nothing it acknowledged.
 *
 * SQLite is one file on one machine, so this runs on PostgreSQL only (TEST_DATABASE_URL).
 */
const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');
const SEEN_WITHIN_MS = 1000;
const SECRET_KEY = 'multi-instance-test-secret-key-of-at-least-32-characters';

/** Polls `check` until it answers true, and says how long that took (fails past `timeoutMs`). */
async function timeUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `npm run worker` (worker.ts) in its own process; resolves once it says it is running. */
async function startWorker(env: Record<string, string>): Promise<{ output(): string; stop(): Promise<void> }> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await timeUntil(
    'the worker to start',
    async () => {
      if (child.exitCode !== null) throw new Error(`The worker exited while starting:\n${output}`);
      return output.includes('is running');
    },
    60_000,
  );
  return {
    output: () => output,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

describe.skipIf(!postgres)(
  'two instances and a worker on one PostgreSQL database (needs TEST_DATABASE_URL; SQLite is one machine)',
  () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let webDist: string;
    const dataDirs: string[] = [];
    let a: ChildShop | null = null;
    let b: ChildShop;
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    let storeId: number;
    let guitars: number;

    const db = () => database.handle.db;

    /** One instance's environment: the shared database, SMTP and secret; a data folder of its own. */
    const instanceEnv = (publicUrl: string): Record<string, string> => {
      const url = new URL(database.url);
      url.searchParams.set('options', `-c search_path=${database.schema}`);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-instance-'));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        SECRET_KEY,
        WEB_DIST: webDist,
        REGION: 'AU',
        PUBLIC_URL: publicUrl,
        DEMO_PRODUCTS: '0',
        // Both instances run jobs too, so three workers compete for every job.
        JOBS_IN_PROCESS: 'true',
        PAYMENT_PROVIDERS: 'none',
        PAYMENT_SANDBOX: 'false',
        TRUST_PROXY: 'true',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
      };
    };

    beforeAll(async () => {
      if (!postgres) return;
      database = await postgres.open();
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(db(), { name: 'Bendigo', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(db(), 'guitars');
      smtp = await startTestSmtpServer();
      // A stand-in web build, so main.ts does not build the web app on first start.
      webDist = mkdtempSync(path.join(os.tmpdir(), 'shop-multi-web-'));
      writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shop</title>');
      const [portA, portB] = [await freePort(), await freePort()];
      // The address shoppers use is the load balancer's: the same PUBLIC_URL on both.
      const publicUrl = `http://127.0.0.1:${portA}`;
      [a, b, worker] = await Promise.all([
        startChildShop(portA, instanceEnv(publicUrl)),
        startChildShop(portB, instanceEnv(publicUrl)),
        startWorker(instanceEnv(publicUrl)),
      ]);
    }, 120_000);

    afterAll(async () => {
      await a?.kill();
      await b?.kill();
      await worker?.stop();
      await smtp?.close();
      await database?.dispose();
      for (const dir of [...dataDirs, webDist]) if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const instanceA = () => {
      if (!a) throw new Error('instance A is not running');
      return a;
    };
    const item = (title: string, price = 25_000) =>
      makeProduct(db(), {
        store_id: storeId,
        category_id: guitars,
        title,
        price_minor: price,
        disable_in_store_pickup: 0,
      });
    /** What instance B's search page shows for `query` (and filters): each item's code and price. */
    const searchOnB = async (query: string, filters = '') => {
      const reply = await new TestClient(b.baseUrl).get<SearchResultsValue>(
        `/c3api/search/results?query=${encodeURIComponent(query)}${filters}`,
      );
      expect(reply.status).toBe(200);
      return reply.body.Value.ProductList.ProductListItems.map((i) => ({ code: i.Code, price: i.SpMinorUnits }));
    };
    /** A shopper on `shop` with `productId` in the cart, placing a pickup order paid in store. */
    const shopperWith = async (shop: ChildShop, productId: number) => {
      const client = new TestClient(shop.baseUrl);
      expect((await client.post(`/c3api/cart/add?productId=${productId}`)).status).toBe(200);
      return client;
    };
    const place = (client: TestClient) =>
      client.post<{ ConfirmationUrl: string }>('/c3api/checkout/purchase/process', pickupSubmission());

    it('a price changed through A is on B’s search page within a second', async () => {
      const guitar = await item('Zanthorp Baritone Guitar', 25_000);
      // B has answered for the item at its old price (its index has read the change feed since).
      await timeUntil('B to list the new item', async () => (await searchOnB('zanthorp')).length === 1, 5000);
      expect(await searchOnB('zanthorp')).toEqual([{ code: guitar.code, price: 25_000 }]);
      // The price filter is answered by B's index alone (a card's price is read fresh for display).
      expect(await searchOnB('zanthorp', '&price=100-200')).toEqual([]);

      const staff = new TestClient(instanceA().baseUrl);
      const email = 'staff-multi@example.com';
      await staff.register(email);
      const user = await db().selectFrom('users').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
      await new StaffRepository().grant(systemContext(database.handle, 'AU'), user.id, 'store_staff', [storeId], 0);
      const changed = await staff.post<ConsoleItem>(`/c3api/console/stores/${storeId}/items/${guitar.code}/price`, {
        PriceMinor: 19_900,
      });
      expect(changed.status, changed.body.Message ?? '').toBe(200);
      const took = await timeUntil(
        'B to find the item at its new price',
        async () => (await searchOnB('zanthorp', '&price=100-200'))[0]?.price === 19_900,
        5000,
      );
      expect(took).toBeLessThan(SEEN_WITHIN_MS);
    });

    it('an item sold through A leaves B’s search page within a second, and B shows A’s order by its signed link', async () => {
      const guitar = await item('Quibblex Parlour Guitar');
      await timeUntil('B to list the new item', async () => (await searchOnB('quibblex')).length === 1, 5000);
      const shopper = await shopperWith(instanceA(), guitar.id);
      const placed = await place(shopper);
      expect(placed.status, placed.body.Message ?? '').toBe(200);
      const took = await timeUntil(
        'B to stop offering the sold item',
        async () => (await searchOnB('quibblex')).length === 0,
        5000,
      );
      expect(took).toBeLessThan(SEEN_WITHIN_MS);
      // The confirmation link A signed opens on B (one SECRET_KEY), for a stranger too.
      const url = new URL(placed.body.Value.ConfirmationUrl, 'http://shop');
      const reference = url.pathname.split('/').pop();
      const onB = await new TestClient(b.baseUrl).get<OrderConfirmationValue>(
        `/c3api/checkout/confirmation?reference=${reference}&key=${url.searchParams.get('key')}`,
      );
      expect(onB.status, onB.body.Message ?? '').toBe(200);
    });

    it('a sign-in on A is a session on B, with anti-forgery values B accepts', async () => {
      const guitar = await item('Plumbago Tenor Guitar');
      const onA = new TestClient(instanceA().baseUrl);
      await onA.register('shared-session@example.com');
      expect((await new TestClient(b.baseUrl).get('/c3api/account/orders')).status).toBe(401);
      // The same browser's next request reaches B: its first call there changes something, with
      // the anti-forgery value A signed (before any answer from B could hand it another).
      const onB = new TestClient(b.baseUrl, onA.address);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      const added = await onB.post(`/c3api/cart/add?productId=${guitar.id}`);
      expect(added.status, added.body.Message ?? '').toBe(200);
      expect((await onB.get('/c3api/account/orders')).status).toBe(200);
      expect((await onB.post('/c3api/account/logout', {})).status).toBe(200);
      // The session ended on B is ended on A too.
      const again = new TestClient(instanceA().baseUrl, onA.address);
      for (const [name, value] of onA.cookies) again.cookies.set(name, value);
      expect((await again.get('/c3api/account/orders')).status).toBe(401);
    });

    it('failed sign-ins on A and B count together toward the one throttle', async () => {
      const email = 'throttled@example.com';
      await new TestClient(b.baseUrl).register(email);
      // Five failures (the per-account limit), from five addresses, split between the instances.
      const shops = [instanceA(), b, instanceA(), b, instanceA()];
      for (const shop of shops) {
        const failed = await new TestClient(shop.baseUrl).login(email, 'not the password');
        expect(failed.status).toBe(400);
      }
      // Neither instance alone saw five; together they did: the right password now waits, on both.
      for (const shop of [instanceA(), b]) {
        const refused = await new TestClient(shop.baseUrl).login(email);
        expect(refused.status, refused.body.Message ?? '').toBe(429);
      }
    });

    it('every job runs once with the worker and both instances competing: each e-mail is sent once', async () => {
      // Orders placed at once on both instances: two e-mails each (shopper and store), one job each.
      const guitars = await Promise.all(Array.from({ length: 20 }, (_, i) => item(`Mordecant Guitar ${i}`)));
      const shoppers = await Promise.all(guitars.map((g, i) => shopperWith(i % 2 ? b : instanceA(), g.id)));
      const placed = await Promise.all(shoppers.map(place));
      for (const reply of placed) expect(reply.status, reply.body.Message ?? '').toBe(200);
      const unsent = async () =>
        Number(
          (
            await db()
              .selectFrom('mail_outbox')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('sent_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const mailJobs = () =>
        db().selectFrom('jobs').select(['status', 'attempts']).where('type', '=', 'mail.send').execute();
      // A sender drains every due message, so a job may find its message sent by another's run.
      await timeUntil(
        'every e-mail to be sent and every mail job finished',
        async () => (await unsent()) === 0 && (await mailJobs()).every((j) => j.status === 'done'),
        20_000,
      );
      const outbox = await db().selectFrom('mail_outbox').select(['id', 'attempts']).execute();
      expect(outbox.length).toBeGreaterThanOrEqual(40);
      expect(outbox.map((m) => m.attempts)).toEqual(outbox.map(() => 1));
      expect(smtp.received).toHaveLength(outbox.length);
      const jobs = await mailJobs();
      expect(jobs).toHaveLength(outbox.length);
      expect(jobs.map((j) => j.attempts)).toEqual(jobs.map(() => 1));
    });

    it('A killed (SIGKILL) while answering orders loses none it acknowledged: B shows each one', async () => {
      const shop = instanceA();
      const items = await Promise.all(Array.from({ length: 10 }, (_, i) => item(`Krellwood Guitar ${i}`)));
      const shoppers = await Promise.all(items.map((g) => shopperWith(shop, g.id)));
      let pending = shoppers.length;
      const outcomes = shoppers.map((client) =>
        place(client).then(
          (reply) => reply,
          () => null,
        ),
      );
      for (const outcome of outcomes) {
        outcome.then(() => {
          pending--;
        });
      }
      // Kill A the moment it acknowledges the first order, with the others still in flight.
      await Promise.race(outcomes.map((o) => o.then((reply) => (reply ? undefined : new Promise(() => undefined)))));
      const inFlight = pending;
      a = null;
      await shop.kill();
      expect(inFlight, 'orders still in flight when A was killed').toBeGreaterThan(0);
      const acknowledged = (await Promise.all(outcomes)).filter((r) => r?.status === 200);
      expect(acknowledged.length).toBeGreaterThan(0);

      for (const reply of acknowledged) {
        const url = new URL(reply?.body.Value.ConfirmationUrl ?? '', 'http://shop');
        const onB = await new TestClient(b.baseUrl).get<OrderConfirmationValue>(
          `/c3api/checkout/confirmation?reference=${url.pathname.split('/').pop()}&key=${url.searchParams.get('key')}`,
        );
        expect(onB.status, onB.body.Message ?? '').toBe(200);
      }
      // Nothing half-written either: an item is held exactly when an order line holds it, and B's
      // search offers exactly the items no order took.
      const lines = await db().selectFrom('order_lines').select('product_id').execute();
      const ordered = new Set(lines.map((l) => l.product_id));
      const rows = await db()
        .selectFrom('products')
        .select(['id', 'code', 'status'])
        .where(
          'id',
          'in',
          items.map((i) => i.id),
        )
        .execute();
      for (const row of rows) expect(row.status === 'reserved', row.code).toBe(ordered.has(row.id));
      expect(rows.filter((r) => r.status === 'reserved').length).toBeGreaterThanOrEqual(acknowledged.length);
      const unsold = rows
        .filter((r) => r.status === 'available')
        .map((r) => r.code)
        .sort();
      await timeUntil(
        'B to offer exactly the items no order took',
        async () => JSON.stringify((await searchOnB('krellwood')).map((i) => i.code).sort()) === JSON.stringify(unsold),
        SEEN_WITHIN_MS,
      );
    });
  },
);
