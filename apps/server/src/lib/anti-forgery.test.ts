import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../seed/seed.js';
import { categoryIdBySlug, makeProduct, makeStore } from '../test/factories.js';
import { testDatabaseTargets } from '../test/test-database.js';
import { startTestServer, type Visitor } from '../test/test-server.js';
import { useTestShop } from '../test/test-shop.js';
import { ANTI_FORGERY_FAILURE, antiForgeryValue, VISITOR_COOKIE } from './anti-forgery.js';

describe.each(testDatabaseTargets())('anti-forgery on $name', (target) => {
  let code: string;
  const { database, server } = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      await seedCatalogue(database.handle, { products: 0, seed: 1 });
      const store = await makeStore(db);
      code = (await makeProduct(db, { store_id: store.id, category_id: await categoryIdBySlug(db, 'guitars') })).code;
    },
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
    const { Token } = await server.services.captcha.issue(server.ctx(), 'ACDEF');
    return {
      productCode: code,
      name: 'Sam',
      email: 'sam@example.com',
      message: 'Hello',
      date: '1/2/2026',
      recaptchaToken: `${Token}:ACDEF`,
    };
  }

  /** Cookie name=value pairs a response set. */
  const setCookies = (response: Response) => response.headers.getSetCookie();
  const cookieValue = (cookies: string[], name: string) =>
    cookies
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);

  async function post(headers: Record<string, string>, body?: unknown) {
    return fetch(`${server.baseUrl}/c3api/product/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body ?? (await enquiry())),
    });
  }

  it('never puts a cookie on long-cached pictures', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/images/category-icon/guitar.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('hands every visitor an HttpOnly visitor id and a readable anti-forgery value signed for it', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/site`);
    const cookies = setCookies(response);
    const visitorCookie = cookies.find((c) => c.startsWith(`${VISITOR_COOKIE}=`)) ?? '';
    const xsrfCookie = cookies.find((c) => c.startsWith(`${ANTI_FORGERY_COOKIE}=`)) ?? '';
    expect(visitorCookie).toMatch(/^visitor=[A-Za-z0-9_-]{43};/);
    expect(visitorCookie).toMatch(/HttpOnly/);
    expect(visitorCookie).toMatch(/SameSite=Lax/);
    expect(xsrfCookie).toMatch(new RegExp(`^${ANTI_FORGERY_COOKIE}=[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43};`));
    expect(xsrfCookie).toContain('Path=/');
    expect(xsrfCookie).toContain('SameSite=Strict');
    expect(xsrfCookie).not.toMatch(/HttpOnly/i);
    expect(xsrfCookie).not.toMatch(/Secure/);
    // Unknown paths hand them out too; a visitor who has both is given nothing new.
    expect(setCookies(await fetch(`${server.baseUrl}/c3api/nothing-here`)).join()).toContain(ANTI_FORGERY_COOKIE);
    const pair = `${VISITOR_COOKIE}=${cookieValue(cookies, VISITOR_COOKIE)}; ${ANTI_FORGERY_COOKIE}=${cookieValue(cookies, ANTI_FORGERY_COOKIE)}`;
    expect(setCookies(await fetch(`${server.baseUrl}/c3api/site`, { headers: { Cookie: pair } }))).toEqual([]);
    // A visitor whose anti-forgery cookie is gone gets a new one for the same visitor id.
    const renewed = setCookies(
      await fetch(`${server.baseUrl}/c3api/site`, {
        headers: { Cookie: `${VISITOR_COOKIE}=${cookieValue(cookies, VISITOR_COOKIE)}` },
      }),
    );
    expect(renewed.map((c) => c.split('=')[0])).toEqual([ANTI_FORGERY_COOKIE]);
    // Another visitor gets another id.
    const second = setCookies(await fetch(`${server.baseUrl}/c3api/site`));
    expect(cookieValue(second, VISITOR_COOKIE)).not.toBe(cookieValue(cookies, VISITOR_COOKIE));
  });

  it('accepts the matching cookie and header of the same visitor', async () => {
    const visitor = await server.visitor();
    const response = await post({ Cookie: visitor.cookie, [ANTI_FORGERY_HEADER]: visitor.token });
    expect(response.status).toBe(200);
    expect((await response.json()).WasSuccessful).toBe(true);
  });

  it.each([
    ['no header', (v: Visitor) => ({ Cookie: v.cookie })],
    ['a wrong header', (v: Visitor) => ({ Cookie: v.cookie, [ANTI_FORGERY_HEADER]: `${v.token}x` })],
    ['no cookies', (v: Visitor) => ({ [ANTI_FORGERY_HEADER]: v.token })],
    [
      'no visitor cookie',
      (v: Visitor) => ({ Cookie: `${ANTI_FORGERY_COOKIE}=${v.token}`, [ANTI_FORGERY_HEADER]: v.token }),
    ],
    [
      'a malformed pair',
      (v: Visitor) => ({
        Cookie: `${v.cookie.split(';')[0]}; ${ANTI_FORGERY_COOKIE}=abc`,
        [ANTI_FORGERY_HEADER]: 'abc',
      }),
    ],
    [
      'a matching pair the server never signed',
      (v: Visitor) => {
        const forged = `${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
        return { Cookie: `${v.cookie.split(';')[0]}; ${ANTI_FORGERY_COOKIE}=${forged}`, [ANTI_FORGERY_HEADER]: forged };
      },
    ],
    [
      'a pair signed with another secret',
      (v: Visitor) => {
        const visitorId = v.cookie.split(';')[0]?.split('=')[1] ?? '';
        const forged = antiForgeryValue('another-secret-another-secret-another', visitorId);
        return { Cookie: `${v.cookie.split(';')[0]}; ${ANTI_FORGERY_COOKIE}=${forged}`, [ANTI_FORGERY_HEADER]: forged };
      },
    ],
  ])('refuses a state-changing call with %s, doing nothing', async (_label, headers) => {
    const visitor = await server.visitor();
    const body = await enquiry();
    const before = await enquiries();
    const response = await post(headers(visitor), body);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ WasSuccessful: false, Value: null, Message: ANTI_FORGERY_FAILURE });
    expect(await enquiries()).toBe(before);
    // Nothing was done: the captcha was not even looked at, so it still works.
    expect((await server.post('/c3api/product/enquiry', body)).status).toBe(200);
    expect(await enquiries()).toBe(before + 1);
  });

  it("refuses another visitor's pair: a value signed for A is no good with B's visitor id", async () => {
    const a = await server.visitor();
    const b = await server.visitor();
    const before = await enquiries();
    const bVisitor = b.cookie.split(';')[0];
    const response = await post({
      Cookie: `${bVisitor}; ${ANTI_FORGERY_COOKIE}=${a.token}`,
      [ANTI_FORGERY_HEADER]: a.token,
    });
    expect(response.status).toBe(403);
    expect(await enquiries()).toBe(before);
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

  it('leaves reading calls alone', async () => {
    expect((await fetch(`${server.baseUrl}/c3api/product/query?code=${code}`)).status).toBe(200);
  });

  it('keeps its secret in the data folder, so a restarted server honours the values it gave out', async () => {
    const visitor = await server.visitor();
    expect(readFileSync(path.join(database.dataDir, 'secret-key'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    const restarted = await startTestServer(database);
    try {
      const response = await fetch(`${restarted.baseUrl}/c3api/product/enquiry`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: visitor.cookie, [ANTI_FORGERY_HEADER]: visitor.token },
        body: JSON.stringify(await enquiry()),
      });
      expect(response.status).toBe(200);
    } finally {
      await restarted.close();
    }
    // A server with another SECRET_KEY does not.
    const other = await startTestServer(database, { SECRET_KEY: 'x'.repeat(40) });
    try {
      const response = await fetch(`${other.baseUrl}/c3api/product/enquiry`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: visitor.cookie, [ANTI_FORGERY_HEADER]: visitor.token },
        body: JSON.stringify(await enquiry()),
      });
      expect(response.status).toBe(403);
    } finally {
      await other.close();
    }
  });

  describe('over HTTPS', () => {
    it('makes every cookie Secure and __Host- when PUBLIC_URL is https', async () => {
      const secure = await startTestServer(database, { PUBLIC_URL: 'https://shop.example' });
      try {
        const cookies = setCookies(await fetch(`${secure.baseUrl}/c3api/site`));
        expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual([
          `__Host-${ANTI_FORGERY_COOKIE}`,
          `__Host-${VISITOR_COOKIE}`,
        ]);
        for (const cookie of cookies) {
          expect(cookie).toMatch(/; Secure/);
          expect(cookie).toMatch(/Path=\//);
          expect(cookie).not.toMatch(/Domain=/i);
        }
        // The prefixed pair is the one it checks.
        const pair = cookies.map((c) => c.split(';')[0]).join('; ');
        const token = cookieValue(cookies, `__Host-${ANTI_FORGERY_COOKIE}`) ?? '';
        const response = await fetch(`${secure.baseUrl}/c3api/product/enquiry`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: pair, [ANTI_FORGERY_HEADER]: token },
          body: JSON.stringify(await enquiry()),
        });
        expect(response.status).toBe(200);
      } finally {
        await secure.close();
      }
    });

    it('believes X-Forwarded-Proto only with TRUST_PROXY', async () => {
      const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };
      const trusting = await startTestServer(database, { TRUST_PROXY: 'true' });
      const plain = await startTestServer(database);
      try {
        const behindProxy = setCookies(await fetch(`${trusting.baseUrl}/c3api/site`, { headers: forwarded }));
        expect(behindProxy.every((c) => c.startsWith('__Host-') && c.includes('; Secure'))).toBe(true);
        const direct = setCookies(await fetch(`${plain.baseUrl}/c3api/site`, { headers: forwarded }));
        expect(direct.some((c) => c.startsWith('__Host-') || c.includes('; Secure'))).toBe(false);
      } finally {
        await trusting.close();
        await plain.close();
      }
    });
  });
});
