import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/**
 * Ports for this journey file's servers. Two files run at once (one per test worker), so a port
 * chosen by asking the system for any free one could be handed to the other worker's server too, or
 * to an outgoing connection, between the probe and the server's listen (seen: EADDRINUSE). Each
 * worker takes its ports from a block of its own below the kernel's ephemeral range (32768 and up),
 * starting at a random place in it, and skips a port something already listens on.
 */
const PORTS_PER_WORKER = 1000;
const FIRST_PORT = 20_000;
const worker = Number(process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? 1) % 10;
const blockStart = FIRST_PORT + worker * PORTS_PER_WORKER;
let nextPort = blockStart + Math.floor(Math.random() * PORTS_PER_WORKER);

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `count` distinct free ports from this worker's block. */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < count && tries < PORTS_PER_WORKER; tries++) {
    const port = nextPort;
    nextPort = blockStart + ((nextPort + 1 - blockStart) % PORTS_PER_WORKER);
    if (await isFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`No free ports left in ${blockStart}-${blockStart + PORTS_PER_WORKER - 1}`);
  return ports;
}

export interface RunningServer {
  baseUrl: string;
  /** The payment sandboxes, on a port of their own (a different origin from the shop, as the real providers). */
  sandboxUrl: string;
  /** Stops the server; its database folder goes too unless `keepData` (a journey restarting on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the product the way the README does (main.ts: migrate, seed an empty database, listen)
 * on a fresh embedded database in a temporary folder, and waits until it answers.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { host?: '127.0.0.1' | 'localhost' } = {},
): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  // A caller that needs to reach the database gives its own DATA_DIR; either way stop() removes it.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  // The shop's port and its payment sandboxes' (main.ts starts them first: a sandbox left to pick
  // any free port could take the one just chosen for the shop).
  const [freePort = 0, sandboxPort = 0] = await freePorts(2);
  // A journey restarting the shop on its database keeps its address (the links it e-mailed).
  const port = env.PORT ? Number(env.PORT) : freePort;
  // Passkeys need a domain, not an IP address, as their relying party: 'localhost' serves the shop
  // as http://localhost:PORT, its PUBLIC_URL too.
  const host = options.host ?? '127.0.0.1';
  let output = '';
  // The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first): it starts
  // faster than compiling the TypeScript at run time, and it is what a shop runs.
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PRODUCTS: '1500',
      // Journeys about one payment option say which they offer (the demo offers the region's own).
      PAYMENT_PROVIDERS: 'none',
      // The payment sandboxes on a port of their own, unless a journey chooses one.
      PAYMENT_SANDBOX_PORT: String(sandboxPort),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...(host === 'localhost' ? { PUBLIC_URL: `http://localhost:${port}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // Never leave a server behind, even if the test process ends without running afterAll.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const baseUrl = `http://${host}:${port}`;
  const deadline = Date.now() + 180_000;
  let lastAnswer = 'no answer';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
      lastAnswer = `HTTP ${response.status}`;
    } catch (error) {
      // not listening yet
      lastAnswer = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start in time (last: ${lastAnswer}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    sandboxUrl: `http://${host}:${env.PAYMENT_SANDBOX_PORT ?? sandboxPort}`,
    async stop(options = {}) {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
