import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';
import type { Viewer } from './context.js';
import { BadRequestError, HttpError } from './errors.js';
import { IDEMPOTENCY_MISMATCH } from './idempotency.js';
import { SURROGATE_MESSAGE, TOO_DEEP_MESSAGE } from './request-hygiene.js';
import {
  defineRawRoute,
  defineRoute,
  NUL_MESSAGE,
  registerRoutes,
  SIGN_IN_REQUIRED,
  withoutEmptyValues,
} from './route.js';

describe('route input hygiene', () => {
  it('reads empty query parameters as not given', () => {
    expect(withoutEmptyValues({ sortBy: '', token: 'x', page: '2' })).toEqual({ token: 'x', page: '2' });
    expect(withoutEmptyValues(undefined)).toEqual({});
  });
});

describe.each(testDatabaseTargets())('the route helper on $name', (target) => {
  const { database } = useTestShop(target, { server: false });
  let app: FastifyInstance;
  let runs = 0;
  const customer: Viewer = { kind: 'customer', userId: 7, sessionId: 1, cartToken: null, wishlistToken: null };

  beforeAll(async () => {
    app = Fastify();
    await app.register(cookie);
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ WasSuccessful: false, Value: null, Message: error.message }),
    );
    registerRoutes(
      app,
      [
        defineRoute({
          method: 'GET',
          url: '/t/orders/:ref',
          summary: 'a path parameter and a required viewer',
          tag: 't',
          auth: 'required',
          params: z.object({ ref: z.string().regex(/^[A-Z]{3}$/, 'must be three letters') }),
          value: z.object({ ref: z.string(), user: z.number() }),
          handler: async (_ctx, { params, viewer }) => ({
            ref: params.ref,
            user: viewer.kind === 'customer' ? viewer.userId : -1,
          }),
        }),
        defineRoute({
          method: 'GET',
          url: '/t/echo',
          summary: 'query parsing',
          tag: 't',
          query: z.object({ sortBy: z.enum(['a', 'b']).optional(), text: z.string().optional() }),
          value: z.object({ sortBy: z.string().nullable(), text: z.string().nullable() }),
          handler: async (_ctx, { query }) => ({ sortBy: query.sortBy ?? null, text: query.text ?? null }),
        }),
        defineRoute({
          method: 'POST',
          url: '/t/pay',
          summary: 'idempotent',
          tag: 't',
          idempotency: 'required',
          body: z.object({ amount: z.number().int() }),
          value: z.object({ run: z.number(), amount: z.number() }),
          handler: async (_ctx, { body }) => {
            runs++;
            if (body.amount < 0) throw new BadRequestError('Invalid input. amount: must not be negative');
            return { run: runs, amount: body.amount };
          },
        }),
        defineRawRoute({
          method: 'POST',
          url: '/t/notify',
          summary: 'a signed notification: raw bytes in, plain text out',
          tag: 't',
          auth: 'none',
          rawBody: true,
          produces: ['text/plain'],
          handler: async (_ctx, { rawBody, headers }) => ({
            kind: 'body',
            contentType: 'text/plain; charset=utf-8',
            body: `${headers['x-signature']}:${rawBody?.toString('utf8') ?? ''}`,
          }),
        }),
        defineRawRoute({
          method: 'GET',
          url: '/t/go',
          summary: 'a redirect',
          tag: 't',
          produces: ['text/html'],
          handler: async () => ({ kind: 'redirect', location: '/somewhere', status: 303 }),
        }),
        defineRoute({
          method: 'POST',
          url: '/t/admin/:id',
          summary: 'a guarded form: signed in, then the role, then the body',
          tag: 't',
          auth: 'required',
          params: z.object({ id: z.coerce.number().int() }),
          guard: async (_ctx, params: { id: number }) => {
            if (params.id !== 1) throw new HttpError(403, 'Admins only.');
          },
          body: z.object({ secretField: z.string().min(3), otherSecretField: z.number() }),
          value: z.object({ saved: z.boolean() }),
          handler: async () => ({ saved: true }),
        }),
        defineRoute({
          method: 'POST',
          url: '/t/text',
          summary: 'a body with free text',
          tag: 't',
          body: z.object({ text: z.string(), list: z.array(z.unknown()).optional() }),
          value: z.object({ length: z.number() }),
          handler: async (_ctx, { body }) => ({ length: body.text.length }),
        }),
        defineRoute({
          method: 'GET',
          url: '/t/limited',
          summary: 'rate limited',
          tag: 't',
          rateLimit: { max: 2, windowMs: 60_000 },
          value: z.object({ ok: z.boolean() }),
          handler: async () => ({ ok: true }),
        }),
      ],
      {
        alwaysSecure: false,
        database: database.handle,
        region: 'AU',
        cartCookie: { name: 'cart', maxAgeSeconds: 60 },
        resolveViewer: async (request) =>
          request.headers['x-test-user'] === '7' ? customer : { kind: 'guest', cartToken: null, wishlistToken: null },
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 401 in the envelope to a guest on a required route, and hands the viewer to the handler', async () => {
    const guest = await app.inject({ method: 'GET', url: '/t/orders/ABC' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ WasSuccessful: false, Value: null, Message: SIGN_IN_REQUIRED });
    const signedIn = await app.inject({ method: 'GET', url: '/t/orders/ABC', headers: { 'x-test-user': '7' } });
    expect(signedIn.json()).toEqual({ WasSuccessful: true, Value: { ref: 'ABC', user: 7 }, Message: null });
  });

  it('parses path parameters with their schema', async () => {
    const bad = await app.inject({ method: 'GET', url: '/t/orders/abcd', headers: { 'x-test-user': '7' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toContain('ref: must be three letters');
  });

  it('reads empty query parameters as not given, and refuses NUL bytes before the handler runs', async () => {
    expect((await app.inject({ method: 'GET', url: '/t/echo?sortBy=&text=hi' })).json().Value).toEqual({
      sortBy: null,
      text: 'hi',
    });
    const nul = await app.inject({ method: 'GET', url: '/t/echo?text=a%00b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().Message).toBe(`Invalid input. text: ${NUL_MESSAGE}`);
  });

  it('asks who is calling before what they sent: 401 for a guest, then the guard (403), then the body', async () => {
    const badBody = { secretField: 1 };
    const post = (id: number, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/t/admin/${id}`, payload: badBody, headers });
    const guest = await post(1);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().Message).toBe(SIGN_IN_REQUIRED);
    const notAdmin = await post(2, { 'x-test-user': '7' });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().Message).toBe('Admins only.');
    expect(notAdmin.body).not.toMatch(/secretField|otherSecretField/);
    const admin = await post(1, { 'x-test-user': '7' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().Message).toMatch(/secretField/);
  });

  it('refuses a lone surrogate anywhere in a body with a 400 naming the field', async () => {
    for (const text of ['"\\ud800"', '"ok \\udfff"']) {
      const reply = await app.inject({
        method: 'POST',
        url: '/t/text',
        headers: { 'content-type': 'application/json' },
        payload: `{"text":${text}}`,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().Message).toBe(`Invalid input. text: ${SURROGATE_MESSAGE}`);
    }
    const pair = await app.inject({
      method: 'POST',
      url: '/t/text',
      headers: { 'content-type': 'application/json' },
      payload: '{"text":"\\ud83d\\ude00"}',
    });
    expect(pair.json()).toMatchObject({ WasSuccessful: true, Value: { length: 2 } });
  });

  it('refuses a body nested deeper than any call needs before parsing it, and takes one that is not', async () => {
    const deep = `{"text":"x","list":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const refused = await app.inject({
      method: 'POST',
      url: '/t/text',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(TOO_DEEP_MESSAGE);
    const modest = await app.inject({
      method: 'POST',
      url: '/t/text',
      headers: { 'content-type': 'application/json' },
      payload: `{"text":"[[[[","list":${'['.repeat(20)}${']'.repeat(20)}}`,
    });
    expect(modest.json()).toMatchObject({ WasSuccessful: true, Value: { length: 4 } });
  });

  it('hands a raw body to raw routes and sends non-envelope replies', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/t/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-signature': 'sig' },
      payload: 'a=1&b=2',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toBe('sig:a=1&b=2');
    const redirect = await app.inject({ method: 'GET', url: '/t/go' });
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe('/somewhere');
  });

  it('replays the first reply to a repeated Idempotency-Key and refuses the key with another request', async () => {
    const send = (key: string | undefined, amount: number) =>
      app.inject({
        method: 'POST',
        url: '/t/pay',
        headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        payload: { amount },
      });
    const missing = await send(undefined, 5);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toContain('Idempotency-Key');
    const first = await send('key-1', 5);
    const again = await send('key-1', 5);
    expect(first.json().Value).toEqual(again.json().Value);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await send('key-1', 6);
    expect(other.statusCode).toBe(422);
    expect(other.json().Message).toBe(IDEMPOTENCY_MISMATCH);
    // Ten copies at once: one run, ten identical answers (or "still running" for the impatient).
    const before = runs;
    const burst = await Promise.all(Array.from({ length: 10 }, () => send('key-2', 9)));
    expect(runs).toBe(before + 1);
    for (const reply of burst) expect([200, 409]).toContain(reply.statusCode);
    // A failed first attempt stores nothing: the same key can be tried again.
    expect((await send('key-3', -1)).statusCode).toBe(400);
    expect((await send('key-3', -1)).statusCode).toBe(400);
    expect(runs).toBe(before + 3);
  });

  it('counts rate limits in the database and answers 429 with Retry-After, doing nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/t/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await app.inject({ method: 'GET', url: '/t/limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await database.handle.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.some((r) => r.key.startsWith('GET /t/limited|'))).toBe(true);
  });
});
