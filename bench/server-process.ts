/** Child processes for the benchmark: the seed CLI and the real server, always stoppable. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const SEED_TIMEOUT_MS = 60 * 60 * 1000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 64 * 1024;

/** Runs the seed CLI (its output passed through) and resolves with the wall time in seconds. */
export async function seedDatabase(options: {
  repoRoot: string;
  /** The seed CLI's --database: a SQLite file or a database URL (sqlite:, postgres:). */
  file: string;
  products: number;
  seed: number;
  env: NodeJS.ProcessEnv;
  /** Aborting stops the seed CLI at once. */
  signal?: AbortSignal;
}): Promise<number> {
  const args = [
    'tsx',
    'apps/server/src/seed/seed.cli.ts',
    '--products',
    String(options.products),
    '--seed',
    String(options.seed),
    '--database',
    options.file,
  ];
  const started = performance.now();
  // Its own process group, so that npx and the tsx it starts can be stopped together.
  const child = spawn('npx', args, { cwd: options.repoRoot, env: options.env, stdio: 'inherit', detached: true });
  const stopGroup = () => killGroup(child);
  process.once('exit', stopGroup);
  options.signal?.addEventListener('abort', stopGroup, { once: true });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        stopGroup();
        reject(new Error(`Seeding took longer than ${SEED_TIMEOUT_MS / 60_000} minutes; stopped it`));
      }, SEED_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (exitCode, signal) => {
        clearTimeout(timer);
        resolve(signal ? null : exitCode);
      });
    });
    if (code !== 0) throw new Error(`The seed CLI failed (exit ${code ?? 'by signal'})`);
  } catch (error) {
    stopGroup();
    throw error;
  } finally {
    process.removeListener('exit', stopGroup);
    options.signal?.removeEventListener('abort', stopGroup);
  }
  return (performance.now() - started) / 1000;
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

/** The server under test, run as `node --import tsx apps/server/src/main.ts` so its pid is the server's. */
export class ServerProcess {
  readonly baseUrl: string;
  private readonly child: ChildProcess;
  private stdoutTail = '';
  private stderrTail = '';
  private exited: Promise<void>;
  private readonly killOnExit = () => {
    if (this.running) this.child.kill('SIGKILL');
  };

  private constructor(repoRoot: string, env: NodeJS.ProcessEnv, port: number, args: string[]) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdoutTail = (this.stdoutTail + chunk).slice(-OUTPUT_TAIL_CHARS);
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-OUTPUT_TAIL_CHARS);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.once('error', (error) => {
        this.stderrTail += `\n[bench] could not start the server: ${error.message}\n`;
        resolve();
      });
    });
    process.once('exit', this.killOnExit);
  }

  /** The server from its TypeScript source (tsx), or `args` such as ['apps/server/dist/main.js'] (compiled). */
  static start(
    repoRoot: string,
    env: NodeJS.ProcessEnv,
    port: number,
    args: string[] = ['--import', 'tsx', 'apps/server/src/main.ts'],
  ): ServerProcess {
    return new ServerProcess(repoRoot, env, port, args);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get stderr(): string {
    return this.stderrTail;
  }

  get stdout(): string {
    return this.stdoutTail;
  }

  /** Polls GET /healthz until it answers 200; fails if the server exits or the time runs out. */
  async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) {
        await this.exited;
        throw new Error(`The server exited before it was ready (exit ${this.child.exitCode ?? this.child.signalCode})`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`The server was not ready within ${Math.round(timeoutMs / 1000)} s`);
  }

  /** SIGTERM (the server closes cleanly), then SIGKILL if it has not gone after a grace period. */
  async stop(): Promise<void> {
    try {
      if (!this.running) return;
      this.child.kill('SIGTERM');
      const gone = await Promise.race([this.exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!gone && this.running) {
        this.child.kill('SIGKILL');
        await this.exited;
      }
    } finally {
      process.removeListener('exit', this.killOnExit);
    }
  }
}

/** A line of /proc/<pid>/status in MB (VmRSS: resident now, VmHWM: peak resident); null where /proc is missing. */
export function readProcessMemoryMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A benchmark's shop on a throw-away SQLite file in `tempDir`: the demo catalogue seeded with the
 * seed CLI, then the real server started on a free port and waited for. Without a built web app
 * the server gets a one-line page (the benchmarks measure the API). The caller stops the server
 * and removes `tempDir`.
 */
export async function startBenchShop(options: {
  repoRoot: string;
  tempDir: string;
  products: number;
  /** Settings beyond the benchmark defaults (DEMO_PRODUCTS 0, LOG_LEVEL warn, TRUST_PROXY true). */
  env?: NodeJS.ProcessEnv;
}): Promise<{ file: string; env: NodeJS.ProcessEnv; server: ServerProcess }> {
  const file = path.join(options.tempDir, 'bench.sqlite');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `sqlite:${file}`,
    DATA_DIR: options.tempDir,
    DEMO_PRODUCTS: '0',
    LOG_LEVEL: 'warn',
    // Each simulated client comes from its own address, as behind a load balancer.
    TRUST_PROXY: 'true',
    ...options.env,
  };
  console.log(`[bench] Seeding ${options.products} products`);
  await seedDatabase({ repoRoot: options.repoRoot, file, products: options.products, seed: 1, env });
  const serverEnv: NodeJS.ProcessEnv = { ...env, HOST: '127.0.0.1', PORT: String(await findFreePort()) };
  if (!existsSync(path.join(options.repoRoot, 'apps/web/dist/index.html'))) {
    const webDist = path.join(options.tempDir, 'web-dist');
    mkdirSync(webDist);
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>\n');
    serverEnv.WEB_DIST = webDist;
  }
  const server = ServerProcess.start(options.repoRoot, serverEnv, Number(serverEnv.PORT));
  await server.waitUntilReady(10 * 60 * 1000);
  return { file, env, server };
}
