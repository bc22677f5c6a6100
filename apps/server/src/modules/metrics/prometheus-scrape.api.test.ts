import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/free-port.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

/**
 * The real scraper: Debian's Prometheus (package `prometheus`, which CI installs) scrapes the shop
 * every second with the bearer token, and PromQL over what it stored must see the shop's traffic.
 * A second job with a wrong token must see the target down. The database does not matter here.
 */
const PROMETHEUS = '/usr/bin/prometheus';
const TOKEN = 'prometheus-scrape-token-0123456789';

interface QueryResult {
  status: string;
  data: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

const sqlite = testDatabaseTargets().filter((t) => t.name === 'sqlite');

describe.each(sqlite)('a real Prometheus scraping the shop', (target) => {
  let prometheus: ChildProcess | null = null;
  let prometheusUrl = '';
  let workDir = '';
  let output = '';

  beforeAll(() => {
    if (!existsSync(PROMETHEUS)) {
      throw new Error(
        `Prometheus is not installed: ${PROMETHEUS} is missing. Install Debian's package: apt-get install prometheus (.ci/run does)`,
      );
    }
  });
  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const { server } = useTestShop(target, {
    seed: { products: 30, seed: 9 },
    env: { METRICS_TOKEN: TOKEN, JOBS_IN_PROCESS: 'false' },
  });

  beforeAll(async () => {
    const scrapeTarget = new URL(server.baseUrl).host;

    workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-prometheus-'));
    const config = path.join(workDir, 'prometheus.yml');
    writeFileSync(
      config,
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: shop',
        '    metrics_path: /metrics',
        '    authorization:',
        `      credentials: ${TOKEN}`,
        '    static_configs:',
        `      - targets: ['${scrapeTarget}']`,
        '  - job_name: shop-wrong-token',
        '    metrics_path: /metrics',
        '    authorization:',
        '      credentials: not-the-shop-token-at-all',
        '    static_configs:',
        `      - targets: ['${scrapeTarget}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(workDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    prometheus.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor('Prometheus to be ready', async () => {
      const response = await fetch(`${prometheusUrl}/-/ready`).catch(() => null);
      return response?.status === 200;
    });
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
  });

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (prometheus?.exitCode !== null && prometheus?.exitCode !== undefined) {
        throw new Error(`Prometheus exited (${prometheus.exitCode}) waiting for ${what}:\n${output}`);
      }
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`Timed out waiting for ${what}. Prometheus said:\n${output}`);
  }

  async function query(promql: string): Promise<QueryResult['data']['result']> {
    const response = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: promql })}`);
    const body = (await response.json()) as QueryResult;
    expect(body.status, promql).toBe('success');
    return body.data.result;
  }

  async function scalar(promql: string): Promise<number | null> {
    const result = await query(promql);
    const value = result[0]?.value[1];
    return value === undefined ? null : Number(value);
  }

  it('scrapes /metrics with the token, and PromQL sees the traffic', async () => {
    await waitFor('the shop target to be up', async () => (await scalar('up{job="shop"}')) === 1);
    for (let i = 0; i < 5; i++) {
      expect((await server.get('/c3api/search/results?query=phone')).status).toBe(200);
    }
    await server.get('/c3api/search/predective?query=pho');
    await waitFor(
      'the searches to be scraped',
      async () => ((await scalar('sum(shop_http_requests_total{route="/c3api/search/results"})')) ?? 0) >= 5,
    );
    expect(await scalar('up{job="shop"}')).toBe(1);
    expect(await scalar('shop_database_up{job="shop"}')).toBe(1);
    expect(await scalar('sum(shop_search_duration_seconds_count{kind="results"})')).toBeGreaterThanOrEqual(5);
    expect(await scalar('sum(shop_search_duration_seconds_count{kind="suggestions"})')).toBeGreaterThanOrEqual(1);
    expect(await scalar('process_resident_memory_bytes{job="shop"}')).toBeGreaterThan(0);
    expect(await scalar('shop_search_index_lag_changes{job="shop"}')).toBe(0);
    // A histogram Prometheus can take quantiles of.
    const p99 = await scalar(
      'histogram_quantile(0.99, sum by (le) (shop_http_request_duration_seconds_bucket{route="/c3api/search/results"}))',
    );
    expect(p99).toBeGreaterThan(0);
    expect(p99).toBeLessThanOrEqual(10);
  });

  it('sees the target down with a wrong token (the guard holds for the real scraper)', async () => {
    await waitFor(
      'the wrong-token job to be scraped',
      async () => (await scalar('up{job="shop-wrong-token"}')) !== null,
    );
    expect(await scalar('up{job="shop-wrong-token"}')).toBe(0);
    expect(await query('shop_http_requests_total{job="shop-wrong-token"}')).toEqual([]);
  });
});
