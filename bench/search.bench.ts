/**
 * Search benchmark (not a test): seeds a throw-away catalogue (SQLite, or a PostgreSQL database of
 * its own), starts the real server and drives its search calls over loopback HTTP with autocannon,
 * one workload kind at a time; optionally answers the same queries with PostgreSQL full text on the
 * same data in the same run; then stops the server and times a second start on the same data.
 *
 *   npm run bench:search -- --products N [--seed S] [--duration SECONDS] [--connections C]
 *     [--database sqlite|postgres] [--database-url postgres://host:port] [--compare-pg] [--cold] [--label L]
 *     [--seeded FILE] [--kinds trivial,distance,...]
 *
 * Writes bench/results/search-<N>-c<C>-<YYYY-MM-DD>[-postgres][-vs-pg][-cold][-L].json and .md, and prints the table.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type LoadFigures, runLoad, verifyPaths } from './load-run.js';
import { checkAgreement } from './pg-agreement.js';
import { DEFAULT_POSTGRES_SERVER, ThrowAwayPgDatabase } from './pg-database.js';
import { PgFullText } from './pg-fulltext.js';
import { runPgLoad } from './pg-load-run.js';
import type { PgSearch } from './pg-search-translator.js';
import {
  type KindResult,
  type LoadAverage,
  type PgComparison,
  type PgKindResult,
  renderMarkdown,
  type SearchBenchReport,
} from './search-report.js';
import {
  TARGET_PRODUCTS,
  type Target,
  targetFor,
  WORKLOADS,
  type Workload,
  type WorkloadKind,
} from './search-workloads.js';
import { findFreePort, readProcessMemoryMb, ServerProcess, seedDatabase } from './server-process.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const READY_TIMEOUT_MS = 10 * 60 * 1000;
const WARMUP_REQUESTS = 300;
/** Kinds PostgreSQL full text answers; the trivial route is no search, and suggestions are not compared. */
const PG_KINDS = new Set<WorkloadKind>(['broad', 'narrow', 'facets', 'sorts', 'deep']);
const USAGE =
  'Usage: npm run bench:search -- --products N [--seed S] [--duration SECONDS] [--connections C] ' +
  '[--database sqlite|postgres] [--database-url postgres://host:port] [--compare-pg] [--cold] [--label L] ' +
  '[--seeded FILE] [--kinds K1,K2]';

interface Options {
  products: number;
  seed: number;
  durationSeconds: number;
  connections: number;
  database: 'sqlite' | 'postgres';
  /** The PostgreSQL server the throw-away databases are made on. */
  postgresServer: string;
  comparePg: boolean;
  label: string | null;
  /** The server keeps no answers (SEARCH_ANSWER_CACHE=false): every request is computed. */
  cold: boolean;
  /** An SQLite file seeded before with --products and --seed, copied instead of seeding anew. */
  seeded: string | null;
  /** Only these kinds (all without --kinds): a round about one kind need not wait for the rest. */
  kinds: Workload[];
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string', default: '1' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '1' },
      database: { type: 'string', default: 'sqlite' },
      'database-url': { type: 'string', default: DEFAULT_POSTGRES_SERVER },
      'compare-pg': { type: 'boolean', default: false },
      label: { type: 'string' },
      cold: { type: 'boolean', default: false },
      seeded: { type: 'string' },
      kinds: { type: 'string' },
    },
  });
  if (values.products === undefined) throw new Error(USAGE);
  const products = Number(values.products);
  const seed = Number(values.seed);
  const durationSeconds = Number(values.duration);
  const connections = Number(values.connections);
  if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a whole number of 1 or more');
  if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0 || durationSeconds > 600) {
    throw new Error('--duration must be a number of seconds above 0, at most 600');
  }
  if (!Number.isInteger(connections) || connections < 1 || connections > 1000) {
    throw new Error('--connections must be a whole number from 1 to 1000');
  }
  if (values.database !== 'sqlite' && values.database !== 'postgres') {
    throw new Error("--database must be 'sqlite' or 'postgres'");
  }
  const postgresServer = values['database-url'];
  if (!/^postgres(ql)?:\/\//.test(postgresServer)) throw new Error('--database-url must be a postgres:// URL');
  const label = values.label ?? null;
  if (label !== null && !/^[a-z0-9][a-z0-9-]*$/.test(label)) {
    throw new Error('--label must be lower-case letters, digits and hyphens (it becomes part of a file name)');
  }
  const seeded = values.seeded ?? null;
  if (seeded !== null && (values.database !== 'sqlite' || !existsSync(seeded))) {
    throw new Error('--seeded must name an existing SQLite file (and --database stay sqlite)');
  }
  const named = values.kinds?.split(',').map((kind) => kind.trim()) ?? null;
  const unknown = named?.filter((kind) => !WORKLOADS.some((w) => w.kind === kind)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`--kinds: no kind ${unknown.join(', ')} (kinds: ${WORKLOADS.map((w) => w.kind).join(', ')})`);
  }
  return {
    kinds: named ? WORKLOADS.filter((w) => named.includes(w.kind)) : WORKLOADS,
    seeded,
    products,
    seed,
    durationSeconds,
    connections,
    database: values.database,
    postgresServer,
    comparePg: values['compare-pg'],
    label,
    cold: values.cold,
  };
}

