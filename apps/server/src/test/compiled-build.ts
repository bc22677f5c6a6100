import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

/** apps/server, where build.mjs writes dist/. */
export const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');

/** The programs the tests start from dist/. */
const PROGRAMS = ['main.js', 'worker.js', 'migrate.js', 'seed.js'];
/** What the build reads: a newer file here means dist/ is stale. */
const SOURCES = ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'];
const LOCK_STALE_MS = 5 * 60_000;

function newestChange(file: string): number {
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

function distIsFresh(): boolean {
  try {
    const built = Math.min(...PROGRAMS.map((name) => statSync(path.join(SERVER_DIR, 'dist', name)).mtimeMs));
    return SOURCES.every((source) => newestChange(path.join(REPO_ROOT, source)) < built);
  } catch {
    return false;
  }
}

function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    let errors = '';
    const build = spawn(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    build.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build.mjs failed: ${errors}`))));
  });
}

/**
 * Several test files start the compiled server (`npm run build`, then `node dist/main.js`), and
 * vitest runs files side by side: build.mjs empties dist/ first, so two builds at once (or one
 * under a running server) would pull files from under each other. Builds take turns under a lock
 * directory, and happen only when a source is newer than dist/.
 */
async function buildWhenStale(): Promise<void> {
  const lock = path.join(
    os.tmpdir(),
    `shop-build-${createHash('sha256').update(SERVER_DIR).digest('hex').slice(0, 12)}`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    if (!distIsFresh()) await runBuild();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

let building: Promise<void> | undefined;

/** dist/ as `npm run build` makes it, built at most once per test file (and only when stale). */
export function buildCompiledServer(): Promise<void> {
  building ??= buildWhenStale();
  return building;
}
