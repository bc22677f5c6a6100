/**
 * After-sale reads benchmark (not a test): seeds a throw-away SQLite catalogue, starts the real
 * server, registers bench customers through the API, then writes a realistic order volume straight
 * into the database and measures what a customer reads after the sale over loopback HTTP.
 *
 *   npm run bench:orders -- [--orders 200000] [--customers 20000] [--heavy 5000] [--seconds 3]
 *                           [--connections 4] [--invoices 150] [--products 5000] [--keep]
 *
 * Data: `customers` customers in all. 20 of them register through POST /c3api/account/register
 * (so they have real sessions): one heavy customer with `heavy` orders, 19 light ones with 20 each.
 * The rest of `orders` goes to `customers - 20` users inserted directly (10 % of them UK shoppers).
 * Each order has 1-3 stores (shipments) of its region with 1-4 lines each and one payment attempt,
 * is confirmed (confirmed_at set; a few since refunded or cancelled) and placed over the last
 * three years; rows go in in date order, so one customer's orders are spread over the table as in
 * a real shop. Lines are not live (1M historical lines cannot each hold one of the catalogue's items).
 *
 * Reads: a baseline (whoami, signed in: what any request costs on this machine), the heavy
 * customer's history (page 1, a middle page, the last page), order detail (rotating over its
 * orders), the tax invoice (first request: issues the numbers, each order once; repeated: the same
 * orders again), and a light customer's history and detail. On 1 connection the reads take turns,
 * one request each per round, so that other work on the machine falls on all of them alike; then
 * each alone at `connections` (closed loop), `seconds` per read. Invoice requests each come from
 * their own address (the route allows 120 per 5 minutes per address). Then, the server stopped,
 * EXPLAIN QUERY PLAN and in-process timings of the SQL behind them (mirroring OrdersRepository and
 * friends), and of the history's queries with a candidate index (created and dropped again).
 * Writes bench/results/orders-<YYYY-MM-DD>.json and .md, and prints them. --keep leaves the
 * database in its temporary directory (the path is printed) for a closer look at a slow query.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { readProcessMemoryMb, type ServerProcess, startBenchShop } from './server-process.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
/** Registered through the API: the heavy customer and 19 light ones. */
const REGISTERED = 20;
const LIGHT_ORDERS = 20;
/** OrderHistoryQuerySchema's page size. */
const PAGE_SIZE = 12;
/** A read slower than this at p99 on one connection gets its queries looked at. */
const SLOW_P99_MS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
const POSTAGE_SNAPSHOT = JSON.stringify({ zone: 'Metro', timeline: '2-6 business days', surchargeMinor: 0 });
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function readOptions() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '200000' },
      customers: { type: 'string', default: '20000' },
      heavy: { type: 'string', default: '5000' },
      seconds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '4' },
      invoices: { type: 'string', default: '150' },
      products: { type: 'string', default: '5000' },
      keep: { type: 'boolean', default: false },
    },
  });
  const { keep, ...numeric } = values;
  const numbers = Object.fromEntries(Object.entries(numeric).map(([k, v]) => [k, Number(v)])) as Record<string, number>;
  for (const [name, value] of Object.entries(numbers)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of 1 or more`);
  }
  const options = {
    ...(numbers as {
      orders: number;
      customers: number;
      heavy: number;
      seconds: number;
      connections: number;
      invoices: number;
      products: number;
    }),
    keep: keep === true,
  };
  const registeredOrders = options.heavy + (REGISTERED - 1) * LIGHT_ORDERS;
  if (options.customers < REGISTERED) throw new Error(`--customers must be at least ${REGISTERED}`);
  if (options.orders < registeredOrders)
    throw new Error(`--orders must be at least ${registeredOrders} (--heavy plus ${LIGHT_ORDERS} for 19 others)`);
  if (options.orders > registeredOrders && options.customers === REGISTERED)
    throw new Error(`--customers must be over ${REGISTERED} for the orders beyond the registered customers'`);
  return options;
}

