import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_DIR } from './compiled-build.js';

/**
 * One of the compiled programs (dist/main.js, worker.js, migrate.js, seed.js) in its own process,
 * run with Node alone as a deployment runs it (build it first: compiled-build.ts). The test
 * process's environment is the base, without NODE_OPTIONS (vitest's loaders are not production's).
 */
export interface CompiledProcess {
  pid: number;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Waits until its output matches, failing with the output if it exits first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Waits until GET baseUrl/healthz answers 200. */
  waitUntilHealthy(baseUrl: string, timeoutMs?: number): Promise<void>;
  /** Sends `signal` and resolves with the exit code (SIGKILL after `timeoutMs`, then null). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

export function startCompiled(program: string, env: Record<string, string>, args: string[] = []): CompiledProcess {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [`dist/${program}.js`, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => {
      process.off('exit', killOnExit);
      code = exitCode;
      resolve(exitCode);
    }),
  );
  if (child.pid === undefined) throw new Error(`dist/${program}.js did not start`);
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await check()) return;
      if (code !== undefined) throw new Error(`dist/${program}.js exited (${code}) before ${what}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`dist/${program}.js: gave up waiting for ${what}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    pid: child.pid,
    output: () => output,
    exited,
    waitForOutput: (pattern, timeoutMs = 60_000) => until(String(pattern), async () => pattern.test(output), timeoutMs),
    waitUntilHealthy: (baseUrl, timeoutMs = 60_000) =>
      until(
        `${baseUrl}/healthz`,
        () =>
          fetch(`${baseUrl}/healthz`).then(
            async (response) => {
              await response.arrayBuffer();
              return response.ok;
            },
            () => false,
          ),
        timeoutMs,
      ),
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (code !== undefined) return code;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/** A folder with a one-line index.html, so main.ts serves a "web app" without building the real one. */
export function standInWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shop</title>');
  return dir;
}

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL's server, empty (no schema migrated), for
 * tests of what processes do with a fresh database at start. A database rather than a schema: the
 * migrator looks for its table across every schema of its database, where other test files create
 * and drop theirs all the time.
 */
export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; dispose(): Promise<void> }> {
  const name = `shop_fresh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async dispose() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}

/** Removes temporary folders, ignoring ones already gone. */
export function removeAll(dirs: string[]): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
