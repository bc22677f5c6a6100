/**
 * Search benchmark (not a test): seeds a throw-away SQLite catalogue, starts the real server and
 * drives its search calls over loopback HTTP with autocannon, one workload kind at a time.
 *
 *   npm run bench:search -- --products N [--seed S] [--duration SECONDS] [--connections C]
 *
 * Writes bench/results/search-<N>-<YYYY-MM-DD>.json and .md, and prints the table.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runLoad, verifyPaths } from './load-run.js';
import { type KindResult, renderMarkdown, type SearchBenchReport } from './search-report.js';
import { TARGET_PRODUCTS, WORKLOADS } from './search-workloads.js';
import { findFreePort, readProcessMemoryMb, ServerProcess, seedDatabase } from './server-process.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const READY_TIMEOUT_MS = 10 * 60 * 1000;
const WARMUP_REQUESTS = 300;

interface Options {
  products: number;
  seed: number;
  durationSeconds: number;
  connections: number;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string', default: '1' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '1' },
    },
  });
  if (values.products === undefined) {
    throw new Error('Usage: npm run bench:search -- --products N [--seed S] [--duration SECONDS] [--connections C]');
  }
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
  return { products, seed, durationSeconds, connections };
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function main(): Promise<void> {
  const options = readOptions();
  const startedAt = new Date();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  const databaseFile = path.join(tempDir, 'bench.sqlite');
  let server: ServerProcess | undefined;
  const seeding = new AbortController();

  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    seeding.abort();
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n[bench] ${signal}: stopping the server and removing ${tempDir}`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      // The server only accepts sqlite:/file:/postgres: URLs; a bare path fails its config check.
      DATABASE_URL: `sqlite:${databaseFile}`,
      DATA_DIR: tempDir,
      DEMO_PRODUCTS: '0',
      LOG_LEVEL: 'warn',
    };

    console.log(`[bench] Seeding ${options.products.toLocaleString('en')} products into ${databaseFile}`);
    const seedingSeconds = await seedDatabase({
      repoRoot: REPO_ROOT,
      file: databaseFile,
      products: options.products,
      seed: options.seed,
      env: baseEnv,
      signal: seeding.signal,
    });
    console.log(`[bench] Seeding took ${seedingSeconds.toFixed(1)} s`);

    const serverEnv: NodeJS.ProcessEnv = { ...baseEnv, HOST: '127.0.0.1', PORT: String(await findFreePort()) };
    if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      // No web build: give the server a stub so it does not build the web app on start.
      const webDist = path.join(tempDir, 'web-dist');
      mkdirSync(webDist);
      writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>\n');
      serverEnv.WEB_DIST = webDist;
    }

    console.log(`[bench] Starting the server on 127.0.0.1:${serverEnv.PORT}`);
    const spawnedAt = performance.now();
    server = ServerProcess.start(REPO_ROOT, serverEnv, Number(serverEnv.PORT));
    try {
      await server.waitUntilReady(READY_TIMEOUT_MS);
    } catch (error) {
      console.error(`[bench] The server did not start. Its stderr:\n${server.stderr || '(empty)'}`);
      if (server.stdout) console.error(`[bench] Its stdout:\n${server.stdout}`);
      throw error;
    }
    const startupSeconds = (performance.now() - spawnedAt) / 1000;
    const rssMbAfterReady = readProcessMemoryMb(server.pid, 'VmRSS');
    console.log(
      `[bench] Ready after ${startupSeconds.toFixed(1)} s, RSS ${rssMbAfterReady === null ? 'n/a' : `${rssMbAfterReady.toFixed(0)} MB`}`,
    );

    const allPaths = WORKLOADS.flatMap((w) => w.paths);
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

    const kinds: KindResult[] = [];
    for (const workload of WORKLOADS) {
      console.log(
        `[bench] ${workload.kind}: ${workload.paths.length} URLs, ${options.durationSeconds} s, ${options.connections} connections`,
      );
      const figures = await runLoad(server.baseUrl, workload.paths, {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
      });
      if (!server.running) throw new Error(`The server stopped during the ${workload.kind} run:\n${server.stderr}`);
      kinds.push({
        kind: workload.kind,
        description: workload.description,
        urls: workload.paths.length,
        ...figures,
        target:
          workload.p99TargetMs === null
            ? null
            : { p99Ms: workload.p99TargetMs, status: figures.p99Ms <= workload.p99TargetMs ? 'met' : 'missed' },
      });
    }
    const peakRssMb = readProcessMemoryMb(server.pid, 'VmHWM');
    if (server.stderr.trim()) console.warn(`[bench] The server wrote to stderr:\n${server.stderr.trim()}`);

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
      database: 'sqlite',
      seedingSeconds: round(seedingSeconds, 2),
      startupSeconds: round(startupSeconds, 2),
      rssMbAfterReady: rssMbAfterReady === null ? null : round(rssMbAfterReady, 1),
      peakRssMb: peakRssMb === null ? null : round(peakRssMb, 1),
      targetsDefinedForProducts: TARGET_PRODUCTS,
      kinds: kinds.map((k) => ({
        ...k,
        seconds: round(k.seconds, 2),
        requestsPerSecond: round(k.requestsPerSecond, 1),
        p50Ms: round(k.p50Ms, 3),
        p95Ms: round(k.p95Ms, 3),
        p99Ms: round(k.p99Ms, 3),
        maxMs: round(k.maxMs, 3),
      })),
    };

    const markdown = renderMarkdown(report);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const base = path.join(RESULTS_DIR, `search-${options.products}-c${options.connections}-${report.date}`);
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

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

main().catch((error: unknown) => {
  console.error(`[bench] Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
