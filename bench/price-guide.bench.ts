/**
 * The console's price guide at scale (not a test): seeds a throw-away SQLite catalogue with the
 * seed CLI (the demo generator's items, 4 % of them sold, plus `--extra-sales` more sales of any
 * model over the last 180 days and the demo's sales history), starts the real server, signs in
 * as the demo's store staff member and calls GET /c3api/console/stores/{storeId}/price-guide over
 * loopback HTTP, one request at a time, rotating over realistic queries (a model with storage, a
 * model without, no brand, a title naming no model, a near-miss, a category with too few that
 * falls back to its parent, a model nobody sold), each at a rotating condition.
 *
 *   npm run bench:price-guide -- [--products 1000000] [--extra-sales 200000] [--requests 3000]
 *                                [--seeded FILE] [--keep] [--label L]
 *
 * Reports: how long the first guide call waited after the server said it was ready (the index
 * building, started at start), then p50 / p95 / p99 / max of the guide calls, overall and per
 * query, beside GET /c3api/console/me (the same sign-in and staff check, no guide): the guide's
 * own share is the difference. The server's resident memory before and after. Writes
 * bench/results/price-guide-<products>-<YYYY-MM-DD>[-label].json and .md.
 * `--seeded FILE` copies an already seeded SQLite file instead of seeding (`--keep` prints where
 * this run's file is, for the next run).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ConsoleCategoriesValue, ConsoleMeValue, PriceGuideValue } from '@shop/contract';
import { findFreePort, readProcessMemoryMb, ServerProcess } from './server-process.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
/** The demo's store staff login (README, "Store console"): staff of the first AU store. */
const STAFF = { Email: 'staff@example.com', Password: 'secondhand-staff' };
/** The target: every guide call within this at a million items. */
const TARGET_MS = 50;

/** What a member of staff types while listing an item. */
const QUERIES: { name: string; slug: string; title: string; brand?: string }[] = [
  { name: 'phone model + storage', slug: 'smartphones', title: 'iPhone 13 128GB', brand: 'Apple' },
  { name: 'phone model', slug: 'smartphones', title: 'Galaxy S23', brand: 'Samsung' },
  { name: 'phone, no brand', slug: 'smartphones', title: 'Apple iPhone 14 Pro Max 256GB Black' },
  { name: 'near-miss (Pixel 7a vs 7)', slug: 'smartphones', title: 'Pixel 7', brand: 'Google' },
  { name: 'laptop', slug: 'laptops', title: 'MacBook Air M1', brand: 'Apple' },
  { name: 'laptop 2', slug: 'laptops', title: 'Dell XPS 13 16GB RAM', brand: 'Dell' },
  { name: 'console', slug: 'consoles', title: 'PlayStation 5 Console', brand: 'Sony' },
  { name: 'console variant', slug: 'consoles', title: 'Switch OLED Console', brand: 'Nintendo' },
  { name: 'guitar', slug: 'guitars', title: 'Fender Stratocaster Sunburst', brand: 'Fender' },
  { name: 'camera', slug: 'digital-cameras', title: 'Canon EOS R6 Body Only', brand: 'Canon' },
  { name: 'no model words (broad)', slug: 'guitars', title: 'Electric guitar' },
  { name: 'parent fallback', slug: 'phone-accessories', title: 'iPhone 13 128GB', brand: 'Apple' },
  { name: 'nobody sold it', slug: 'smartphones', title: 'iPhone 99 Ultra', brand: 'Apple' },
];

function readOptions() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '1000000' },
      'extra-sales': { type: 'string' },
      requests: { type: 'string', default: '3000' },
      seeded: { type: 'string' },
      keep: { type: 'boolean', default: false },
      label: { type: 'string' },
    },
  });
  const products = Number(values.products);
  const extraSales = values['extra-sales'] === undefined ? Math.round(products / 5) : Number(values['extra-sales']);
  const requests = Number(values.requests);
  for (const [name, value] of Object.entries({ products, extraSales, requests })) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  }
  return { products, extraSales, requests, seeded: values.seeded, keep: values.keep, label: values.label };
}

