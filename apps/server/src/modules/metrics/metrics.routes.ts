import { createHash, timingSafeEqual } from 'node:crypto';
import { failure } from '@shop/contract';
import { type ApiRoute, defineRawRoute, type RawReply } from '../../lib/route.js';
import type { MetricsService } from './metrics.service.js';
import type { ReadinessService } from './readiness.service.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

function json(status: number, value: unknown, headers: Record<string, string> = {}): RawReply {
  return {
    kind: 'body',
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(value),
    headers: { ...NO_STORE, ...headers },
  };
}

/** Compares digests, so neither the token's length nor its first differing byte shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * GET /metrics for Prometheus, behind METRICS_TOKEN: without the setting there is nothing to find
 * (404, as for any unknown address), and without the right bearer token a 401 that says no more.
 */
export function metricsRoutes(metrics: MetricsService, token: string | undefined): ApiRoute[] {
  return [
    defineRawRoute({
      method: 'GET',
      url: '/metrics',
      summary:
        'Prometheus metrics (text exposition format); needs Authorization: Bearer METRICS_TOKEN, 404 when that is unset',
      tag: 'site',
      auth: 'none',
      cookieless: true,
      produces: ['text/plain', 'application/json'],
      handler: async (_ctx, { headers }) => {
        if (!token) return json(404, failure('No such call or page: GET /metrics'));
        const given = bearerToken(headers.authorization);
        if (given === null || !sameToken(given, token)) {
          return json(401, failure('A valid bearer token is required.'), {
            'WWW-Authenticate': 'Bearer realm="metrics"',
          });
        }
        return {
          kind: 'body',
          contentType: metrics.contentType,
          body: await metrics.render(),
          headers: NO_STORE,
        };
      },
    }),
  ];
}

/**
 * GET /readyz for load balancers and orchestrators: 200 when this instance should take traffic,
 * 503 naming the check that failed. Not in the envelope, like /healthz.
 */
export function readinessRoutes(readiness: ReadinessService): ApiRoute[] {
  return [
    defineRawRoute({
      method: 'GET',
      url: '/readyz',
      summary:
        'Readiness: 200 when the database answers, no migration is pending and the search index has caught up; 503 naming the failed check (no envelope)',
      tag: 'site',
      auth: 'none',
      cookieless: true,
      produces: ['application/json'],
      handler: async () => {
        const { ready, checks } = await readiness.check();
        const failed = Object.entries(checks)
          .filter(([, state]) => state !== 'ok' && state !== 'not checked')
          .map(([name]) => name);
        return json(ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', failed, checks });
      },
    }),
  ];
}
