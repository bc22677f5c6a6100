import { createServer } from 'node:net';

/**
 * A port free on `host` right now: probed by listening on port 0, then released for the caller to
 * take. The payment sandbox needs its address before its pages are built; tests start servers and
 * child processes on one.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A free port held until `release()`: for a port that must be named long before its program binds
 * it (nginx's, written into the instances' settings and then its own conf). A port merely probed
 * stays free for anyone meanwhile, and a test running beside it took one in that gap.
 */
export function reservedPort(host = '127.0.0.1'): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const holder = createServer();
    holder.unref();
    holder.once('error', reject);
    holder.listen(0, host, () => {
      const address = holder.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, release: () => new Promise<void>((done) => holder.close(() => done())) });
    });
  });
}