/** A signed-in browser's cookies, kept between calls. */
class Session {
  private readonly jar = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  private cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  async get<T>(url: string): Promise<{ status: number; value: T; ms: number }> {
    const started = performance.now();
    const response = await fetch(this.baseUrl + url, { headers: { Cookie: this.cookie() } });
    const body = (await response.json()) as { Value: T; Message?: string };
    const ms = performance.now() - started;
    this.keep(response);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.Message ?? ''}`);
    return { status: response.status, value: body.Value, ms };
  }

  async signIn(): Promise<void> {
    const site = await fetch(`${this.baseUrl}/c3api/site`);
    await site.arrayBuffer();
    this.keep(site);
    const response = await fetch(`${this.baseUrl}/c3api/account/login`, {
      method: 'POST',
      headers: {
        Cookie: this.cookie(),
        'X-XSRF-TOKEN': decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? ''),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(STAFF),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${text.slice(0, 300)}`);
    this.keep(response);
  }
}

interface Figures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { count: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(at(1)) };
}

function seed(file: string, products: number, extraSales: number): number {
  const started = performance.now();
  const args = ['tsx', 'apps/server/src/seed/seed.cli.ts', '--products', String(products), '--seed', '1'];
  args.push('--extra-sales', String(extraSales), '--database', file);
  const run = spawnSync('npx', args, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } });
  if (run.status !== 0) throw new Error(`the seed CLI failed (exit ${run.status ?? run.signal})`);
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const options = readOptions();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'price-guide-bench-'));
  const file = path.join(tempDir, 'bench.sqlite');
  let seedSeconds: number | null = null;
  if (options.seeded) {
    copyFileSync(options.seeded, file);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(options.seeded + suffix)) copyFileSync(options.seeded + suffix, file + suffix);
    }
  } else {
    console.log(`[bench] Seeding ${options.products} products and ${options.extraSales} extra sales`);
    seedSeconds = seed(file, options.products, options.extraSales);
  }
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `sqlite:${file}`,
    DATA_DIR: tempDir,
    // Non-zero: the demo's console logins are made at start (the catalogue is there: nothing reseeded).
    DEMO_PRODUCTS: '1',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    const webDist = path.join(tempDir, 'web-dist');
    mkdirSync(webDist);
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>\n');
    env.WEB_DIST = webDist;
  }
  console.log('[bench] Starting the server');
  const startedAt = performance.now();
  const server = ServerProcess.start(REPO_ROOT, env, port);
  try {
    await server.waitUntilReady(15 * 60 * 1000);
    const readySeconds = (performance.now() - startedAt) / 1000;
    const session = new Session(server.baseUrl);
    await session.signIn();
    const me = await session.get<ConsoleMeValue>('/c3api/console/me');
    const store = me.value.Stores.find((s) => s.Region === 'AU');
    if (!store) throw new Error('the demo staff member runs no AU store');
    const categories = await session.get<ConsoleCategoriesValue>(`/c3api/console/stores/${store.Id}/categories`);
    const idBySlug = new Map(categories.value.Categories.map((c) => [c.Slug, c.Id]));
    const urls = QUERIES.map((q) => {
      const categoryId = idBySlug.get(q.slug);
      if (!categoryId) throw new Error(`no category ${q.slug}`);
      return (condition: number) =>
        `/c3api/console/stores/${store.Id}/price-guide?${new URLSearchParams({
          title: q.title,
          categoryId: String(categoryId),
          condition: String(condition),
          ...(q.brand ? { brand: q.brand } : {}),
        })}`;
    });
    const memoryBefore = readProcessMemoryMb(server.pid, 'VmRSS');
    const first = await session.get<PriceGuideValue>(urls[0]?.(4) ?? '');
    console.log(`[bench] First guide call: ${first.ms.toFixed(0)} ms (waits for the index build)`);
    // What each query answers, for the report (and a warm-up).
    const answers = [];
    for (const [i, query] of QUERIES.entries()) {
      const { value } = await session.get<PriceGuideValue>(urls[i]?.(4) ?? '');
      answers.push({
        query: query.name,
        sold: value.SoldCount,
        listed: value.ListedCount,
        confidence: value.Confidence,
        suggested: value.SuggestedMinor,
        parent: value.MatchedOn.UsedParentCategory,
        words: value.MatchedOn.ModelWords.join(' '),
      });
    }
    const perQuery = QUERIES.map(() => [] as number[]);
    const all: number[] = [];
    const baseline: number[] = [];
    for (let n = 0; n < options.requests; n++) {
      const q = n % QUERIES.length;
      const { ms } = await session.get<PriceGuideValue>(urls[q]?.((n % 5) + 1) ?? '');
      perQuery[q]?.push(ms);
      all.push(ms);
      if (n % 4 === 0) baseline.push((await session.get<ConsoleMeValue>('/c3api/console/me')).ms);
    }
    const memoryAfter = readProcessMemoryMb(server.pid, 'VmRSS');
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((v) => Math.round(v * 100) / 100) },
      products: options.products,
      extraSales: options.extraSales,
      seedSeconds,
      readySeconds: Math.round(readySeconds * 10) / 10,
      firstCallMs: Math.round(first.ms),
      memoryMb: { before: memoryBefore, after: memoryAfter },
      guide: figures(all),
      baselineConsoleMe: figures(baseline),
      perQuery: QUERIES.map((q, i) => ({ query: q.name, ...figures(perQuery[i] ?? []) })),
      answers,
      targetMs: TARGET_MS,
    };
    writeResults(result, options);
  } finally {
    await server.stop();
    if (options.keep) console.log(`[bench] Kept ${file}`);
    else rmSync(tempDir, { recursive: true, force: true });
  }
}

