import { describe, expect, it } from 'vitest';
import { TestClient } from './test/test-client.js';
import { testDatabaseTargets } from './test/test-database.js';
import type { TestServer } from './test/test-server.js';
import { useTestShop } from './test/test-shop.js';

/**
 * "Bad input gets a clear error and changes nothing; a 500 is a bug." Every route the shop
 * documents (its OpenAPI document, so a new route is covered the day it is added) is called with
 * nonsense: path parameters that are words, zero, negative or past any integer column; bodies that
 * are empty, the wrong type or cut off; query strings of the wrong type. Nothing may answer 5xx,
 * on SQLite or on PostgreSQL (where an out-of-range integer is an error, not a miss), with every
 * payment provider of both regions mounted.
 */
const PARAMS = ['x', '0', '-1', '99999999999999999999', 'ORD-AAAA-AAAA-AAAA'];
const QUERIES = [
  '',
  '?page=abc&pageSize=-1&id=&query=%E2%80%8B&reference=1&key=x',
  '?id=99999999999999999999&productId=1e400&page=0',
];
const BODIES: { type: string; body: string | null }[] = [
  { type: 'application/json', body: null },
  { type: 'application/json', body: '{}' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '{"Id": "x", "TrackingNumber": 99999999999999999999, "AccessCode": null' },
  { type: 'application/json', body: '{"Id": 99999999999999999999, "TrackingNumber": "PAY-0000-0000-0000"}' },
  { type: 'application/x-www-form-urlencoded', body: 'ORDER_ID=x&SHA1HASH=y&RESULT=00&AMOUNT=abc' },
  // Half a surrogate pair in every likely field, and JSON nested far deeper than any call takes.
  { type: 'application/json', body: '{"Id": "\\ud800", "AccessCode": "\\ud800", "Email": "a\\udc00@example.com"}' },
  { type: 'application/json', body: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
];

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

/** Routes whose work is slow or stateful in a way that does not belong here. */
const SKIPPED = new Set(['/healthz']);

describe.each(testDatabaseTargets())('every route refuses nonsense without a 500, on $name', (target) => {
  const shop = useTestShop(target, {
    seed: { products: 40, seed: 3 },
    env: { REGION: 'AU', TRUST_PROXY: 'true', DEV_MAILBOX: 'true', JOBS_IN_PROCESS: 'false' },
    server: { withPayments: true },
  });
  const servers: TestServer[] = [
    shop.server,
    shop.alsoServe(
      { REGION: 'UK', TRUST_PROXY: 'true', DEV_MAILBOX: 'true', JOBS_IN_PROCESS: 'false' },
      { withPayments: true },
    ),
  ];

  it.each(['AU', 'UK'])('in %s', async (region) => {
    const server = servers[region === 'AU' ? 0 : 1];
    if (!server) throw new Error('no server');
    const spec = (await (await fetch(`${server.baseUrl}/c3api/openapi.json`)).json()) as OpenApi;
    const paths = Object.keys(spec.paths).filter((p) => !SKIPPED.has(p));
    expect(paths.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    // A fresh visitor per route keeps one route's rate limit from hiding another's answer; every
    // other route is called signed in, so the account routes' handlers are reached too.
    let n = 0;
    for (const template of paths) {
      for (const method of Object.keys(spec.paths[template] ?? {})) {
        const client = await new TestClient(server.baseUrl).visit();
        if (n++ % 2 === 1) await client.register(`robust-${region}-${n}@example.com`);
        const urls = template.includes('{')
          ? PARAMS.map((value) => template.replace(/\{[^}]+\}/g, encodeURIComponent(value)))
          : [template];
        for (const url of urls) {
          const calls =
            method === 'get'
              ? QUERIES.map((query) => ({ query, body: null as (typeof BODIES)[number] | null }))
              : BODIES.map((body) => ({ query: QUERIES[1] ?? '', body }));
          for (const call of calls) {
            const headers: Record<string, string> = {
              Cookie: client.cookieHeader(),
              'X-Forwarded-For': client.address,
            };
            const token = client.cookie('XSRF-TOKEN');
            if (token) headers['X-XSRF-TOKEN'] = decodeURIComponent(token);
            if (call.body?.body != null) headers['Content-Type'] = call.body.type;
            const response = await fetch(`${server.baseUrl}${url}${call.query}`, {
              method: method.toUpperCase(),
              headers,
              body: call.body?.body ?? undefined,
              redirect: 'manual',
            });
            await response.arrayBuffer();
            // The console answers a caller without a staff role 403 before reading what was sent.
            if (!(response.status === 403 && url.startsWith('/c3api/console/')))
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status >= 500)
              failures.push(
                `${method.toUpperCase()} ${url}${call.query} ${call.body?.body ?? ''} -> ${response.status}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The calls reached the handlers: most answers are refusals by validation, not by anti-forgery.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(403) ?? 0).toBeLessThan(20);
  });
});
