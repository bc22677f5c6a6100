import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../config.js';

/**
 * The shop as its own operating-system process (`node --import tsx apps/server/src/main.ts`, as
 * `npm start` runs it), for tests that must kill it for real: SIGKILL gives it no chance to close
 * anything, finish a request or flush a buffer, as a crash or a power cut would not.
 */
export interface ChildShop {
  baseUrl: string;
  pid: number;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGKILL, and waits until the operating system has reaped it: answers the signal that ended it. */
  kill(): Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts main.ts on `port` with `env` on top of the test process's environment and waits until
 * /healthz answers (main.ts has then migrated, started its in-process jobs worker and listens).
 * A child still running when the test process exits is killed too.
 */
export async function startChildShop(
  port: number,
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ChildShop> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const kill = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return exited;
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  let last = 'no answer';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      process.off('exit', killOnExit);
      throw new Error(`The shop exited while starting (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      if (response.ok) break;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`The shop did not start in time (last: ${last}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error('The shop has no process id');
  return { baseUrl, pid: child.pid, output: () => output, kill };
}
