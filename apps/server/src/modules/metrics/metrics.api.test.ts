import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { OrderFixtures } from '../../test/order-fixtures.js';
import { parsePrometheusText, type Sample, samplesOf, sampleValue } from '../../test/prometheus-text.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

const TOKEN = 'metrics-test-token-0123456789';
const OTHER_TOKEN = 'another-instance-token-abcdef';

async function scrape(server: TestServer, token = TOKEN): Promise<Sample[]> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return parsePrometheusText(text);
}

describe('METRICS_TOKEN', () => {
  it('is optional, and when set must be at least 16 characters without spaces', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars or more' })).toThrow(/METRICS_TOKEN/);
  });
});

describe.each(testDatabaseTargets())('GET /metrics on $name', (target) => {
  let code: string;
  const shop = useTestShop(target, {
    seed: async (database) => {
      // The categories (and a few items) to add the test's own to.
      await seedCatalogue(database.handle, { products: 10, seed: 5 });
      const db = database.handle.db;
      const store = await makeStore(db);
      const category = await categoryIdBySlug(db, 'guitars');
      code = (await makeProduct(db, { store_id: store.id, category_id: category, title: 'Metric Guitar' })).code;
      await makeProduct(db, { store_id: store.id, category_id: category, title: 'Metric Bass Guitar' });
    },
    // Jobs stay queued (no worker), so the queue's figures are the test's own.
    env: { METRICS_TOKEN: TOKEN, JOBS_IN_PROCESS: 'false' },
  });
  const { server } = shop;
  const unset = shop.alsoServe({ JOBS_IN_PROCESS: 'false' });
  const other = shop.alsoServe({ METRICS_TOKEN: OTHER_TOKEN, JOBS_IN_PROCESS: 'false' });

  it('answers 404 without METRICS_TOKEN, and 401 without the right bearer token', async () => {
    const missing = await fetch(`${unset.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('shop_');

    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${OTHER_TOKEN}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await fetch(`${server.baseUrl}/metrics`, {
        headers: authorization === undefined ? {} : { Authorization: authorization },
      });
      const text = await response.text();
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(text).not.toContain('shop_');
    }

    const ok = await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.getSetCookie()).toEqual([]);
    expect(await ok.text()).toContain('# TYPE shop_http_requests_total counter');
  });

  it('counts requests by route pattern and status class, never by the raw URL', async () => {
    const before = await scrape(server);
    const searches = (samples: Sample[]) =>
      sampleValue(samples, 'shop_http_requests_total', {
        method: 'GET',
        route: '/c3api/search/results',
        status_class: '2xx',
      }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await server.get('/c3api/search/results?query=guitar')).status).toBe(200);
    expect((await server.get('/c3api/search/results?page=abc')).status).toBe(400);
    // A route with ids in its path: counted under its pattern, the 200 and the 404 alike.
    const picture = await fetch(`${server.baseUrl}/c3api/images/product/${code}/1`);
    await picture.arrayBuffer();
    expect(picture.status).toBe(200);
    const missing = await fetch(`${server.baseUrl}/c3api/images/product/NOSUCH4242/1`);
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    const nowhere = await fetch(`${server.baseUrl}/no/such/page/${code}-secret-token-123`);
    await nowhere.arrayBuffer();
    expect(nowhere.status).toBe(404);

    const after = await scrape(server);
    expect(searches(after) - searches(before)).toBe(3);
    expect(
      sampleValue(after, 'shop_http_requests_total', {
        method: 'GET',
        route: '/c3api/search/results',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const status_class of ['2xx', '4xx']) {
      expect(
        sampleValue(after, 'shop_http_requests_total', {
          route: '/c3api/images/product/:code/:position',
          status_class,
        }),
      ).toBe(1);
    }
    expect(
      sampleValue(after, 'shop_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    const count = sampleValue(after, 'shop_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/c3api/search/results',
      status_class: '2xx',
    });
    expect(count).toBe(searches(after));
    const sum = sampleValue(after, 'shop_http_request_duration_seconds_sum', {
      method: 'GET',
      route: '/c3api/search/results',
      status_class: '2xx',
    });
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(60);
    // No series carries an item's code or the rest of a URL.
    const labelValues = after.flatMap((s) => Object.values(s.labels));
    expect(labelValues.filter((v) => v.includes(code) || v.includes('NOSUCH') || v.includes('secret'))).toEqual([]);
  });

  it('keeps one registry per app: another instance in this process counts only its own requests', async () => {
    const mine = await scrape(server);
    const theirs = await scrape(other, OTHER_TOKEN);
    await server.get('/c3api/search/results?query=bass');
    expect(
      sampleValue(mine, 'shop_http_requests_total', { route: '/c3api/search/results', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(theirs, 'shop_http_requests_total', { route: '/c3api/search/results', status_class: '2xx' }),
    ).toBeUndefined();
  });

  it('times each kind of search, and the database queries', async () => {
    await server.get('/c3api/search/results?query=guitar');
    await server.get('/c3api/search/predective?query=guit');
    await server.get(`/c3api/product/similar?code=${code}`);
    await server.get('/c3api/product/popular');
    const samples = await scrape(server);
    for (const kind of ['results', 'suggestions', 'similar', 'popular']) {
      expect(sampleValue(samples, 'shop_search_duration_seconds_count', { kind }), kind).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'shop_search_duration_seconds_sum', { kind }), kind).toBeGreaterThan(0);
    }
    const selects = sampleValue(samples, 'shop_db_query_duration_seconds_count', { kind: 'select', outcome: 'ok' });
    expect(selects).toBeGreaterThan(5);
    expect(
      sampleValue(samples, 'shop_db_query_duration_seconds_sum', { kind: 'select', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(sampleValue(samples, 'shop_database_up')).toBe(1);
    if (target.name === 'postgres') {
      expect(sampleValue(samples, 'shop_db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'shop_db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'shop_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(samplesOf(samples, 'shop_db_pool_clients')).toEqual([]);
    }
  });

  it('reports the process: memory, heap and event-loop delay', async () => {
    const samples = await scrape(server);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    const lag = sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds');
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(5);
  });

  it('reads the job queue by type from the database at each scrape', async () => {
    const ctx = server.ctx();
    const now = Date.now();
    await server.services.jobs.enqueue(ctx, { type: 'metrics.probe', runAt: now - 90_000 });
    await server.services.jobs.enqueue(ctx, { type: 'metrics.probe', runAt: now - 5_000 });
    await server.services.jobs.enqueue(ctx, { type: 'metrics.probe', runAt: now + 3_600_000 });
    await server.services.jobs.enqueue(ctx, { type: 'metrics.later', runAt: now + 3_600_000 });
    const failed = await server.services.jobs.enqueue(ctx, { type: 'metrics.probe' });
    await ctx.db.updateTable('jobs').set({ status: 'failed', finished_at: now }).where('id', '=', failed.id).execute();
    const running = await server.services.jobs.enqueue(ctx, { type: 'metrics.probe' });
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'test', locked_until: now + 60_000, attempts: 1 })
      .where('id', '=', running.id)
      .execute();

    const samples = await scrape(server);
    expect(sampleValue(samples, 'shop_jobs', { type: 'metrics.probe', status: 'queued' })).toBe(3);
    expect(sampleValue(samples, 'shop_jobs', { type: 'metrics.probe', status: 'running' })).toBe(1);
    expect(sampleValue(samples, 'shop_jobs', { type: 'metrics.probe', status: 'failed' })).toBe(1);
    const age = sampleValue(samples, 'shop_jobs_oldest_queued_age_seconds', { type: 'metrics.probe' }) ?? 0;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(200);
    // Queued, but not due yet: nothing has waited.
    expect(sampleValue(samples, 'shop_jobs', { type: 'metrics.later', status: 'queued' })).toBe(1);
    expect(sampleValue(samples, 'shop_jobs_oldest_queued_age_seconds', { type: 'metrics.later' })).toBe(0);

    // A type whose jobs are all gone stays, at 0.
    await ctx.db.deleteFrom('jobs').where('type', '=', 'metrics.later').execute();
    const later = await scrape(server);
    expect(sampleValue(later, 'shop_jobs', { type: 'metrics.later', status: 'queued' })).toBe(0);
  });

  it('reads the mail outbox backlog', async () => {
    const db = server.ctx().db;
    const before = sampleValue(await scrape(server), 'shop_mail_outbox_unsent') ?? 0;
    const mail = (createdAt: Date, sentAt: Date | null) => ({
      to_address: 'backlog@example.com',
      subject: 'Backlog',
      text_body: 'x',
      created_at: createdAt.toISOString(),
      sent_at: sentAt?.toISOString() ?? null,
    });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await db
      .insertInto('mail_outbox')
      .values([mail(minutesAgo(600), minutesAgo(599)), mail(minutesAgo(10), null), mail(minutesAgo(1), null)])
      .execute();
    const samples = await scrape(server);
    expect(sampleValue(samples, 'shop_mail_outbox_unsent')).toBe(before + 2);
    if (before === 0) {
      const age = sampleValue(samples, 'shop_mail_outbox_oldest_unsent_age_seconds') ?? 0;
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(700);
    }
  });

  it('reads payment attempts by provider and status: changed in the past hour, and still open', async () => {
    const fixtures = new OrderFixtures(server);
    const store = await fixtures.store();
    const order = await fixtures.order({ shipments: [{ store, method: 'pickup', items: [{ price: 5000 }] }] });
    const before = await scrape(server);
    const now = Date.now();
    let n = 0;
    const attempt = (provider: string, status: string, updatedAt: number) => ({
      order_id: order.id,
      tracking_number: `PAY-METRIC-${++n}-${now}`,
      provider,
      status: status as 'pending',
      amount_minor: 5000,
      currency: 'AUD' as const,
      provider_reference: null,
      created_at: updatedAt,
      updated_at: updatedAt,
    });
    const twoHoursAgo = now - 2 * 3_600_000;
    await server
      .ctx()
      .db.insertInto('payment_attempts')
      .values([
        attempt('MetricPay', 'failed', now - 60_000),
        attempt('MetricPay', 'failed', now),
        attempt('MetricPay', 'succeeded', now),
        attempt('MetricPay', 'succeeded', twoHoursAgo),
        attempt('MetricPay', 'pending', twoHoursAgo),
        attempt('OtherPay', 'authorised', now),
      ])
      .execute();
    const after = await scrape(server);
    const recent = (provider: string, status: string) =>
      sampleValue(after, 'shop_payment_attempts_last_hour', { provider, status });
    expect(recent('MetricPay', 'failed')).toBe(2);
    expect(recent('MetricPay', 'succeeded')).toBe(1);
    expect(recent('MetricPay', 'pending')).toBeUndefined();
    expect(recent('OtherPay', 'authorised')).toBe(1);
    expect(sampleValue(after, 'shop_payment_attempts_open', { provider: 'MetricPay' })).toBe(1);
    expect(sampleValue(after, 'shop_payment_attempts_open', { provider: 'OtherPay' })).toBe(1);
    expect(samplesOf(before, 'shop_payment_attempts_last_hour', { provider: 'MetricPay' })).toEqual([]);
  });

  it("reports how far this instance's search index is behind the change feed", async () => {
    await server.get('/c3api/search/results?query=guitar');
    expect(sampleValue(await scrape(server), 'shop_search_index_lag_changes')).toBe(0);
    // Written by someone else (no in-process notice): the index hears of it at its next search.
    const db = server.ctx().db;
    const store = await makeStore(db);
    const category = await categoryIdBySlug(db, 'guitars');
    await makeProduct(db, { store_id: store.id, category_id: category });
    await makeProduct(db, { store_id: store.id, category_id: category });
    expect(sampleValue(await scrape(server), 'shop_search_index_lag_changes')).toBe(2);
    // The index looks at the change feed at most every 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.get('/c3api/search/results?query=guitar');
    expect(sampleValue(await scrape(server), 'shop_search_index_lag_changes')).toBe(0);
  });
});

describe.each(testDatabaseTargets())('GET /metrics with the database gone, on $name', (target) => {
  it('still answers 200: shop_database_up 0, the process and request figures, no database figures', async () => {
    const database = await target.open();
    const server = await startTestServer(database, { METRICS_TOKEN: TOKEN, JOBS_IN_PROCESS: 'false' });
    try {
      const up = await scrape(server);
      expect(sampleValue(up, 'shop_database_up')).toBe(1);
      expect(samplesOf(up, 'shop_mail_outbox_unsent')).toHaveLength(1);
      await database.handle.db.destroy();
      const down = await scrape(server);
      expect(sampleValue(down, 'shop_database_up')).toBe(0);
      expect(samplesOf(down, 'shop_mail_outbox_unsent')).toEqual([]);
      expect(samplesOf(down, 'shop_jobs')).toEqual([]);
      expect(sampleValue(down, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sampleValue(down, 'shop_http_requests_total', { route: '/metrics', status_class: '2xx' })).toBeGreaterThan(
        0,
      );
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await server.close().catch(() => undefined);
      await database.dispose().catch(() => undefined);
    }
  });
});
