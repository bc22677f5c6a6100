import type { Server, ServerResponse } from 'node:http';

/**
 * Connections of a server that is draining. Node's `server.close()` stops listening and ends the
 * connections idle at that moment, but a keep-alive connection busy with a request stays open after
 * its answer until the client or the keep-alive timeout (Fastify's is 72 s) ends it, and the close
 * waits that long. Once draining, every answer not yet started says `Connection: close` (so the
 * connection ends with it), and a connection that finishes its request while idle is closed too.
 * Register it before the server listens: it counts the requests in flight.
 */
interface ConnectionDrain {
  /** From now on connections end after their request in flight; idle ones end at once. */
  start(): void;
  /** Requests answered by no one yet (or still being written). */
  inFlight(): number;
}

export function drainConnections(server: Server): ConnectionDrain {
  const open = new Set<ServerResponse>();
  let draining = false;
  const closeIdle = () => server.closeIdleConnections();
  server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    if (draining && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => {
      open.delete(response);
      // A response already under way kept its keep-alive: its connection is idle now.
      if (draining) setImmediate(closeIdle);
    });
  });
  return {
    start() {
      draining = true;
      for (const response of open) if (!response.headersSent) response.setHeader('Connection', 'close');
      closeIdle();
    },
    inFlight: () => open.size,
  };
}

interface ShutdownPlan {
  /** What is stopping, for the log lines ("server", "jobs worker"). */
  name: string;
  /** Past this, the process exits anyway (code 1), saying so. */
  timeoutMs: number;
  /** Stops everything, in order: resolves when all of it is closed. */
  stop: () => Promise<void>;
  log?: (line: string) => void;
  warn?: (line: string) => void;
  exit?: (code: number) => void;
  /** Where the signals come from (the process; a stand-in in tests). */
  signals?: Pick<NodeJS.Process, 'on'>;
}

/**
 * SIGTERM (a process manager's stop, `docker stop`, systemd) and SIGINT (Ctrl-C) stop the process
 * cleanly: `stop` runs once and the process exits 0 when it is done, or 1 when it fails or takes
 * longer than `timeoutMs`, so a stuck request or job can never hold a restart up for good. A second
 * signal while stopping exits at once (a person pressing Ctrl-C again means it). Answers the handler,
 * for tests.
 */
export function stopOnSignals(plan: ShutdownPlan): (signal: NodeJS.Signals) => void {
  const log = plan.log ?? ((line: string) => console.log(line));
  const warn = plan.warn ?? ((line: string) => console.warn(line));
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      warn(`${signal} again while stopping: the ${plan.name} exits now.`);
      exit(1);
      return;
    }
    stopping = true;
    const seconds = Math.round(plan.timeoutMs / 1000);
    log(`${signal}: the ${plan.name} is stopping (finishing what is in flight, at most ${seconds} s)...`);
    const started = Date.now();
    const timer = setTimeout(() => {
      warn(`The ${plan.name} did not stop within ${seconds} s: exiting anyway.`);
      exit(1);
    }, plan.timeoutMs);
    plan.stop().then(
      () => {
        clearTimeout(timer);
        log(`The ${plan.name} stopped cleanly in ${Date.now() - started} ms.`);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        warn(`The ${plan.name} failed while stopping: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  const signals = plan.signals ?? process;
  signals.on('SIGTERM', () => onSignal('SIGTERM'));
  signals.on('SIGINT', () => onSignal('SIGINT'));
  return onSignal;
}