/** /proc/loadavg's first three figures: how busy the machine was (other work shares its cores). */
function loadAverage(): LoadAverage {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return null;
  }
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function main(): Promise<void> {
  const options = readOptions();
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  const region = process.env.REGION ?? 'AU';
  let server: ServerProcess | undefined;
  let pgDatabase: ThrowAwayPgDatabase | undefined;
  let fullText: PgFullText | undefined;
  const seeding = new AbortController();

  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    seeding.abort();
    await server?.stop();
    await fullText?.close().catch(() => undefined);
    if (pgDatabase) {
      await pgDatabase.drop().catch((error: unknown) => {
        console.error(`[bench] Could not drop ${pgDatabase?.name}: ${error instanceof Error ? error.message : error}`);
      });
    }
    rmSync(tempDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n[bench] ${signal}: stopping the server, dropping the throw-away database, removing ${tempDir}`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // One throw-away PostgreSQL database serves the server (--database postgres) or the comparison
    // alone (--compare-pg on SQLite); either way it is this run's own and dropped at the end.
    if (options.database === 'postgres' || options.comparePg) {
      pgDatabase = await ThrowAwayPgDatabase.create(options.postgresServer, `search_bench_${process.pid}`);
    }
    const databaseUrl =
      options.database === 'postgres'
        ? (pgDatabase as ThrowAwayPgDatabase).url
        : `sqlite:${path.join(tempDir, 'bench.sqlite')}`;
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      // The server only accepts sqlite:/file:/postgres: URLs; a bare path fails its config check.
      DATABASE_URL: databaseUrl,
      DATA_DIR: tempDir,
      DEMO_PRODUCTS: '0',
      LOG_LEVEL: 'warn',
      SEARCH_ANSWER_CACHE: options.cold ? 'false' : 'true',
    };

    const seed = async (url: string): Promise<number> => {
      console.log(`[bench] Seeding ${options.products.toLocaleString('en')} products into ${url}`);
      const seconds = await seedDatabase({
        repoRoot: REPO_ROOT,
        file: url,
        products: options.products,
        seed: options.seed,
        env: { ...baseEnv, DATABASE_URL: url },
        signal: seeding.signal,
      });
      console.log(`[bench] Seeding took ${seconds.toFixed(1)} s`);
      return seconds;
    };
    let seedingSeconds = 0;
    if (options.seeded) {
      // Seeding a million items takes minutes: a file seeded once (`npm run seed -- --products N
      // --seed S --database FILE`) is copied, so repeated runs measure the same catalogue.
      console.log(`[bench] Copying ${options.seeded} (seeded before with the same --products and --seed)`);
      copyFileSync(options.seeded, path.join(tempDir, 'bench.sqlite'));
    } else seedingSeconds = await seed(databaseUrl);
    // On SQLite the comparison needs the same catalogue in PostgreSQL: the same generator and seed.
    const comparisonSeedingSeconds =
      options.comparePg && options.database === 'sqlite' ? await seed((pgDatabase as ThrowAwayPgDatabase).url) : null;

    const serverEnv: NodeJS.ProcessEnv = { ...baseEnv, HOST: '127.0.0.1', PORT: String(await findFreePort()) };
    if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      // No web build: give the server a stub so it does not build the web app on start.
      const webDist = path.join(tempDir, 'web-dist');
      mkdirSync(webDist);
      writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>\n');
      serverEnv.WEB_DIST = webDist;
    }

    const first = await startServer(serverEnv);
    server = first.server;
    const { startupSeconds, rssMbAfterReady } = first;

    const allPaths = options.kinds.flatMap((w) => w.paths);
    console.log(`[bench] Checking that all ${allPaths.length} URLs answer 200`);
    await verifyPaths(server.baseUrl, allPaths);

    console.log(`[bench] Warming up (${WARMUP_REQUESTS} requests across all kinds, not recorded)`);
    const warmup = await runLoad(server.baseUrl, allPaths, {
      connections: options.connections,
      amount: Math.max(WARMUP_REQUESTS, allPaths.length),
    });
    if (warmup.errors > 0 || warmup.non2xx > 0) {
      throw new Error(`Warm-up had ${warmup.errors} errors and ${warmup.non2xx} non-2xx answers`);
    }

    let pgComparison: PgComparison | null = null;
    const pgSearches = new Map<WorkloadKind, PgSearch[]>();
    if (options.comparePg) {
      console.log('[bench] Building the PostgreSQL full-text table (tsvector, GIN index) for the comparison');
      const opened = await PgFullText.open((pgDatabase as ThrowAwayPgDatabase).url, region);
      fullText = opened.fullText;
      const comparedUrls = options.kinds.filter((w) => PG_KINDS.has(w.kind)).flatMap((w) => w.paths);
      for (const workload of options.kinds) {
        if (PG_KINDS.has(workload.kind))
          pgSearches.set(
            workload.kind,
            workload.paths.map((p) => opened.fullText.translate(p)),
          );
      }
      // Answering every URL once on both also warms PostgreSQL's cache before its timed runs.
      console.log(`[bench] Comparing the answers of both for ${comparedUrls.length} URLs`);
      const agreement = await checkAgreement(server.baseUrl, fullText, comparedUrls);
      pgComparison = {
        source: options.database === 'postgres' ? 'server database' : 'separate seed',
        seedingSeconds: comparisonSeedingSeconds === null ? null : round(comparisonSeedingSeconds, 2),
        buildSeconds: round(opened.buildSeconds, 2),
        liveItems: await fullText.liveItems(),
        agreement,
      };
    }

    const kinds: KindResult[] = [];
    for (const workload of options.kinds) {
      const loadBefore = loadAverage();
      console.log(
        `[bench] ${workload.kind}: ${workload.paths.length} URLs, ${options.durationSeconds} s, ${options.connections} connections (load ${loadBefore ?? 'n/a'})`,
      );
      const figures = await runLoad(server.baseUrl, workload.paths, {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
      });
      if (!server.running) throw new Error(`The server stopped during the ${workload.kind} run:\n${server.stderr}`);
      // The same kind at once on PostgreSQL, so both meet the same machine load.
      const searches = fullText ? pgSearches.get(workload.kind) : undefined;
      let pg: PgKindResult | null = null;
      if (fullText && searches) {
        console.log(`[bench] ${workload.kind} on PostgreSQL full text: ${options.durationSeconds} s, one connection`);
        const pgFigures = await runPgLoad(fullText, searches, options.durationSeconds);
        pg = {
          ...roundFigures(pgFigures),
          ratio: {
            p50: round(pgFigures.p50Ms / figures.p50Ms, 2),
            p95: round(pgFigures.p95Ms / figures.p95Ms, 2),
            p99: round(pgFigures.p99Ms / figures.p99Ms, 2),
          },
        };
      }
      kinds.push({
        kind: workload.kind,
        description: workload.description,
        urls: workload.paths.length,
        ...roundFigures(figures),
        target: judge(targetFor(workload, options.products, options.connections), figures),
        loadAverage: { start: loadBefore, end: loadAverage() },
        pg,
      });
    }
    const peakRssMb = readProcessMemoryMb(server.pid, 'VmHWM');
    if (server.stderr.trim()) console.warn(`[bench] The server wrote to stderr:\n${server.stderr.trim()}`);

    // A restart on the same data and DATA_DIR: whatever the first start left beside the database
    // (an index snapshot, once the server writes one) is what a real restart would find.
    console.log('[bench] Stopping the server and starting it again on the same data');
    await server.stop();
    const again = await startServer({ ...serverEnv, PORT: String(await findFreePort()) });
    server = again.server;
    await verifyPaths(server.baseUrl, [WORKLOADS.find((w) => w.kind === 'broad')?.paths[0] ?? '/healthz']);

    const cpus = os.cpus();
    const report: SearchBenchReport = {
      benchmark: 'search',
      date: localDate(startedAt),
      startedAt: startedAt.toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
      products: options.products,
      seed: options.seed,
      durationSeconds: options.durationSeconds,
      connections: options.connections,
      database: options.database,
      seedingSeconds: round(seedingSeconds, 2),
      seededFrom: options.seeded,
      startupSeconds: round(startupSeconds, 2),
      rssMbAfterReady: rssMbAfterReady === null ? null : round(rssMbAfterReady, 1),
      peakRssMb: peakRssMb === null ? null : round(peakRssMb, 1),
      secondStart: {
        startupSeconds: round(again.startupSeconds, 2),
        rssMbAfterReady: again.rssMbAfterReady === null ? null : round(again.rssMbAfterReady, 1),
      },
      loadAverage: { start: loadAtStart, end: loadAverage() },
      cold: options.cold,
      pgComparison,
      targetsDefinedForProducts: TARGET_PRODUCTS,
      kinds,
    };

    const markdown = renderMarkdown(report);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const suffix = [
      options.database === 'postgres' ? 'postgres' : null,
      options.comparePg ? 'vs-pg' : null,
      options.cold ? 'cold' : null,
      options.label,
    ].filter((part) => part !== null);
    const name = [`search-${options.products}-c${options.connections}-${report.date}`, ...suffix].join('-');
    const base = path.join(RESULTS_DIR, name);
    writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(`${base}.md`, markdown);
    console.log(`\n${markdown}`);
    console.log(`[bench] Wrote ${path.relative(REPO_ROOT, base)}.json and .md`);
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