/** Deterministic data: mulberry32. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

const round1 = (n: number) => Number(n.toFixed(1));
const loadavg = () => os.loadavg().map((n) => Number(n.toFixed(2)));

// ---------------------------------------------------------------------------------------------
// HTTP

interface Customer {
  email: string;
  userId: number;
  cookie: string;
}

let nextAddress = 1;
/** A client address of its own (TRUST_PROXY), as from many browsers behind a load balancer. */
function newAddress(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function mergeCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** Registers a customer through the API and answers its cookies (the session among them). */
async function register(baseUrl: string, email: string, n: number): Promise<string> {
  const address = newAddress();
  const jar = new Map<string, string>();
  const site = await fetch(`${baseUrl}/c3api/site`, { headers: { 'X-Forwarded-For': address } });
  await site.arrayBuffer();
  mergeCookies(jar, site);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${baseUrl}/c3api/account/register`, {
    method: 'POST',
    headers: {
      Cookie: cookie(),
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      'X-Forwarded-For': address,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      Email: email,
      Password: `Bench orders ${n} kangaroo-7`,
      FirstName: 'Bench',
      LastName: registeredLastName(n),
    }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`register ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  mergeCookies(jar, response);
  return cookie();
}

interface Target {
  path: string;
  headers: Record<string, string>;
}

interface Figures {
  requests: number;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  non200: number;
  errors: number;
}

async function timedGet(baseUrl: string, target: Target): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(baseUrl + target.path, { headers: target.headers });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

/**
 * A closed loop: `connections` clients, each sending its next request when the last one answered,
 * for `seconds` or until `amount` requests; `next(i)` gives the i-th request.
 */
async function measure(
  baseUrl: string,
  next: (i: number) => Target,
  options: { connections: number; seconds?: number; amount?: number },
): Promise<Figures> {
  const latencies: number[] = [];
  let issued = 0;
  let non200 = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = options.seconds === undefined ? Number.POSITIVE_INFINITY : started + options.seconds * 1000;
  const limit = options.amount ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline && issued < limit) {
        const target = next(issued++);
        try {
          const reply = await timedGet(baseUrl, target);
          if (reply.status !== 200) {
            non200++;
            if (non200 <= 3) console.warn(`[bench] ${target.path} -> ${reply.status}: ${reply.body.slice(0, 200)}`);
          }
          latencies.push(reply.ms);
        } catch (error) {
          errors++;
          if (errors <= 3) console.warn(`[bench] ${target.path} failed: ${String(error)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return figuresOf(latencies, { connections: options.connections, seconds, non200, errors });
}

function figuresOf(
  latencies: number[],
  run: { connections: number; seconds: number; non200: number; errors: number },
): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    connections: run.connections,
    seconds: Number(run.seconds.toFixed(2)),
    requestsPerSecond: round1(sorted.length / run.seconds),
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(percentile(sorted, 95)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
    non200: run.non200,
    errors: run.errors,
  };
}

/**
 * One connection, the reads taking turns (one request of each per round) for `seconds` per read,
 * so that whatever else the machine does at a moment falls on every read alike. The first
 * `warmUpRounds` rounds are not counted. A read's requests/s is 1 / its mean latency.
 */
async function interleaved(
  baseUrl: string,
  reads: ((i: number) => Target)[],
  seconds: number,
  warmUpRounds: number,
): Promise<Figures[]> {
  const latencies = reads.map((): number[] => []);
  const non200 = reads.map(() => 0);
  const errors = reads.map(() => 0);
  let deadline = Number.POSITIVE_INFINITY;
  for (let round = 0; performance.now() < deadline; round++) {
    if (round === warmUpRounds) deadline = performance.now() + seconds * reads.length * 1000;
    for (const [k, next] of reads.entries()) {
      const target = next(round);
      try {
        const reply = await timedGet(baseUrl, target);
        if (reply.status !== 200) {
          non200[k] = (non200[k] ?? 0) + 1;
          console.warn(`[bench] ${target.path} -> ${reply.status}: ${reply.body.slice(0, 200)}`);
        }
        if (round >= warmUpRounds) latencies[k]?.push(reply.ms);
      } catch (error) {
        errors[k] = (errors[k] ?? 0) + 1;
        console.warn(`[bench] ${target.path} failed: ${String(error)}`);
      }
    }
  }
  return latencies.map((list, k) =>
    figuresOf(list, {
      connections: 1,
      seconds: list.reduce((sum, ms) => sum + ms, 0) / 1000,
      non200: non200[k] ?? 0,
      errors: errors[k] ?? 0,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Data

interface StoreInfo {
  id: number;
  name: string;
  region: 'AU' | 'UK';
  pickupDisabled: boolean;
  address: string;
  products: { id: number; code: string; title: string; price: number; tax: string; itemType: string }[];
}

function loadStores(db: Database.Database): { AU: StoreInfo[]; UK: StoreInfo[] } {
  const stores = db
    .prepare('SELECT id, name, region, state, address, suburb, postcode, pickup_disabled FROM stores ORDER BY id')
    .all() as {
    id: number;
    name: string;
    region: 'AU' | 'UK';
    state: string;
    address: string;
    suburb: string;
    postcode: string;
    pickup_disabled: number;
  }[];
  const products = db
    .prepare(
      `SELECT p.id, p.code, p.title, p.price_minor, p.tax_treatment, p.store_id, c.name AS item_type
       FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id`,
    )
    .all() as {
    id: number;
    code: string;
    title: string;
    price_minor: number;
    tax_treatment: string;
    store_id: number;
    item_type: string;
  }[];
  const byId = new Map<number, StoreInfo>();
  for (const s of stores) {
    byId.set(s.id, {
      id: s.id,
      name: s.name,
      region: s.region,
      pickupDisabled: s.pickup_disabled === 1,
      address: JSON.stringify({
        BusinessName: s.name,
        Line1: s.address.split(',')[0] ?? s.address,
        Suburb: s.suburb,
        State: s.state,
        PostCode: s.postcode,
      }),
      products: [],
    });
  }
  for (const p of products) {
    byId.get(p.store_id)?.products.push({
      id: p.id,
      code: p.code,
      title: p.title,
      price: p.price_minor,
      tax: p.tax_treatment,
      itemType: p.item_type,
    });
  }
  const withProducts = [...byId.values()].filter((s) => s.products.length >= 4);
  return { AU: withProducts.filter((s) => s.region === 'AU'), UK: withProducts.filter((s) => s.region === 'UK') };
}

interface OrderSpec {
  userId: number;
  region: 'AU' | 'UK';
  email: string;
  name: [string, string];
  createdAt: number;
}

const FIRST_NAMES = ['Olivia', 'Jack', 'Mia', 'Noah', 'Ava', 'Leo', 'Isla', 'Oliver', 'Grace', 'William'];
const LAST_NAMES = ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Martin', 'Kelly', 'Lee'];

/** The registered customers' last names (no digits allowed): the heavy one, then the light ones. */
function registeredLastName(n: number): string {
  return n === 0 ? 'Heavy' : `Light ${LAST_NAMES[n % LAST_NAMES.length]}`;
}

/** The name of the i-th directly inserted user. */
function bulkName(i: number): [string, string] {
  return [
    FIRST_NAMES[i % FIRST_NAMES.length] as string,
    LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string,
  ];
}

/**
 * Writes the orders (in date order), their shipments, lines and payment attempts in transactions
 * of a few thousand; answers the row counts.
 */
function insertOrders(
  file: string,
  specs: OrderSpec[],
  now: number,
): { shipments: number; lines: number; attempts: number } {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  // A throw-away database: no need to sync every commit while loading.
  db.pragma('synchronous = OFF');
  const random = rng(7);
  const stores = loadStores(db);
  const refs = new Set<string>(
    (db.prepare('SELECT reference FROM orders').all() as { reference: string }[]).map((r) => r.reference),
  );
  const reference = (prefix: string) => {
    for (;;) {
      let symbols = '';
      for (let i = 0; i < 12; i++) symbols += CROCKFORD[Math.floor(random() * 32)];
      const ref = `${prefix}-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
      if (!refs.has(ref)) {
        refs.add(ref);
        return ref;
      }
    }
  };
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

  const insertOrder = db.prepare(
    `INSERT INTO orders (reference, region, user_id, cart_id, email, customer, billing_address, status, payment_option,
       delivery_option, items_minor, postage_minor, discount_minor, total_minor, discount_code, hold_expires_at,
       created_at, updated_at, confirmed_at)
     VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertShipment = db.prepare(
    `INSERT INTO order_shipments (order_id, store_id, store_name, method, service, postage_minor, address,
       postage_snapshot, fulfilment, ready_at, dispatched_at, collected_at, tracking_number, tracking_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO order_lines (order_id, shipment_id, product_id, code, title, price_minor, discount_minor,
       postage_share_minor, live, tax_treatment, item_type)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const insertAttempt = db.prepare(
    `INSERT INTO payment_attempts (order_id, tracking_number, provider, status, amount_minor, currency,
       provider_reference, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  let shipmentCount = 0;
  let lineCount = 0;
  const writeOne = (spec: OrderSpec) => {
    const regionStores = stores[spec.region];
    const storeCount = between(1, 3);
    const chosen: StoreInfo[] = [];
    while (chosen.length < storeCount) {
      const store = pick(regionStores);
      if (!chosen.includes(store)) chosen.push(store);
    }
    const methods = chosen.map((s) => (s.pickupDisabled || random() < 0.5 ? 'postage' : 'pickup'));
    const allPickup = methods.every((m) => m === 'pickup');
    const payment = allPickup && random() < 0.5 ? 'Generic' : pick(['Eway', 'Eway', 'PayPal', 'Clearpay']);
    const roll = random();
    const status = roll < 0.93 ? 'confirmed' : payment === 'Generic' ? 'cancelled' : 'refunded';
    const age = now - spec.createdAt;
    const confirmedAt = spec.createdAt + (payment === 'Generic' ? 0 : between(5_000, 600_000));
    const delivery = allPickup
      ? 'StorePickup'
      : chosen.length > 1
        ? 'SplitPostage'
        : spec.region === 'AU'
          ? 'AustraliaPost'
          : 'RoyalMail';
    const customer = JSON.stringify({
      EmailAddress: spec.email,
      FirstName: spec.name[0],
      LastName: spec.name[1],
      PhoneNumber: spec.region === 'AU' ? '0412 345 678' : '07700 900123',
      Consent: false,
    });
    const billing = JSON.stringify(
      spec.region === 'AU'
        ? {
            BusinessName: '',
            Line1: `${between(1, 300)} Example Street`,
            Line2: '',
            Suburb: 'Sydney',
            State: 'NSW',
            PostCode: '2000',
            CountryCode: 'AU',
            CountryName: 'Australia',
          }
        : {
            BusinessName: '',
            Line1: `${between(1, 300)} High Street`,
            Line2: '',
            Suburb: 'Leeds',
            State: 'West Yorkshire',
            PostCode: 'LS1 4AP',
            CountryCode: 'GB',
            CountryName: 'United Kingdom',
          },
    );
    const discounted = random() < 0.05;
    // The shipments and their lines first, so the order's totals go in with its row.
    const planned = chosen.map((store, index) => {
      const method = methods[index] as 'pickup' | 'postage';
      const postageMinor = method === 'postage' ? pick([995, 1295, 1495, 1995, 2495]) : 0;
      let fulfilment = 'open';
      if (status === 'confirmed') {
        if (age > 14 * DAY_MS) fulfilment = method === 'pickup' ? 'collected' : 'dispatched';
        else if (method === 'pickup') fulfilment = pick(['open', 'ready_for_pickup', 'collected']);
        else fulfilment = pick(['open', 'dispatched']);
      }
      const lineTotal = between(1, 4);
      const products: StoreInfo['products'] = [];
      while (products.length < lineTotal) {
        const product = pick(store.products);
        if (!products.includes(product)) products.push(product);
      }
      return { store, method, postageMinor, fulfilment, products };
    });
    let items = 0;
    let postage = 0;
    let discount = 0;
    for (const shipment of planned) {
      postage += shipment.postageMinor;
      for (const product of shipment.products) {
        items += product.price;
        if (discounted) discount += Math.floor(product.price / 10);
      }
    }
    const total = items + postage - discount;
    const orderId = Number(
      insertOrder.run(
        reference('ORD'),
        spec.region,
        spec.userId,
        spec.email,
        customer,
        billing,
        status,
        payment,
        delivery,
        items,
        postage,
        discount,
        total,
        discounted ? 'BENCH10' : null,
        spec.createdAt + (payment === 'Generic' ? 7 * DAY_MS : 30 * 60 * 1000),
        spec.createdAt,
        spec.createdAt + between(0, 10) * DAY_MS,
        confirmedAt,
      ).lastInsertRowid,
    );
    planned.forEach(({ store, method, postageMinor, fulfilment, products }, index) => {
      const readyAt = fulfilment === 'ready_for_pickup' || fulfilment === 'collected' ? confirmedAt + DAY_MS : null;
      const collectedAt = fulfilment === 'collected' ? confirmedAt + 3 * DAY_MS : null;
      const dispatchedAt = fulfilment === 'dispatched' ? confirmedAt + 2 * DAY_MS : null;
      const shipmentId = Number(
        insertShipment.run(
          orderId,
          store.id,
          store.name,
          method,
          method === 'postage' ? (random() < 0.8 ? 'Regular' : 'Express') : null,
          postageMinor,
          method === 'postage' ? billing : store.address,
          method === 'postage' ? POSTAGE_SNAPSHOT : null,
          fulfilment,
          readyAt,
          dispatchedAt,
          collectedAt,
          dispatchedAt === null ? null : `TRK${orderId}${index}`,
        ).lastInsertRowid,
      );
      shipmentCount++;
      products.forEach((product, at) => {
        const share = Math.floor(postageMinor / products.length) + (at === 0 ? postageMinor % products.length : 0);
        insertLine.run(
          orderId,
          shipmentId,
          product.id,
          product.code,
          product.title,
          product.price,
          discounted ? Math.floor(product.price / 10) : 0,
          share,
          product.tax,
          product.itemType,
        );
        lineCount++;
      });
    });
    const attemptStatus = status === 'confirmed' ? 'succeeded' : status === 'refunded' ? 'refunded' : 'cancelled';
    insertAttempt.run(
      orderId,
      reference('PAY'),
      payment,
      attemptStatus,
      total,
      spec.region === 'AU' ? 'AUD' : 'GBP',
      payment === 'Generic' ? null : `prov_${orderId.toString(36)}`,
      spec.createdAt,
      confirmedAt,
    );
  };

  const batch = db.transaction((slice: OrderSpec[]) => {
    for (const spec of slice) writeOne(spec);
  });
  let lastPrinted = 0;
  for (let start = 0; start < specs.length; start += 5000) {
    batch(specs.slice(start, start + 5000));
    const done = Math.min(specs.length, start + 5000);
    if (done === specs.length || Date.now() - lastPrinted > 5000) {
      lastPrinted = Date.now();
      console.log(`  orders ${done.toLocaleString('en')} / ${specs.length.toLocaleString('en')}`);
    }
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { shipments: shipmentCount, lines: lineCount, attempts: specs.length };
}

/** Inserts the users beyond the registered ones straight into `users`; answers their ids and regions. */
function insertBulkUsers(file: string, count: number, now: number): { id: number; region: 'AU' | 'UK' }[] {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = OFF');
  const random = rng(3);
  const insert = db.prepare(
    `INSERT INTO users (email, email_key, password_hash, first_name, last_name, phone_number, billing_address,
       consent, created_at, updated_at)
     VALUES (?, ?, 'bench-not-a-password-hash', ?, ?, '', NULL, 0, ?, ?)`,
  );
  const users: { id: number; region: 'AU' | 'UK' }[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const email = `bench-bulk-${i}@example.com`;
      const [first, last] = bulkName(i);
      const created = now - Math.floor(random() * 4 * 365 * DAY_MS);
      const id = Number(insert.run(email, email, first, last, created, created).lastInsertRowid);
      users.push({ id, region: random() < 0.1 ? 'UK' : 'AU' });
    }
  })();
  db.close();
  return users;
}

// ---------------------------------------------------------------------------------------------
// Query plans: the SQL behind the reads, as OrdersRepository, PaymentsService and the catalogue
// write it (Kysely's SQLite output, parameters bound the same way).

const HISTORY_PAGE_SQL = `select "orders"."id", "orders"."reference", "orders"."created_at", "orders"."total_minor", "orders"."status",
  (select count(*) as "n" from "order_lines" where "order_lines"."order_id" = "orders"."id") as "item_count",
  (select count(*) as "n" from "order_shipments" where "order_shipments"."order_id" = "orders"."id") as "store_count",
  (select count(*) as "n" from "order_shipments" where "order_shipments"."order_id" = "orders"."id" and "order_shipments"."method" = 'pickup' and "order_shipments"."fulfilment" = 'open') as "pickup_open",
  (select count(*) as "n" from "order_shipments" where "order_shipments"."order_id" = "orders"."id" and "order_shipments"."method" = 'pickup' and "order_shipments"."fulfilment" = 'ready_for_pickup') as "pickup_ready",
  (select count(*) as "n" from "order_shipments" where "order_shipments"."order_id" = "orders"."id" and "order_shipments"."method" = 'pickup' and "order_shipments"."fulfilment" = 'collected') as "pickup_collected",
  (select count(*) as "n" from "order_shipments" where "order_shipments"."order_id" = "orders"."id" and "order_shipments"."method" = 'postage' and "order_shipments"."fulfilment" = 'open') as "postage_open",
  (select count(*) as "n" from "order_shipments" where "order_shipments"."order_id" = "orders"."id" and "order_shipments"."method" = 'postage' and "order_shipments"."fulfilment" = 'dispatched') as "postage_dispatched"
from "orders" where "orders"."user_id" = ? and "orders"."region" = ? and "orders"."confirmed_at" is not null
order by "orders"."confirmed_at" desc, "orders"."id" desc limit ? offset ?`;
const COUNT_SQL = `select count(*) as "n" from "orders" where "user_id" = ? and "region" = ? and "confirmed_at" is not null`;

/** The index suggested for the history's count and pages: every column they filter on, in the index. */
const CANDIDATE_INDEX = 'CREATE INDEX bench_orders_user_region_confirmed ON orders (user_id, region, confirmed_at)';

interface QueryFigure {
  name: string;
  sql: string;
  plan: string[];
  /** Median of repeated runs in this process (the server's cache size), warm cache. */
  medianMs: number;
}

/**
 * EXPLAIN QUERY PLAN and in-process timings of the SQL behind the reads, on a connection set up as
 * the server's (cache_size); then the history's queries again with CANDIDATE_INDEX, which is
 * dropped afterwards. Run once the server has stopped.
 */
function queryFigures(file: string, heavyId: number, lastPageOffset: number, middleOffset: number): QueryFigure[] {
  const db = new Database(file);
  db.pragma('cache_size = -65536');
  try {
    const order = db
      .prepare(`SELECT id, reference FROM orders WHERE user_id = ? ORDER BY confirmed_at DESC LIMIT 1 OFFSET ?`)
      .get(heavyId, middleOffset) as { id: number; reference: string };
    const productIds = (
      db.prepare('SELECT product_id FROM order_lines WHERE order_id = ?').all(order.id) as { product_id: number }[]
    ).map((r) => r.product_id);
    const inList = productIds.map(() => '?').join(', ');
    const history: { name: string; sql: string; params: unknown[] }[] = [
      { name: 'history: count', sql: COUNT_SQL, params: [heavyId, 'AU'] },
      { name: 'history: page 1', sql: HISTORY_PAGE_SQL, params: [heavyId, 'AU', PAGE_SIZE, 0] },
      { name: 'history: middle page', sql: HISTORY_PAGE_SQL, params: [heavyId, 'AU', PAGE_SIZE, middleOffset] },
      { name: 'history: last page', sql: HISTORY_PAGE_SQL, params: [heavyId, 'AU', PAGE_SIZE, lastPageOffset] },
    ];
    const cases = [
      ...history,
      {
        name: 'detail: order by reference',
        sql: 'select * from "orders" where "reference" = ?',
        params: [order.reference],
      },
      {
        name: 'detail: lines',
        sql: 'select * from "order_lines" where "order_id" = ? order by "id"',
        params: [order.id],
      },
      {
        name: 'detail: shipments',
        sql: 'select * from "order_shipments" where "order_id" = ? order by "id"',
        params: [order.id],
      },
      {
        name: 'detail: products of the lines',
        sql: `select "p".*, "c"."slug" as "category_slug", "c"."name" as "category_name" from "products" as "p"
          inner join "categories" as "c" on "c"."id" = "p"."category_id" inner join "stores" as "s" on "s"."id" = "p"."store_id"
          where "p"."id" in (${inList})`,
        params: productIds,
      },
      {
        name: 'invoice: payment attempts',
        sql: 'select * from "payment_attempts" where "order_id" = ? order by "id"',
        params: [order.id],
      },
    ];
    const figure = ({ name, sql, params }: { name: string; sql: string; params: unknown[] }): QueryFigure => {
      const statement = db.prepare(sql);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
        (r) => r.detail,
      );
      statement.all(...params);
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        statement.all(...params);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { name, sql: sql.replace(/\s+/g, ' '), plan, medianMs: Number(percentile(times, 50).toFixed(2)) };
    };
    const figures = cases.map(figure);
    db.exec(CANDIDATE_INDEX);
    try {
      for (const c of history) figures.push(figure({ ...c, name: `${c.name}, with the candidate index` }));
    } finally {
      db.exec('DROP INDEX bench_orders_user_region_confirmed');
    }
    return figures;
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------

interface ReadResult {
  read: string;
  path: string;
  /** The first request of the read after the bulk load or before its warm-up, ms. */
  firstMs: number | null;
  runs: Figures[];
}

async function main(): Promise<void> {
  const options = readOptions();
  const runStarted = performance.now();
  const loadAtStart = loadavg();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'orders-bench-'));
  const file = path.join(tempDir, 'bench.sqlite');
  let server: ServerProcess | undefined;
  try {
    const shop = await startBenchShop({
      repoRoot: REPO_ROOT,
      tempDir,
      products: options.products,
      env: { REGION: 'AU', GST_INVOICES_ENABLED: 'true' },
    });
    server = shop.server;
    const baseUrl = shop.server.baseUrl;

    // Customers: 20 registered through the API, the rest straight into the table.
    console.log(`[bench] Registering ${REGISTERED} customers`);
    const registered: Customer[] = [];
    for (let i = 0; i < REGISTERED; i++) {
      const email = `bench-orders-${i}@example.com`;
      registered.push({ email, userId: 0, cookie: await register(baseUrl, email, i) });
    }
    {
      const db = new Database(file, { readonly: true });
      const byEmail = db.prepare('SELECT id FROM users WHERE email_key = ?');
      for (const c of registered) c.userId = (byEmail.get(c.email) as { id: number }).id;
      db.close();
    }
    const now = Date.now();
    const bulkUsers = insertBulkUsers(file, options.customers - REGISTERED, now);

    const random = rng(11);
    const placedAt = () => now - DAY_MS - Math.floor(random() * 3 * 365 * DAY_MS);
    const specs: OrderSpec[] = [];
    registered.forEach((c, i) => {
      const count = i === 0 ? options.heavy : LIGHT_ORDERS;
      for (let n = 0; n < count; n++)
        specs.push({
          userId: c.userId,
          region: 'AU',
          email: c.email,
          name: ['Bench', registeredLastName(i)],
          createdAt: placedAt(),
        });
    });
    for (let n = specs.length; n < options.orders; n++) {
      const i = Math.floor(random() * bulkUsers.length);
      const user = bulkUsers[i] as { id: number; region: 'AU' | 'UK' };
      specs.push({
        userId: user.id,
        region: user.region,
        email: `bench-bulk-${i}@example.com`,
        name: bulkName(i),
        createdAt: placedAt(),
      });
    }
    specs.sort((a, b) => a.createdAt - b.createdAt);
    console.log(`[bench] Inserting ${specs.length.toLocaleString('en')} orders`);
    const insertStarted = performance.now();
    const counts = insertOrders(file, specs, now);
    const insertSeconds = (performance.now() - insertStarted) / 1000;
    const dbSizeMb = statSync(file).size / 2 ** 20;
    console.log(
      `[bench] ${counts.shipments.toLocaleString('en')} shipments, ${counts.lines.toLocaleString('en')} lines in ${insertSeconds.toFixed(1)} s; database ${dbSizeMb.toFixed(0)} MB`,
    );

    const heavy = registered[0] as Customer;
    const light = registered[1] as Customer;
    const db = new Database(file, { readonly: true });
    const heavyCount = (
      db.prepare(COUNT_SQL).get(heavy.userId, 'AU') as {
        n: number;
      }
    ).n;
    const lastPage = Math.max(1, Math.ceil(heavyCount / PAGE_SIZE));
    const middlePage = Math.ceil(lastPage / 2);
    const refsOf = (userId: number, limit: number, invoiceable: boolean) =>
      (
        db
          .prepare(
            `SELECT o.reference FROM orders o WHERE o.user_id = ? ${
              invoiceable
                ? `AND o.status = 'confirmed' AND EXISTS (SELECT 1 FROM order_shipments s JOIN stores st ON st.id = s.store_id
                     WHERE s.order_id = o.id AND st.tax_registered = 1)`
                : ''
            } ORDER BY (o.id * 2654435761) % 1000003 LIMIT ?`,
          )
          .all(userId, limit) as { reference: string }[]
      ).map((r) => r.reference);
    const detailRefs = refsOf(heavy.userId, 500, false);
    const invoiceRefs = refsOf(heavy.userId, options.invoices * 2, true);
    const lightRefs = refsOf(light.userId, LIGHT_ORDERS, false);
    db.close();
    if (invoiceRefs.length < options.invoices * 2) throw new Error(`only ${invoiceRefs.length} invoiceable orders`);
    const firstInvoices = invoiceRefs.slice(0, options.invoices);
    const firstInvoicesConcurrent = invoiceRefs.slice(options.invoices);

    const req = (customer: Customer, p: string, ownAddress = false): Target => ({
      path: p,
      headers: { Cookie: customer.cookie, 'X-Forwarded-For': ownAddress ? newAddress() : '10.200.0.1' },
    });
    const at = <T>(items: T[], i: number) => items[i % items.length] as T;

    // Checks the answers once: the pages hold what they should.
    const check = async (target: Target, test: (body: string) => boolean, what: string) => {
      const reply = await timedGet(baseUrl, target);
      if (reply.status !== 200 || !test(reply.body))
        throw new Error(`${what}: ${target.path} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
      return reply.ms;
    };
    const history = (body: string, page: number, total: number) => {
      const value =
        (JSON.parse(body) as { Value?: { totalOrderCount?: number; currentPage?: number; orders?: unknown[] } })
          .Value ?? {};
      return value.totalOrderCount === total && value.currentPage === page && (value.orders?.length ?? 0) > 0;
    };

    const loadBeforeMeasuring = loadavg();
    const results: ReadResult[] = [];
    const pagePath = (page: number) => `/c3api/account/orders?page=${page}`;
    const detailPath = (ref: string) => `/c3api/account/orders/${ref}`;
    const invoicePath = (ref: string) => `/c3api/invoice?id=${ref}`;
    const isInvoice = (b: string) => b.includes('"StoreInvoiceDetails":[{');
    console.log(`[bench] Heavy customer: ${heavyCount} orders, ${lastPage} pages; measuring`);

    // First requests, each checked: the history's straight after the bulk load (cold cache; the
    // last page first, as the worst), then the others.
    const firstOf = {
      last: await check(req(heavy, pagePath(lastPage)), (b) => history(b, lastPage, heavyCount), 'last page'),
      page1: await check(req(heavy, pagePath(1)), (b) => history(b, 1, heavyCount), 'page 1'),
      middle: await check(req(heavy, pagePath(middlePage)), (b) => history(b, middlePage, heavyCount), 'middle'),
      detail: await check(
        req(heavy, detailPath(detailRefs[0] as string)),
        (b) => b.includes('"orderNumber"'),
        'detail',
      ),
      invoice: await check(req(heavy, invoicePath(firstInvoices[0] as string), true), isInvoice, 'invoice'),
      light: await check(req(light, pagePath(1)), (b) => history(b, 1, LIGHT_ORDERS), 'light history'),
    };

    // Invoices asked for the first time: each order once (it issues the numbers).
    const firstOnce = await measure(baseUrl, (i) => req(heavy, invoicePath(at(firstInvoices, i + 1)), true), {
      connections: 1,
      amount: firstInvoices.length - 1,
    });
    const firstConcurrent = await measure(
      baseUrl,
      (i) => req(heavy, invoicePath(at(firstInvoicesConcurrent, i)), true),
      { connections: options.connections, amount: firstInvoicesConcurrent.length },
    );
    console.log(`[bench] invoice first: p50 ${firstOnce.p50Ms} ms, p99 ${firstOnce.p99Ms} ms at 1 connection`);
    const issued = [...firstInvoices, ...firstInvoicesConcurrent];

    const reads: { read: string; path: string; firstMs: number | null; next: (i: number) => Target }[] = [
      {
        // What the machine gives any signed-in request (session and user lookups, no orders): the floor.
        read: 'baseline: whoami (signed in, no orders read)',
        path: '/c3api/whoami',
        firstMs: null,
        next: () => req(heavy, '/c3api/whoami'),
      },
      {
        read: `history, page 1 (of ${lastPage})`,
        path: pagePath(1),
        firstMs: firstOf.page1,
        next: () => req(heavy, pagePath(1)),
      },
      {
        read: `history, middle page (${middlePage})`,
        path: pagePath(middlePage),
        firstMs: firstOf.middle,
        next: () => req(heavy, pagePath(middlePage)),
      },
      {
        read: `history, last page (${lastPage})`,
        path: pagePath(lastPage),
        firstMs: firstOf.last,
        next: () => req(heavy, pagePath(lastPage)),
      },
      {
        read: `order detail (rotating over ${detailRefs.length} orders)`,
        path: detailPath('{ref}'),
        firstMs: firstOf.detail,
        next: (i) => req(heavy, detailPath(at(detailRefs, i))),
      },
      {
        read: `invoice, repeated (numbers issued; rotating over ${issued.length} orders)`,
        path: invoicePath('{ref}'),
        firstMs: null,
        next: (i) => req(heavy, invoicePath(at(issued, i)), true),
      },
      {
        read: `light customer (${LIGHT_ORDERS} orders): history page 1`,
        path: pagePath(1),
        firstMs: firstOf.light,
        next: () => req(light, pagePath(1)),
      },
      {
        read: 'light customer: order detail',
        path: detailPath('{ref}'),
        firstMs: null,
        next: (i) => req(light, detailPath(at(lightRefs, i))),
      },
    ];
    console.log(`[bench] ${reads.length} reads taking turns on 1 connection, ${options.seconds} s each`);
    const single = await interleaved(
      baseUrl,
      reads.map((r) => r.next),
      options.seconds,
      20,
    );
    for (const [k, r] of reads.entries()) {
      const runs = [single[k] as Figures];
      if (options.connections > 1) {
        await measure(baseUrl, r.next, { connections: options.connections, amount: 20 });
        runs.push(await measure(baseUrl, r.next, { connections: options.connections, seconds: options.seconds }));
      }
      results.push({ read: r.read, path: r.path, firstMs: r.firstMs === null ? null : round1(r.firstMs), runs });
      const one = runs[0] as Figures;
      console.log(
        `[bench] ${r.read}: p50 ${one.p50Ms} ms, p99 ${one.p99Ms} ms at 1 connection; ${runs.at(-1)?.requestsPerSecond} req/s at ${runs.at(-1)?.connections}`,
      );
      if (k === 5) {
        // The first invoices next to the repeated ones.
        results.push({
          read: `invoice, first request (issues numbers; ${options.invoices} orders each run)`,
          path: invoicePath('{ref}'),
          firstMs: round1(firstOf.invoice),
          runs: options.connections > 1 ? [firstOnce, firstConcurrent] : [firstOnce],
        });
      }
    }
    const loadAtEnd = loadavg();
    const rssMb = readProcessMemoryMb(server.pid, 'VmHWM');

    await server.stop();
    const queries = queryFigures(file, heavy.userId, (lastPage - 1) * PAGE_SIZE, (middlePage - 1) * PAGE_SIZE);
    const slow = results
      .filter((r) => !r.read.startsWith('baseline') && (r.runs[0]?.p99Ms ?? 0) > SLOW_P99_MS)
      .map((r) => ({ read: r.read, p99Ms: r.runs[0]?.p99Ms ?? 0 }));

    const report = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
      loadAverage: { atStart: loadAtStart, beforeMeasuring: loadBeforeMeasuring, atEnd: loadAtEnd },
      database: 'SQLite (WAL, synchronous=FULL)',
      data: {
        orders: specs.length,
        customers: options.customers,
        shipments: counts.shipments,
        lines: counts.lines,
        paymentAttempts: counts.attempts,
        heavyCustomerOrders: heavyCount,
        lightCustomerOrders: LIGHT_ORDERS,
        products: options.products,
        insertSeconds: round1(insertSeconds),
        databaseMb: Math.round(dbSizeMb),
      },
      measurement: {
        secondsPerRun: options.seconds,
        connections: options.connections,
        note: 'fetch over loopback, latency as the client saw it. 1 connection: the reads take turns (20 warm-up rounds), seconds per read; more connections: each read alone, a closed loop after 20 warm-up requests',
      },
      reads: results,
      slowAtOneConnection: slow,
      queries,
      rssMb: rssMb === null ? null : Math.round(rssMb),
      totalSeconds: Math.round((performance.now() - runStarted) / 1000),
    };

    const fmt = (n: number | null) => (n === null || Number.isNaN(n) ? '-' : String(n));
    const md = [
      `# Order history, detail and invoice benchmark, ${report.date.slice(0, 10)}`,
      '',
      `${report.machine}; ${report.database}; the server, the load and other work share the machine.`,
      `Load average (1, 5, 15 min): ${loadAtStart.join(', ')} at the start, ${loadBeforeMeasuring.join(', ')} before measuring, ${loadAtEnd.join(', ')} at the end.`,
      '',
      `Data: ${specs.length.toLocaleString('en')} orders (${counts.shipments.toLocaleString('en')} shipments, ${counts.lines.toLocaleString('en')} lines, ${counts.attempts.toLocaleString('en')} payment attempts) of ${options.customers.toLocaleString('en')} customers, ${options.products} products; inserted in ${report.data.insertSeconds} s; database ${report.data.databaseMb} MB.`,
      `Heavy customer: ${heavyCount.toLocaleString('en')} orders (${lastPage} pages of ${PAGE_SIZE}); light customer: ${LIGHT_ORDERS}.`,
      '',
      `1 connection: the reads take turns, one request each per round (20 warm-up rounds, then ${options.seconds} s per read), so the machine's other work falls on all alike; req/s there is 1 / mean latency. ${options.connections} connections: each read alone for ${options.seconds} s after 20 warm-up requests (closed loop). fetch over loopback. "first": the first request of the read (the last history page went first after the bulk load: cold cache). First invoices: each order asked once, ${options.invoices} orders per run.`,
      '',
      '| read | conns | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | first ms | non-200 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.flatMap((r) =>
        r.runs.map(
          (f, i) =>
            `| ${i === 0 ? r.read : ''} | ${f.connections} | ${f.requests} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p95Ms} | ${f.p99Ms} | ${f.maxMs} | ${i === 0 ? fmt(r.firstMs) : ''} | ${f.non200 + f.errors} |`,
        ),
      ),
      '',
      slow.length === 0
        ? `No read over ${SLOW_P99_MS} ms at p99 on one connection.`
        : `Over ${SLOW_P99_MS} ms at p99 on one connection: ${slow.map((s) => `${s.read} (${s.p99Ms} ms)`).join('; ')} (the baseline's p99 was ${results[0]?.runs[0]?.p99Ms} ms: the machine's own share of a tail).`,
      `Server peak RSS ${report.rssMb === null ? 'n/a' : `${report.rssMb} MB`}; whole run ${report.totalSeconds} s.`,
      '',
      "## The SQL behind the reads (heavy customer; in-process, warm cache, the server's cache_size)",
      '',
      '| query | median ms | plan |',
      '| --- | ---: | --- |',
      ...queries.map((q) => {
        const subqueries = q.plan.filter((step) => step.startsWith('CORRELATED')).length;
        const [main] = q.plan;
        const rest = q.plan.slice(1).filter((step) => !step.startsWith('CORRELATED') && subqueries === 0);
        return `| ${q.name} | ${q.medianMs} | ${[main, ...rest].join('; ')}${subqueries > 0 ? `; + ${subqueries} correlated subqueries (order_lines_order, order_shipments_order)` : ''} |`;
      }),
      '',
      `Candidate index (tried on the throw-away database only): \`${CANDIDATE_INDEX}\`.`,
      '',
    ].join('\n');
    mkdirSync(RESULTS_DIR, { recursive: true });
    const name = `orders-${report.date.slice(0, 10)}`;
    writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(RESULTS_DIR, `${name}.md`), md);
    console.log(md);
    if (results.some((r) => r.runs.some((f) => f.non200 + f.errors > 0))) process.exitCode = 1;
  } finally {
    await server?.stop();
    if (options.keep) console.log(`[bench] Kept the database: ${file}`);
    else rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
