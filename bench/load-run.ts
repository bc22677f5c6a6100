/** Drives the server over HTTP with autocannon and turns recorded latencies into figures. */
import autocannon, { type AutocannonInstance } from 'autocannon';

export interface LoadFigures {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

const REQUEST_TIMEOUT_SECONDS = 10;

/** One autocannon run; the connections share one rotation over `paths`, so every path gets its turn. */
export async function runLoad(
  baseUrl: string,
  paths: string[],
  options: { connections: number; durationSeconds?: number; amount?: number },
): Promise<LoadFigures> {
  if (paths.length === 0) throw new Error('No paths to request');
  let next = 0;
  const requests = [
    {
      method: 'GET',
      // Runs before each request is sent.
      setupRequest: (request: { path?: string }) => {
        request.path = paths[next++ % paths.length];
        return request;
      },
    },
  ];
  const latencies: number[] = [];
  const instance: AutocannonInstance = autocannon({
    url: baseUrl,
    connections: options.connections,
    pipelining: 1,
    timeout: REQUEST_TIMEOUT_SECONDS,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.durationSeconds ?? 10 }),
    requests,
  });
  instance.on('response', (_client: unknown, _statusCode: number, _resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const seconds = result.duration;
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** Requests every path once; throws, listing every failure, unless all answer 200. */
export async function verifyPaths(baseUrl: string, paths: string[]): Promise<void> {
  const failures: string[] = [];
  for (const path of paths) {
    try {
      const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(60_000) });
      const body = await response.text();
      if (response.status !== 200) failures.push(`${path} -> HTTP ${response.status}: ${body.slice(0, 300)}`);
    } catch (error) {
      failures.push(`${path} -> ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} of ${paths.length} benchmark URLs did not answer 200:\n  ${failures.join('\n  ')}`,
    );
  }
}
