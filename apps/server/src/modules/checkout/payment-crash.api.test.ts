import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutSubmission, EwayPageData, EwayValidateValue } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/free-port.js';
import { seedCatalogue } from '../../seed/seed.js';
import { pickupSubmission } from '../../test/checkout-fixtures.js';
import { type ChildShop, startChildShop } from '../../test/child-shop.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { EWAY_TEST_CARDS, ewaySandbox } from '../payments/providers/eway/eway.sandbox.js';
import { type RunningSandbox, startPaymentSandbox } from '../payments/sandbox/sandbox-server.js';

/**
 * A shop process killed for real (SIGKILL: no shutdown hook, no request finished, nothing closed)
 * while a shopper's card payment is half done, then started again on the same database: the
 * reconciler, running in the restarted shop's own jobs worker, finishes the order from Eway's
 * answer. No shopper is charged without an order; no order is paid without a capture.
 *
 * The provider must outlive the shop, as Eway does: its sandbox runs here, in the test process,
 * and the shop (a child process, main.ts as `npm start` runs it) reaches it over HTTP as if it
 * were Eway's real API (EWAY_API_URL with credentials; PAYMENT_SANDBOX off in the shop).
 *
 * The one thing the test steers is WHEN the reconciler's recurring job comes round: it runs every
 * 60 s, so the test holds its next run back while the journey happens (no run can race the kill)
 * and then brings it to the moment the attempt is due (PAYMENT_RECONCILE_AFTER_SECONDS after it
 * was last touched), by writing the schedule's next_run_at as a clock moving on would. Everything
 * else is the product's own doing.
 */

const RECONCILE_AFTER_SECONDS = 10;
const EWAY_KEY = 'crash-test-eway-key';
const EWAY_PASSWORD = 'crash-test-eway-password';
const SHOPPER = 'pat@example.com';
const FAR_FUTURE = Date.UTC(2100, 0, 1);

const submission = (): CheckoutSubmission => pickupSubmission({ PaymentOption: 'Eway' });

interface SandboxRecords {
  pendingFaults: { kind: string }[];
  transactions: {
    TransactionID: number;
    TransactionStatus: boolean;
    InvoiceReference: string | null;
    TotalAmount: number;
    RefundedAmount: number;
  }[];
  requests: { method: string; path: string; status: number | string }[];
}