/** Starts the server and waits until it answers; start to ready is timed from the spawn. */
async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ server: ServerProcess; startupSeconds: number; rssMbAfterReady: number | null }> {
  console.log(`[bench] Starting the server on 127.0.0.1:${env.PORT}`);
  const spawnedAt = performance.now();
  const server = ServerProcess.start(REPO_ROOT, env, Number(env.PORT));
  try {
    await server.waitUntilReady(READY_TIMEOUT_MS);
  } catch (error) {
    console.error(`[bench] The server did not start. Its stderr:\n${server.stderr || '(empty)'}`);
    if (server.stdout) console.error(`[bench] Its stdout:\n${server.stdout}`);
    await server.stop();
    throw error;
  }
  const startupSeconds = (performance.now() - spawnedAt) / 1000;
  const rssMbAfterReady = readProcessMemoryMb(server.pid, 'VmRSS');
  console.log(
    `[bench] Ready after ${startupSeconds.toFixed(1)} s, RSS ${rssMbAfterReady === null ? 'n/a' : `${rssMbAfterReady.toFixed(0)} MB`}`,
  );
  return { server, startupSeconds, rssMbAfterReady };
}

function roundFigures<T extends LoadFigures>(figures: T): T {
  return {
    ...figures,
    seconds: round(figures.seconds, 2),
    requestsPerSecond: round(figures.requestsPerSecond, 1),
    p50Ms: round(figures.p50Ms, 3),
    p95Ms: round(figures.p95Ms, 3),
    p99Ms: round(figures.p99Ms, 3),
    maxMs: round(figures.maxMs, 3),
  };
}

/** A kind's figures against its target: met when p99 (and p50, where it has one) are within it. */
function judge(target: Target | null, figures: LoadFigures): KindResult['target'] {
  if (!target) return null;
  const met = figures.p99Ms <= target.p99Ms && (target.p50Ms === null || figures.p50Ms <= target.p50Ms);
  return { ...target, status: met ? 'met' : 'missed' };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

main().catch((error: unknown) => {
  console.error(`[bench] Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
