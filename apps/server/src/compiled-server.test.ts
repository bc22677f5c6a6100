import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_COMMON_MESSAGE } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './lib/free-port.js';
import { TestClient } from './test/test-client.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let building: Promise<void> | undefined;

/** Compiles dist/ as `npm run build` does, once for the whole file. */
function buildOnce(): Promise<void> {
  building ??= new Promise((resolve, reject) => {
    let errors = '';
    const build = spawn(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
    build.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build.mjs failed: ${errors}`))));
  });
  return building;
}

/**
 * What production runs: `npm run build` compiles the server to plain JavaScript (build.mjs) and
 * `npm start` runs dist/main.js with Node alone. This builds dist/ as `npm run build` does, starts
 * it on an empty database of its own and uses it.
 */
describe('the compiled server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compiled-server-'));
  let child: ChildProcess | undefined;
  let baseUrl = '';
  let output = '';

  beforeAll(async () => {
    await buildOnce();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Plain node, no loader: nothing is compiled at run time.
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_PRODUCTS: '40',
        PAYMENT_PROVIDERS: 'none',
        PAYMENT_SANDBOX: 'false',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dist/main.js exited: ${output}`);
      const up = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`dist/main.js did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs with Node alone: searches, pages and the files it reads beside itself', async () => {
    expect(output).toMatch(/is ready at/);
    const search = await fetch(`${baseUrl}/c3api/search/results?query=a`);
    expect(search.status).toBe(200);
    // The common-password list is read from beside the compiled code.
    const client = new TestClient(baseUrl);
    const refused = await client.post('/c3api/account/register', {
      Email: 'compiled@example.com',
      Password: 'password123',
      FirstName: 'Ada',
      LastName: 'Lovelace',
    });
    expect(refused.body.Message).toContain(PASSWORD_COMMON_MESSAGE);
    expect((await client.register('compiled@example.com')).Email).toBe('compiled@example.com');
  });
});

describe('a production start', () => {
  beforeAll(buildOnce, 120_000);

  async function startProduction(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'production-start-'));
    try {
      const child = spawn(process.execPath, ['dist/main.js'], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          DEMO_PRODUCTS: '0',
          PAYMENT_PROVIDERS: 'none',
          NODE_OPTIONS: '',
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGTERM');
          resolve(null);
        }, 30_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      return { code, output };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it.each([
    ['DEV_MAILBOX', 'true'],
    ['DEV_CAPTCHA_ANSWER', 'ACDEF'],
  ])('refuses %s and names it', async (setting, value) => {
    const { code, output } = await startProduction({ [setting]: value });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain(`Invalid configuration: ${setting}:`);
  });
});