/** Polls until `check` answers a value (not undefined), or fails after `timeoutMs` saying what it waited for. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Most of each journey is waiting for the attempt to come due (10 s at least), so the databases run
// side by side (each its own database, sandbox and shop); the journeys on one database take turns.
describe.concurrent.each(testDatabaseTargets())('a shop killed in the middle of a card payment, on $name', (target) => {
  let sandbox: RunningSandbox;
  let webDist: string;
  let port: number;
  let shop: ChildShop | null = null;
  let storeId: number;
  let guitars: number;
  // The database alone: the shop under test is a child process (startShop), started below.
  const { database } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Bendigo', state: 'VIC', pickup_disabled: 0 })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
    },
    server: false,
  });

  /** The shop's environment: this test's database, Eway at the test's sandbox, jobs in-process. */
  const shopEnv = (): Record<string, string> => {
    let databaseUrl = `sqlite:${database.url}`;
    if (database.schema) {
      const url = new URL(database.url);
      url.searchParams.set('options', `-c search_path=${database.schema}`);
      databaseUrl = url.toString();
    }
    return {
      DATABASE_URL: databaseUrl,
      DATA_DIR: database.dataDir,
      WEB_DIST: webDist,
      REGION: 'AU',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_PRODUCTS: '0',
      JOBS_IN_PROCESS: 'true',
      PAYMENT_RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER_SECONDS),
      PAYMENT_PROVIDERS: 'Eway',
      PAYMENT_SANDBOX: 'false',
      EWAY_API_URL: sandbox.urlOf('eway'),
      EWAY_API_KEY: EWAY_KEY,
      EWAY_API_PASSWORD: EWAY_PASSWORD,
      EWAY_SCRIPT_URL: `${sandbox.urlOf('eway')}/scripts/eCrypt.js`,
      // Each TestClient is its own address (X-Forwarded-For), as in the other API tests.
      TRUST_PROXY: 'true',
      SMTP_URL: '',
      SECRET_KEY: '',
      LOG_LEVEL: 'warn',
    };
  };
  /** Starts the shop (again) on the same port, database and data folder. */
  const startShop = async () => {
    shop = await startChildShop(port, shopEnv());
    return shop;
  };
  /** Kills the running shop with SIGKILL and answers what ended it. */
  const killShop = async () => {
    const running = shop;
    shop = null;
    return running ? running.kill() : null;
  };

  beforeAll(async () => {
    sandbox = await startPaymentSandbox({
      port: 0,
      host: '127.0.0.1',
      publicHost: '127.0.0.1',
      mounts: [
        {
          prefix: 'eway',
          plugin: (publicUrl) =>
            ewaySandbox({
              publicUrl,
              credentials: { apiKey: EWAY_KEY, password: EWAY_PASSWORD },
              mode: 'always-approve',
            }),
        },
      ],
    });
    // A stand-in web build, so main.ts does not build the web app on first start.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shop</title>');
    port = await freePort();
    await startShop();
  });

  afterAll(async () => {
    await killShop();
    await sandbox?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const db = () => database.handle.db;

  /** When the reconciler's recurring job next comes round (the shop reads it from the database). */
  async function reconcilerRunsAt(at: number) {
    const result = await db()
      .updateTable('job_schedules')
      .set({ next_run_at: at })
      .where('name', '=', 'payments.reconcile')
      .executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(1);
  }

  const eway = async (pathname: string, init?: RequestInit) => fetch(`${sandbox.urlOf('eway')}${pathname}`, init);
  const records = async () => (await (await eway('/__sandbox/records')).json()) as SandboxRecords;
  const capturesFor = async (tracking: string) =>
    (await records()).transactions.filter((t) => t.InvoiceReference === tracking);

  /** A shopper puts a guitar in the cart and places the order to pay by Eway: an access code, the item held. */
  async function placed(running: ChildShop) {
    const guitar = await makeProduct(db(), {
      store_id: storeId,
      category_id: guitars,
      price_minor: 38_500,
      disable_in_store_pickup: 0,
    });
    const client = new TestClient(running.baseUrl);
    expect((await client.post(`/c3api/cart/add?productId=${guitar.id}`)).status).toBe(200);
    const reply = await client.post<EwayPageData>('/c3api/checkout/purchase/process', submission());
    expect(reply.status, reply.body.Message ?? running.output()).toBe(200);
    const page = reply.body.Value;
    expect(page.EwayFormActionUrl.startsWith(`${sandbox.urlOf('eway')}/sharedpage/`)).toBe(true);
    return { guitar, client, code: page.Accesstoken, tracking: page.TrackingNumber };
  }

  /** What Eway's shared page posts from its frame: the card goes to Eway, which captures. */
  async function pay(code: string) {
    const response = await eway(`/AccessCode/${encodeURIComponent(code)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        EWAY_CARDNAME: 'Pat Shopper',
        EWAY_CARDNUMBER: EWAY_TEST_CARDS.visa,
        EWAY_CARDEXPIRYMONTH: '12',
        EWAY_CARDEXPIRYYEAR: String(new Date().getFullYear() + 2),
        EWAY_CARDCVN: '123',
      }),
    });
    return (await response.json()) as { Result: string; TransactionID: number | null };
  }

  async function state(tracking: string, productId: number) {
    const attempt = await db()
      .selectFrom('payment_attempts')
      .selectAll()
      .where('tracking_number', '=', tracking)
      .executeTakeFirstOrThrow();
    const order = await db()
      .selectFrom('orders')
      .select(['status', 'reference'])
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    const product = await db()
      .selectFrom('products')
      .select('status')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return { attempt, order, product: product.status };
  }

  /** Right after the kill: the shop never heard of the payment, but Eway holds exactly one capture. */
  async function expectPaidAtEwayOnly(tracking: string, productId: number) {
    const now = await state(tracking, productId);
    expect([now.order.status, now.attempt.status, now.product]).toEqual(['pending_payment', 'pending', 'reserved']);
    const captures = await capturesFor(tracking);
    expect(captures.map((t) => [t.TransactionStatus, t.TotalAmount])).toEqual([[true, now.attempt.amount_minor]]);
    return now;
  }

  /** The restarted shop's reconciler has run for this attempt: bounded, generous for a loaded machine. */
  const finished = (tracking: string, productId: number) =>
    waitFor(
      'the reconciler to finish the order',
      async () => {
        const now = await state(tracking, productId);
        return now.attempt.status === 'pending' ? undefined : now;
      },
      30_000,
    );

  /** The end every crash must reach: one order, paid once, its item sold, one set of mails. */
  async function expectFinishedByReconciler(client: TestClient, tracking: string, productId: number) {
    const now = await finished(tracking, productId);
    expect([now.order.status, now.attempt.status, now.product]).toEqual(['confirmed', 'succeeded', 'sold']);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('subject', 'like', `%${now.order.reference}%`)
      .execute();
    // Exactly one confirmation to the shopper, and the store's one message.
    expect(mails.filter((m) => m.to_address === SHOPPER).map((m) => m.subject)).toEqual([
      `Your order ${now.order.reference}`,
    ]);
    expect(mails).toHaveLength(2);
    // The reconciler finished it (the browser never did), once.
    const events = await db()
      .selectFrom('payment_attempt_events')
      .select(['kind', 'detail'])
      .where('attempt_id', '=', now.attempt.id)
      .orderBy('id')
      .execute();
    const finishes = events
      .filter((e) => e.kind === 'finish')
      .map((e) => JSON.parse(e.detail) as { source: string; verdict: string });
    expect(finishes.map((f) => [f.source, f.verdict])).toEqual([['reconciler', 'succeeded']]);
    expect(events.map((e) => e.kind)).toContain('reconcile');
    // Eway: still exactly one capture for this attempt, for the order's amount, nothing refunded.
    const captures = await capturesFor(tracking);
    expect(captures.map((t) => [t.TransactionStatus, t.TotalAmount, t.RefundedAmount])).toEqual([
      [true, now.attempt.amount_minor, 0],
    ]);
    // The restarted shop knows the same shopper, whose cart no longer holds the sold item.
    const cart = await client.get<{ itemCount: number }>('/c3api/cart/query');
    expect([cart.status, cart.body.Value.itemCount]).toEqual([200, 0]);
  }

  /** Brings the reconciler's next run to when this attempt is due, then starts the shop again. */
  async function restartWhenDue(attempt: { updated_at: number }) {
    await reconcilerRunsAt(Number(attempt.updated_at) + RECONCILE_AFTER_SECONDS * 1000 + 250);
    return startShop();
  }

  describe.sequential('one journey at a time', () => {
    it('killed after Eway captured and before the browser came back: the restarted shop confirms the order', async () => {
      const running = shop ?? (await startShop());
      await reconcilerRunsAt(FAR_FUTURE);
      const { guitar, client, code, tracking } = await placed(running);
      expect((await pay(code)).Result).toBe('Complete');

      // The browser's validate call is never made: the shop dies first.
      expect(await killShop()).toBe('SIGKILL');
      const before = await expectPaidAtEwayOnly(tracking, guitar.id);
      // Nobody asked Eway about this payment.
      expect((await records()).requests.filter((r) => r.method === 'GET' && r.path.startsWith('/AccessCode/'))).toEqual(
        [],
      );

      await restartWhenDue(before.attempt);
      await expectFinishedByReconciler(client, tracking, guitar.id);
    });

    it("killed while validate waited for Eway's answer: the restarted shop confirms the order", async () => {
      const running = shop ?? (await startShop());
      await reconcilerRunsAt(FAR_FUTURE);
      const { guitar, client, code, tracking } = await placed(running);
      expect((await pay(code)).Result).toBe('Complete');

      // Eway is slow to answer the next query: validate's GET /AccessCode/{code} hangs there.
      const fault = await eway('/__sandbox/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'timeout-next-query', delayMs: 120_000 }),
      });
      expect(fault.status).toBe(204);
      const validating = client
        .post<EwayValidateValue>('/c3api/checkout/eway/validate', { AccessCode: code, Errors: null, IsComplete: true })
        .then(
          (reply) => `answered ${reply.status}`,
          () => 'cut off',
        );
      // The sandbox took the fault: the shop is inside validate, waiting on Eway (its adapter would
      // give up after 10 s; the kill comes within a poll of this).
      await waitFor(
        'validate to reach Eway',
        async () => ((await records()).pendingFaults.length === 0 ? true : undefined),
        15_000,
      );
      expect(await killShop()).toBe('SIGKILL');
      expect(await validating).toBe('cut off');
      // Eway saw the shop's query go away unanswered.
      await waitFor(
        'Eway to see the query dropped',
        async () =>
          (await records()).requests.some(
            (r) => r.method === 'GET' && r.path === `/AccessCode/${encodeURIComponent(code)}` && r.status === 'timeout',
          )
            ? true
            : undefined,
        10_000,
      );
      const before = await expectPaidAtEwayOnly(tracking, guitar.id);

      await restartWhenDue(before.attempt);
      await expectFinishedByReconciler(client, tracking, guitar.id);
    });
  });
});
