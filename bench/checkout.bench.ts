/**
 * Checkout benchmark (not a test): seeds a throw-away SQLite catalogue, starts the real server and
 * drives POST /c3api/checkout/purchase/process over loopback HTTP, as many shoppers at once.
 *
 *   npm run bench:checkout -- [--shoppers 1000] [--items 50] [--throughput 400] [--connections 8]
 *
 * 1. The race: `shoppers` shoppers, each with one of `items` unique items in their cart (pickup,
 *    pay in store), all submit at the same moment. It checks that exactly `items` orders exist,
 *    that no item is in two live orders, and that every loser got the unavailable-items reply.
 * 2. Throughput: `throughput` shoppers with an item each submit with `connections` in flight.
 * Writes bench/results/checkout-<YYYY-MM-DD>.json and .md, and prints them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { readProcessMemoryMb, type ServerProcess, startBenchShop } from './server-process.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const UNAVAILABLE = 'Item(s) no longer available. Please remove item(s) from cart in order to proceed.';

interface Shopper {
  address: string;
  cookie: string;
  xsrf: string;
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      shoppers: { type: 'string', default: '1000' },
      items: { type: 'string', default: '50' },
      throughput: { type: 'string', default: '400' },
      connections: { type: 'string', default: '8' },
      products: { type: 'string', default: '5000' },
    },
  });
  const numbers = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
  for (const [name, value] of Object.entries(numbers)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of 1 or more`);
  }
  return numbers as { shoppers: number; items: number; throughput: number; connections: number; products: number };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

let nextAddress = 1;
/** A new visitor: its cookies and anti-forgery value, from its own client address. */
async function newShopper(baseUrl: string): Promise<Shopper> {
  const n = nextAddress++;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const response = await fetch(`${baseUrl}/c3api/site`, { headers: { 'X-Forwarded-For': address } });
  await response.arrayBuffer();
  const pairs = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = pairs.find((p) => p.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { address, cookie: pairs.join('; '), xsrf: decodeURIComponent(xsrf) };
}

async function post(baseUrl: string, shopper: Shopper, pathAndQuery: string, body: unknown) {
  const response = await fetch(baseUrl + pathAndQuery, {
    method: 'POST',
    headers: {
      Cookie: shopper.cookie,
      'X-XSRF-TOKEN': shopper.xsrf,
      'X-Forwarded-For': shopper.address,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const setCookie = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const cart = setCookie.find((c) => c.startsWith('cart='));
  if (cart) shopper.cookie = `${shopper.cookie}; ${cart}`;
  return {
    status: response.status,
    body: (await response.json()) as { WasSuccessful: boolean; Message: string | null },
  };
}

const SUBMISSION = {
  PaymentOption: 'Generic',
  DeliveryOption: 'StorePickup',
  CustomerDetails: {
    EmailAddress: 'bench@example.com',
    FirstName: 'Bench',
    LastName: 'Shopper',
    PhoneNumber: '0412 345 678',
    Consent: false,
  },
  BillingAddress: { Line1: '1 George St', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
  IsStorePickup: true,
};

/** Makes shoppers with one item each in their cart, a few at a time. */
async function prepare(baseUrl: string, itemIds: number[], count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, async (_, i) => {
        const shopper = await newShopper(baseUrl);
        const added = await post(
          baseUrl,
          shopper,
          `/c3api/cart/add?productId=${itemIds[(start + i) % itemIds.length]}`,
          undefined,
        );
        if (added.status !== 200) throw new Error(`cart/add answered ${added.status}: ${added.body.Message}`);
        return shopper;
      }),
    );
    shoppers.push(...batch);
  }
  return shoppers;
}

async function timedSubmit(baseUrl: string, shopper: Shopper) {
  const started = performance.now();
  const reply = await post(baseUrl, shopper, '/c3api/checkout/purchase/process', SUBMISSION);
  return { ...reply, ms: performance.now() - started };
}

function pickupItems(file: string, count: number, offset: number): number[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT p.id FROM products p JOIN stores s ON s.id = p.store_id
         WHERE p.status = 'available' AND s.region = 'AU' AND s.pickup_disabled = 0 AND p.disable_in_store_pickup = 0
           AND p.price_minor BETWEEN 100 AND 1000000
         ORDER BY p.id LIMIT ? OFFSET ?`,
      )
      .all(count, offset) as { id: number }[];
    if (rows.length < count) throw new Error(`only ${rows.length} pickup items; seed more products`);
    return rows.map((r) => r.id);
  } finally {
    db.close();
  }
}

function liveLineCheck(file: string, itemIds: number[]) {
  const db = new Database(file, { readonly: true });
  try {
    const placeholders = itemIds.map(() => '?').join(',');
    const orders = db
      .prepare(
        `SELECT COUNT(DISTINCT order_id) AS n FROM order_lines WHERE live = 1 AND product_id IN (${placeholders})`,
      )
      .get(...itemIds) as { n: number };
    const doubled = db
      .prepare(
        `SELECT COUNT(*) AS n FROM (SELECT product_id FROM order_lines WHERE live = 1 AND product_id IN (${placeholders}) GROUP BY product_id HAVING COUNT(*) > 1)`,
      )
      .get(...itemIds) as { n: number };
    return { orders: orders.n, doubled: doubled.n };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'checkout-bench-'));
  const file = path.join(tempDir, 'bench.sqlite');
  let server: ServerProcess | undefined;
  try {
    const shop = await startBenchShop({ repoRoot: REPO_ROOT, tempDir, products: options.products });
    server = shop.server;
    const baseUrl = shop.server.baseUrl;

    // 1. The race.
    const raceItems = pickupItems(file, options.items, 0);
    console.log(`[bench] Preparing ${options.shoppers} shoppers for ${options.items} items`);
    const racers = await prepare(baseUrl, raceItems, options.shoppers);
    console.log('[bench] Racing');
    const raceStarted = performance.now();
    const raceReplies = await Promise.all(racers.map((s) => timedSubmit(baseUrl, s)));
    const raceSeconds = (performance.now() - raceStarted) / 1000;
    const won = raceReplies.filter((r) => r.status === 200 && r.body.WasSuccessful).length;
    const lostClearly = raceReplies.filter((r) => r.status === 400 && r.body.Message === UNAVAILABLE).length;
    const other = raceReplies.length - won - lostClearly;
    const check = liveLineCheck(file, raceItems);
    const raceLatencies = raceReplies.map((r) => r.ms).sort((a, b) => a - b);

    // 2. Throughput: every shopper has an item of their own.
    const ownItems = pickupItems(file, options.throughput, options.items);
    const buyers = await prepare(baseUrl, ownItems, options.throughput);
    console.log(`[bench] Throughput: ${buyers.length} orders, ${options.connections} in flight`);
    const latencies: number[] = [];
    let failures = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        for (;;) {
          const shopper = buyers[next++];
          if (!shopper) return;
          const reply = await timedSubmit(baseUrl, shopper);
          if (reply.status !== 200) failures++;
          latencies.push(reply.ms);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    const report = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
      database: 'SQLite (WAL, synchronous=FULL)',
      race: {
        shoppers: options.shoppers,
        items: options.items,
        orders: won,
        ordersInDatabase: check.orders,
        itemsInTwoLiveOrders: check.doubled,
        unavailableReplies: lostClearly,
        otherReplies: other,
        seconds: Number(raceSeconds.toFixed(2)),
        p50Ms: Number(percentile(raceLatencies, 50).toFixed(1)),
        p99Ms: Number(percentile(raceLatencies, 99).toFixed(1)),
      },
      throughput: {
        orders: buyers.length,
        connections: options.connections,
        failures,
        ordersPerSecond: Number((buyers.length / seconds).toFixed(1)),
        p50Ms: Number(percentile(latencies, 50).toFixed(1)),
        p99Ms: Number(percentile(latencies, 99).toFixed(1)),
      },
      rssMb: readProcessMemoryMb(server.pid, 'VmHWM'),
    };
    const ok = won === options.items && check.orders === options.items && check.doubled === 0 && other === 0;
    const md = [
      `# Checkout benchmark, ${report.date.slice(0, 10)}`,
      '',
      `${report.machine}; ${report.database}; the server and the load share the machine.`,
      '',
      `## The race: ${options.shoppers} shoppers at once for ${options.items} unique items`,
      '',
      `- orders: ${won} (in the database: ${check.orders}); items in two live orders: ${check.doubled}`,
      `- unavailable-items replies: ${lostClearly}; other replies: ${other}`,
      `- all answered in ${report.race.seconds} s; latency p50 ${report.race.p50Ms} ms, p99 ${report.race.p99Ms} ms`,
      `- verdict: ${ok ? 'PASS (exactly one order per item, a clear reply for every loser)' : 'FAIL'}`,
      '',
      `## Throughput: ${buyers.length} orders, ${options.connections} in flight`,
      '',
      `- ${report.throughput.ordersPerSecond} orders/s; p50 ${report.throughput.p50Ms} ms, p99 ${report.throughput.p99Ms} ms; failures ${failures}`,
      `- server peak RSS ${report.rssMb === null ? 'n/a' : `${report.rssMb.toFixed(0)} MB`}`,
      '',
    ].join('\n');
    mkdirSync(RESULTS_DIR, { recursive: true });
    const name = `checkout-${report.date.slice(0, 10)}`;
    writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, `${name}.md`), md);
    console.log(md);
    if (!ok) process.exitCode = 1;
  } finally {
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
