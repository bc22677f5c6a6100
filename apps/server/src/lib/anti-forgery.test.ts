import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../test/factories.js';
import { type TestDatabase, testDatabaseTargets } from '../test/test-database.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { ANTI_FORGERY_FAILURE } from './anti-forgery.js';

describe.each(testDatabaseTargets())('anti-forgery on $name', (target) => {
  let database: TestDatabase;
  let server: TestServer;
  let code: string;

  beforeAll(async () => {
    database = await target.open();
    const db = database.handle.db;
    await seedCatalogue(db, { products: 0, seed: 1 });
    const store = await makeStore(db);
    code = (await makeProduct(db, { store_id: store.id, category_id: await categoryIdBySlug(db, 'guitars') })).code;
    server = await startTestServer(database);
  });

  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });

  const enquiries = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function enquiry() {
    const { Token } = await server.services.captcha.issue('ACDEF');
    return {
      productCode: code,
      name: 'Sam',
      email: 'sam@example.com',
      message: 'Hello',
      date: '1/2/2026',
      recaptchaToken: `${Token}:ACDEF`,
    };
  }

  it('never puts a token on long-cached pictures', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/images/category-icon/guitar.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('hands every visitor a token cookie the page can read', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/site`);
    const cookie = response.headers.get('set-cookie') ?? '';
    const match = new RegExp(`^${ANTI_FORGERY_COOKIE}=([A-Za-z0-9_-]+);`).exec(cookie);
    expect(match?.[1]?.length ?? 0).toBeGreaterThanOrEqual(22);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toMatch(/HttpOnly/i);
    // Unknown paths get one too, and a visitor who has one is not given another.
    expect((await fetch(`${server.baseUrl}/c3api/nothing-here`)).headers.get('set-cookie')).toContain(
      ANTI_FORGERY_COOKIE,
    );
    const again = await fetch(`${server.baseUrl}/c3api/site`, {
      headers: { Cookie: `${ANTI_FORGERY_COOKIE}=${match?.[1]}` },
    });
    expect(again.headers.get('set-cookie')).toBeNull();
    const second = (await fetch(`${server.baseUrl}/c3api/site`)).headers.get('set-cookie');
    expect(second).not.toBe(cookie);
  });

  it.each([
    ['no header', (token: string) => ({ Cookie: `${ANTI_FORGERY_COOKIE}=${token}` })],
    [
      'a wrong header',
      (token: string) => ({ Cookie: `${ANTI_FORGERY_COOKIE}=${token}`, [ANTI_FORGERY_HEADER]: `${token}x` }),
    ],
    ['no cookie', (token: string) => ({ [ANTI_FORGERY_HEADER]: token })],
    ['a malformed pair', () => ({ Cookie: `${ANTI_FORGERY_COOKIE}=abc`, [ANTI_FORGERY_HEADER]: 'abc' })],
  ])('refuses a state-changing call with %s, doing nothing', async (_label, headers) => {
    const token = 'Zm9yZ2VyeS10ZXN0LXRva2VuLTEyMzQ1Njc4OTA';
    const body = await enquiry();
    const before = await enquiries();
    const response = await fetch(`${server.baseUrl}/c3api/product/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers(token) },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ WasSuccessful: false, Value: null, Message: ANTI_FORGERY_FAILURE });
    expect(await enquiries()).toBe(before);
    // Nothing was done: the captcha was not even looked at, so it still works.
    expect((await server.post('/c3api/product/enquiry', body)).status).toBe(200);
    expect(await enquiries()).toBe(before + 1);
  });

  it('cannot be dodged by spelling the path with percent-escapes', async () => {
    const before = await enquiries();
    const response = await fetch(`${server.baseUrl}/%63%33api/product/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(await enquiry()),
    });
    expect(response.status).toBe(403);
    expect(await enquiries()).toBe(before);
  });

  it('checks before reading the body', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/product/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{ not json',
    });
    expect(response.status).toBe(403);
  });

  it('accepts the matching cookie and header', async () => {
    const cookie = (await fetch(`${server.baseUrl}/c3api/site`)).headers.get('set-cookie') ?? '';
    const token = /=([^;]+);/.exec(cookie)?.[1] ?? '';
    const response = await fetch(`${server.baseUrl}/c3api/product/enquiry`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `${ANTI_FORGERY_COOKIE}=${token}`,
        [ANTI_FORGERY_HEADER]: token,
      },
      body: JSON.stringify(await enquiry()),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).WasSuccessful).toBe(true);
  });

  it('leaves reading calls alone', async () => {
    expect((await fetch(`${server.baseUrl}/c3api/product/query?code=${code}`)).status).toBe(200);
  });
});