function writeResults(
  result: {
    date: string;
    machine: { cpus: number; loadAverage: number[] };
    products: number;
    extraSales: number;
    seedSeconds: number | null;
    readySeconds: number;
    firstCallMs: number;
    memoryMb: { before: number | null; after: number | null };
    guide: Figures;
    baselineConsoleMe: Figures;
    perQuery: ({ query: string } & Figures)[];
    answers: {
      query: string;
      sold: number;
      listed: number;
      confidence: string;
      suggested: number | null;
      parent: boolean;
      words: string;
    }[];
    targetMs: number;
  },
  options: { label?: string | undefined },
): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const name = `price-guide-${result.products}-${result.date.slice(0, 10)}${options.label ? `-${options.label}` : ''}`;
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const row = (label: string, f: Figures) => `| ${label} | ${f.count} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} |`;
  const lines = [
    `# Price guide at ${result.products.toLocaleString('en')} items, ${result.date.slice(0, 10)}`,
    '',
    `Machine: ${result.machine.cpus} cores, load average ${result.machine.loadAverage.join(' / ')}. SQLite, one connection, over loopback HTTP.`,
    `Catalogue: ${result.products.toLocaleString('en')} generated items (4 % sold) and ${result.extraSales.toLocaleString('en')} extra sales over the last 180 days, plus the demo's sales history.`,
    `Seeding ${result.seedSeconds === null ? 'skipped (--seeded)' : `${result.seedSeconds.toFixed(0)} s`}; server ready after ${result.readySeconds} s; first guide call ${result.firstCallMs} ms (it waits for the guide's index build begun at start).`,
    `Server memory (RSS): ${result.memoryMb.before ?? '?'} MB before the guide calls, ${result.memoryMb.after ?? '?'} MB after.`,
    '',
    `Target: every guide call within ${result.targetMs} ms. Result: p99 ${result.guide.p99} ms, max ${result.guide.max} ms.`,
    '',
    '| calls | n | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|',
    row('price guide, all queries', result.guide),
    row('GET /c3api/console/me (sign-in and staff check only)', result.baselineConsoleMe),
    ...result.perQuery.map((q) => row(q.query, q)),
    '',
    'What each query answered (condition 4):',
    '',
    '| query | sold | listed | confidence | suggested (minor) | parent | model words |',
    '|---|---|---|---|---|---|---|',
    ...result.answers.map(
      (a) =>
        `| ${a.query} | ${a.sold} | ${a.listed} | ${a.confidence} | ${a.suggested ?? '-'} | ${a.parent ? 'yes' : 'no'} | ${a.words} |`,
    ),
    '',
  ];
  writeFileSync(path.join(RESULTS_DIR, `${name}.md`), lines.join('\n'));
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
