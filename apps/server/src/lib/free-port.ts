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
