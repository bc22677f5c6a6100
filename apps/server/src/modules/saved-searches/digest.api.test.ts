import { AlertFrequency } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../lib/context.js';
import { seedCatalogue } from '../../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../../test/factories.js';
import { readableMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';
import { MailSender } from '../mail/mail-sender.js';
import type { DigestJob } from './digest.service.js';
import { DIGEST_SEND_JOB } from './digest-schedule.js';

/**
 * Saved-search digests with a controlled clock, in Australia/Sydney (AEST, UTC+10 in June): the
 * daily digest's period starts at 07:00 local, 21:00 UTC the day before.
 */
const at = (iso: string) => Date.parse(iso);

describe.each(testDatabaseTargets())('saved-search digests on $name', (target) => {
  let smtp: TestSmtpServer;
  let ctx: Ctx;
  let clock = at('2026-06-10T12:00:00Z');
  const now = () => clock;
  let storeId: number;
  let guitars: number;
  let userId: number;
  const env = { PUBLIC_URL: 'https://shop.example', SECRET_KEY: 'k'.repeat(40), JOBS_IN_PROCESS: 'false' };
  const shop = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      storeId = (await makeStore(database.handle.db, { name: 'Parramatta & Co', state: 'NSW' })).id;
      guitars = await categoryIdBySlug(database.handle.db, 'guitars');
      const user = await database.handle.db
        .insertInto('users')
        .values({
          email: 'shopper@example.com',
          email_key: 'shopper@example.com',
          password_hash: 'x',
          first_name: 'Sam',
          last_name: 'Shopper',
          billing_address: null,
          created_at: clock,
          updated_at: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = user.id;
    },
    env,
    server: { now },
  });
  const { database, server } = shop;
  // A second instance on the same database: the other worker of a race.
  const other = shop.alsoServe(env, { now });

  beforeAll(async () => {
    ctx = server.ctx();
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const saveSearch = async (name: string, searchUrl: string, frequency: number) => {
    const row = await database.handle.db
      .insertInto('saved_searches')
      .values({
        user_id: userId,
        region: 'AU',
        name,
        search_url: searchUrl,
        search_term: new URLSearchParams(searchUrl).get('query') ?? '',
        filters_number: 0,
        frequency,
        email: 'shopper@example.com',
        alert_since: clock,
        created_at: clock,
        updated_at: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const item = (title: string, listedAt: string, extra: Record<string, unknown> = {}) =>
    makeProduct(database.handle.db, {
      store_id: storeId,
      category_id: guitars,
      title,
      brand: 'Fender',
      price_minor: 45000,
      image_count: 2,
      listed_at: listedAt,
      ...extra,
    });
  const search = (id: number) =>
    database.handle.db.selectFrom('saved_searches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mails = () => database.handle.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const queuedJobs = async (searchId: number) =>
    (
      await database.handle.db
        .selectFrom('jobs')
        .select(['key', 'payload'])
        .where('type', '=', DIGEST_SEND_JOB)
        .where('key', 'like', `digest:${searchId}:%`)
        .orderBy('id')
        .execute()
    ).map((j) => ({ key: j.key, payload: JSON.parse(j.payload) as DigestJob }));

  let mainSearch: number;
  let neverSearch: number;
  let firstPeriodJob: DigestJob;

  it('lists only the new matches of the period, price drops included, in one mail with one-click unsubscribe', async () => {
    const old = await item('Fender Stratocaster sunburst', '2026-06-09T00:00:00Z', { price_minor: 120000 });
    mainSearch = await saveSearch('Fender <guitars> & more', 'query=fender&price=0-1000', AlertFrequency.Daily);
    neverSearch = await saveSearch('Never mind', 'query=fender', AlertFrequency.None);
    const weekly = await saveSearch('Weekly fender', 'query=fender', AlertFrequency.Weekly);

    const fresh = await item('Fender Telecaster "Blonde" <b>', '2026-06-10T13:00:00Z', { price_minor: 80000 });
    await item('Gibson Les Paul', '2026-06-10T14:00:00Z', { brand: 'Gibson' });
    await item('Fender Jazzmaster (too dear for the price filter)', '2026-06-10T14:30:00Z', { price_minor: 150000 });
    await item('Fender Mustang (reserved)', '2026-06-10T15:00:00Z', { status: 'reserved' });
    await item('Fender Jaguar (listed after the period)', '2026-06-10T22:00:00Z');
    // The old Stratocaster comes down from $1,200 to $950 at 15:00 UTC.
    clock = at('2026-06-10T15:00:00Z');
    expect(await server.services.catalogue.changePrice(ctx, old.id, 95000)).toBe(true);

    clock = at('2026-06-10T21:30:00Z'); // 07:30 on 11 June in Sydney
    const run = await server.services.digests.queueDue(ctx, AlertFrequency.Daily);
    expect(new Date(run.periodStart).toISOString()).toBe('2026-06-10T21:00:00.000Z');
    const jobs = await queuedJobs(mainSearch);
    expect(jobs.map((j) => j.key)).toEqual([`digest:${mainSearch}:2026-06-10T21:00:00.000Z`]);
    expect(await queuedJobs(neverSearch)).toEqual([]);
    expect(await queuedJobs(weekly)).toEqual([]);
    firstPeriodJob = jobs[0]?.payload as DigestJob;

    const outcome = await server.services.digests.send(ctx, firstPeriodJob);
    expect(outcome).toMatchObject({ kind: 'sent', items: 2, total: 2 });
    const [mail] = await mails();
    expect(mail?.to_address).toBe('shopper@example.com');
    expect(mail?.subject).toBe('2 new matches for your saved search ‘Fender <guitars> & more’');
    expect(mail?.text_body).toContain('Fender Telecaster "Blonde" <b>');
    expect(mail?.text_body).toContain('Fender Stratocaster sunburst');
    expect(mail?.text_body).toContain('Was $1,200.00, now $950.00');
    for (const absent of ['Gibson', 'Jazzmaster', 'Mustang', 'Jaguar']) expect(mail?.text_body).not.toContain(absent);
    // Newest change first: the Stratocaster's cut (15:00) before the Telecaster's listing (13:00).
    expect(mail?.text_body.indexOf('Stratocaster')).toBeLessThan(mail?.text_body.indexOf('Telecaster') ?? 0);
    expect(mail?.text_body).toContain('https://shop.example/search-results?query=fender&price=0-1000');
    const html = mail?.html_body ?? '';
    expect(html).toContain('Fender Telecaster "Blonde" &lt;b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain(`src="https://shop.example/c3api/images/product/${fresh.code}/1?w=300"`);
    expect(html).toContain('Parramatta &amp; Co');
    const headers = JSON.parse(mail?.headers ?? '{}') as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<https://shop\\.example/c3api/savedsearch/unsubscribe\\?token=${mainSearch}\\.[A-Za-z0-9_-]{43}>$`),
    );
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(html).toContain(headers['List-Unsubscribe']?.slice(1, -1));
    expect(Number((await search(mainSearch)).alert_since)).toBe(at('2026-06-10T21:00:00Z'));
  });

  it('arrives over SMTP with its text and HTML parts and the List-Unsubscribe headers', async () => {
    const sender = new MailSender(database.handle, smtp.url, 'Secondhand <alerts@secondhand.example>');
    try {
      expect(await sender.sendPending()).toEqual({ sent: 1, failed: 0 });
    } finally {
      sender.close();
    }
    const received = readableMail(smtp.received[0]?.data ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(smtp.received[0]?.to).toEqual(['shopper@example.com']);
    expect(received).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.example\/c3api\/savedsearch\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}>$/m,
    );
    expect(received).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(received).toMatch(/Content-Type: multipart\/alternative/);
    expect(received).toMatch(/Content-Type: text\/plain/);
    expect(received).toMatch(/Content-Type: text\/html/);
    expect(received).toContain('Fender Stratocaster sunburst');
  });

  it('sends a period once across a restart (the run and the send repeated)', async () => {
    const before = (await mails()).length;
    // The same run after a restart within the period: the job key exists, nothing new is queued.
    clock = at('2026-06-11T03:00:00Z');
    expect((await server.services.digests.queueDue(ctx, AlertFrequency.Daily)).queued).toBe(0);
    expect(await queuedJobs(mainSearch)).toHaveLength(1);
    // The send job retried (it crashed after committing, say): the period is done.
    expect(await server.services.digests.send(ctx, firstPeriodJob)).toEqual({ kind: 'done' });
    expect(await other.services.digests.send(ctx, firstPeriodJob)).toEqual({ kind: 'done' });
    expect((await mails()).length).toBe(before);
  });

  it('two workers racing on one period queue one mail, with what was listed since the last one', async () => {
    const before = (await mails()).length;
    clock = at('2026-06-11T21:10:00Z');
    const run = await server.services.digests.queueDue(ctx, AlertFrequency.Daily);
    expect(run.queued).toBe(1);
    const job = (await queuedJobs(mainSearch)).at(-1)?.payload as DigestJob;
    expect(new Date(job.periodStart).toISOString()).toBe('2026-06-11T21:00:00.000Z');
    const outcomes = await Promise.all([
      server.services.digests.send(server.ctx(), job),
      other.services.digests.send(other.ctx(), job),
      server.services.digests.send(server.ctx(), job),
    ]);
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind !== 'sent').every((o) => o.kind === 'lost-race' || o.kind === 'done')).toBe(
      true,
    );
    const added = (await mails()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]?.subject).toBe('1 new match for your saved search ‘Fender <guitars> & more’');
    expect(added[0]?.text_body).toContain('Fender Jaguar (listed after the period)');
    expect(added[0]?.text_body).not.toContain('Telecaster');
  });

  it('sends nothing when nothing is new, and the mark still moves to the period', async () => {
    const before = (await mails()).length;
    await item('Gibson SG', '2026-06-12T01:00:00Z', { brand: 'Gibson' });
    clock = at('2026-06-12T21:05:00Z');
    await server.services.digests.queueDue(ctx, AlertFrequency.Daily);
    const job = (await queuedJobs(mainSearch)).at(-1)?.payload as DigestJob;
    expect(await server.services.digests.send(ctx, job)).toEqual({ kind: 'nothing-new' });
    expect((await mails()).length).toBe(before);
    expect(Number((await search(mainSearch)).alert_since)).toBe(at('2026-06-12T21:00:00Z'));
  });

  it('Never sends nothing, whatever is listed', async () => {
    const before = (await mails()).length;
    const job: DigestJob = { searchId: neverSearch, frequency: AlertFrequency.Daily, periodStart: clock };
    expect(await server.services.digests.send(ctx, job)).toEqual({ kind: 'not-due' });
    const zero: DigestJob = { searchId: neverSearch, frequency: AlertFrequency.None, periodStart: clock };
    expect(await server.services.digests.send(ctx, zero)).toEqual({ kind: 'not-due' });
    expect((await server.services.digests.queueDue(ctx, AlertFrequency.None)).queued).toBe(0);
    expect((await mails()).length).toBe(before);
  });

  it('keeps at most 12 items and says how many there are in all', async () => {
    clock = at('2026-06-12T22:00:00Z');
    const lamps = await saveSearch('Lamps', 'query=lamp', AlertFrequency.Hourly);
    for (let i = 0; i < 14; i++) await item(`Brass lamp number ${i}`, `2026-06-12T22:${String(10 + i)}:00Z`);
    clock = at('2026-06-12T23:30:00Z');
    const run = await server.services.digests.queueDue(ctx, AlertFrequency.Hourly);
    expect(new Date(run.periodStart).toISOString()).toBe('2026-06-12T23:00:00.000Z');
    const job = (await queuedJobs(lamps)).at(-1)?.payload as DigestJob;
    expect(await server.services.digests.send(ctx, job)).toMatchObject({ kind: 'sent', items: 12, total: 14 });
    const mail = (await mails()).at(-1);
    expect(mail?.text_body).toContain('Here are the newest 12 of 14 items');
    expect(mail?.text_body).toContain('Brass lamp number 13');
    expect(mail?.text_body).not.toContain('Brass lamp number 1\n');
    expect((mail?.html_body?.match(/<img /g) ?? []).length).toBe(12);
  });

  it('unsubscribes in one click (no cookies, no anti-forgery) and stops the next digest; bad tokens are 404 or 400', async () => {
    const headers = JSON.parse((await mails())[0]?.headers ?? '{}') as Record<string, string>;
    const link = headers['List-Unsubscribe']?.slice(1, -1) ?? '';
    const path = link.replace('https://shop.example', '');
    const token = new URL(link).searchParams.get('token') ?? '';

    const page = await fetch(`${server.baseUrl}${path}`);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('Unsubscribe from alerts');
    expect(pageHtml).toContain('Fender &#60;guitars&#62; &#38; more');
    expect(pageHtml).toContain('<form method="post"');
    // Opening the page (a link checker does) changes nothing.
    expect((await search(mainSearch)).frequency).toBe(AlertFrequency.Daily);

    for (const bad of [
      `${mainSearch}.${'A'.repeat(43)}`,
      `${neverSearch}.${token.split('.')[1]}`,
      'nonsense',
      '',
      `${mainSearch}`,
    ]) {
      const get = await fetch(`${server.baseUrl}/c3api/savedsearch/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(get.status, bad).toBe(404);
      const post = await fetch(`${server.baseUrl}/c3api/savedsearch/unsubscribe?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(post.status, bad).toBe(404);
    }
    const long = await fetch(`${server.baseUrl}/c3api/savedsearch/unsubscribe?token=${'x'.repeat(300)}`, {
      method: 'POST',
    });
    expect(long.status).toBe(400);
    expect((await search(neverSearch)).frequency).toBe(AlertFrequency.None);
    expect((await search(mainSearch)).frequency).toBe(AlertFrequency.Daily);

    // The mail client's one-click POST (RFC 8058): from another site, no cookies, no anti-forgery header.
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('You are unsubscribed');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await search(mainSearch)).frequency).toBe(AlertFrequency.None);
    // Again: still fine, still Never.
    expect((await fetch(`${server.baseUrl}${path}`, { method: 'POST' })).status).toBe(200);

    // The next period: a new match is listed, but nothing is queued or sent for this search.
    const before = (await mails()).length;
    await item('Fender Precision Bass', '2026-06-13T01:00:00Z');
    clock = at('2026-06-13T21:01:00Z');
    await server.services.digests.queueDue(ctx, AlertFrequency.Daily);
    expect((await queuedJobs(mainSearch)).map((j) => j.key)).not.toContain(
      `digest:${mainSearch}:2026-06-13T21:00:00.000Z`,
    );
    const late: DigestJob = {
      searchId: mainSearch,
      frequency: AlertFrequency.Daily,
      periodStart: at('2026-06-13T21:00:00Z'),
    };
    expect(await server.services.digests.send(ctx, late)).toEqual({ kind: 'not-due' });
    expect((await mails()).length).toBe(before);
  });

  it('the worker registers the four schedules in the region zone and runs the run and send jobs', async () => {
    const worker = await startTestServer(
      database,
      { PUBLIC_URL: 'https://shop.example', SECRET_KEY: 'k'.repeat(40), JOBS_IN_PROCESS: 'true' },
      { now },
    );
    try {
      await worker.app.ready();
      const schedules = await database.handle.db
        .selectFrom('job_schedules')
        .select(['name', 'type', 'cadence', 'time_zone'])
        .where('type', '=', 'saved-searches.digest-run')
        .orderBy('name')
        .execute();
      expect(schedules.map((r) => [r.name, JSON.parse(r.cadence), r.time_zone])).toEqual([
        ['saved-searches.digest-run.1', { daily: { hour: 7, minute: 0 } }, 'Australia/Sydney'],
        ['saved-searches.digest-run.2', { weekly: { weekday: 1, hour: 7, minute: 0 } }, 'Australia/Sydney'],
        ['saved-searches.digest-run.3', { monthly: { day: 1, hour: 7, minute: 0 } }, 'Australia/Sydney'],
        ['saved-searches.digest-run.4', { hourly: { minute: 0 } }, 'Australia/Sydney'],
      ]);
      clock = at('2026-06-14T02:00:00Z');
      const drums = await saveSearch('Drums', 'query=drum', AlertFrequency.Hourly);
      await item('Pearl drum kit', '2026-06-14T02:10:00Z');
      clock = at('2026-06-14T03:05:00Z');
      const before = (await mails()).length;
      await worker.services.jobs.enqueue(worker.ctx(), {
        type: 'saved-searches.digest-run',
        payload: { frequency: AlertFrequency.Hourly },
      });
      await worker.drainJobs();
      await expect
        .poll(async () => (await mails()).slice(before).map((m) => m.subject), { timeout: 5000 })
        .toEqual(['1 new match for your saved search ‘Drums’']);
      expect(Number((await search(drums)).alert_since)).toBe(at('2026-06-14T03:00:00Z'));
    } finally {
      await worker.close();
    }
  });
});
