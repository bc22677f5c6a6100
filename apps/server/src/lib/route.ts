import type { IncomingHttpHeaders } from 'node:http';
import { describeFieldErrors, envelopeSchema, failure, ok, zodFieldErrors } from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/database.js';
import { type Ctx, createContext, type Viewer } from './context.js';
import { type CookieSecurity, clearCookie, isSecureRequest, writeCookie } from './cookies.js';
import { BadRequestError, HttpError, invalidInput } from './errors.js';
import { type IdempotencyOutcome, IdempotencyStore } from './idempotency.js';
import { type RateLimit, RateLimiter } from './rate-limit.js';
import { refuseUnstorableText, registerBoundedJsonParser } from './request-hygiene.js';

/**
 * The route helper: one API call declared with its contract schemas, who may make it, and its
 * handler. The same list registers the Fastify routes and writes the OpenAPI document, so the two
 * cannot disagree. A handler gets the request context and the parsed input, never the request or
 * reply: cookies, rate limits, idempotency and the reply's shape are this file's business.
 */
export type Auth = 'none' | 'optional' | 'required';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The unparsed request body, for routes declared with rawBody (signed provider notifications). */
  rawBody: Buffer | null;
  /** Request headers, lower-case (If-None-Match, a provider's signature). */
  headers: IncomingHttpHeaders;
  viewer: Viewer;
  /** The client's address (the proxy's forwarded one when TRUST_PROXY allows): for throttles. */
  clientAddress: string;
}

/** A reply that is not the JSON envelope: a file, a page, a redirect. */
export type RawReply =
  | { kind: 'body'; status?: number; contentType: string; body: Buffer | string; headers?: Record<string, string> }
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 303 | 307 | 308 }
  | { kind: 'not-modified'; headers?: Record<string, string> };

interface RouteCommon<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: Method;
  /** Fastify syntax: '/c3api/orders/:ref'. */
  url: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  /** The schema of a JSON request body. */
  body?: B;
  /** Keep the body as raw bytes (any content type) in input.rawBody; no JSON parsing. */
  rawBody?: boolean;
  /** none: nobody is identified; optional (default): guests and customers; required: 401 for guests. */
  auth?: Auth;
  /**
   * Who may make this call beyond being signed in (a console role, staff of the store in the path):
   * throws the call's 401/403/404. It runs once the path parameters are parsed and before the query
   * and body are, so a caller without the role learns nothing of the form, whatever they sent.
   */
  guard?: (ctx: Ctx, params: z.infer<P>) => Promise<unknown>;
  /** Requests per client address and window, counted in the database; over it: 429, nothing done. */
  rateLimit?: RateLimit;
  /** Honour an Idempotency-Key header: a repeat gets the first reply. 'required': 400 without one. */
  idempotency?: 'optional' | 'required';
  /** Where this call carries the guest's wishlist token (the spec sends it in the query or body). */
  wishlistToken?: (input: { query: z.infer<Q>; body: z.infer<B> }) => string | null | undefined;
  /** Cache-Control for successful replies (default: whatever Fastify sends). */
  cacheControl?: string;
  /** Never set cookies on replies (pictures cached by CDNs). */
  cookieless?: boolean;
  /** A GET that changes state: it must carry the anti-forgery header like a POST. */
  antiForgery?: boolean;
  /** A POST from another site (a provider's signed result or notification): no anti-forgery header; the handler verifies its own proof. */
  crossSite?: boolean;
  /** The largest request body in bytes, when a call needs more than Fastify's 1 MiB (uploaded pictures). */
  bodyLimit?: number;
}

export interface JsonRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType>
  extends RouteCommon<P, Q, B> {
  /** The schema of the reply's Value (inside the { WasSuccessful, Value, Message } envelope). */
  value: V;
  handler: (
    ctx: Ctx,
    input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>,
  ) => Promise<z.infer<V> | Refusal<z.infer<V>>>;
}

/**
 * A call that worked but whose request was refused with a reason the page shows (a save whose
 * e-mail needs a code): HTTP 200, WasSuccessful false, the Message, and still a Value.
 */
export class Refusal<T> {
  constructor(
    readonly message: string,
    readonly value: T,
  ) {}
}

export function refuse<T>(message: string, value: T): Refusal<T> {
  return new Refusal(message, value);
}

export interface RawRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> extends RouteCommon<P, Q, B> {
  /** The content types this call answers with, for the OpenAPI document. */
  produces: string[];
  handler: (ctx: Ctx, input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<RawReply>;
}

// biome-ignore lint/suspicious/noExplicitAny: the list holds routes of every schema.
export type ApiRoute = JsonRoute<any, any, any, any> | RawRoute<any, any, any>;

export function defineRoute<
  V extends z.ZodType,
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
>(route: JsonRoute<P, Q, B, V>): ApiRoute {
  return route as ApiRoute;
}

export function defineRawRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
>(route: RawRoute<P, Q, B>): ApiRoute {
  return route as ApiRoute;
}

// biome-ignore lint/suspicious/noExplicitAny: narrows the list's routes of every schema.
export function isRawRoute(route: ApiRoute): route is RawRoute<any, any, any> {
  return 'produces' in route;
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export { NUL_MESSAGE } from './request-hygiene.js';

function parse(schema: z.ZodType, input: unknown, where: string): unknown {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fields = zodFieldErrors(parsed.error);
    const message = describeFieldErrors(fields);
    throw new BadRequestError(
      where === 'params' ? message.replace('Invalid input.', 'Invalid input (path).') : message,
      fields,
    );
  }
  return parsed.data;
}

/** Query parameters given empty (`?sortBy=&token=x`) read as not given. */
export function withoutEmptyValues(query: unknown): Record<string, unknown> {
  if (query === null || typeof query !== 'object') return {};
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** Resolves who is asking. Accounts replace the default (a guest from its cookie) with a session lookup. */
export type ViewerResolver = (request: FastifyRequest, secure: boolean) => Promise<Viewer>;

export interface RouteEnvironment extends CookieSecurity {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  region: Ctx['region'];
  resolveViewer: ViewerResolver;
  /** The guest cart's cookie name and lifetime. */
  cartCookie: { name: string; maxAgeSeconds: number };
  /** The session cookie's name (HttpOnly, SameSite=Lax). */
  sessionCookie?: string;
  /** Gives the browser a new visitor id and anti-forgery value (anti-forgery.ts issueVisitor). */
  rotateVisitor?: (reply: FastifyReply, secure: boolean) => void;
  rateLimiter?: RateLimiter;
}

export function registerRoutes(app: FastifyInstance, routes: ApiRoute[], env: RouteEnvironment): void {
  registerBoundedJsonParser(app);
  const limiter = env.rateLimiter ?? new RateLimiter();
  const idempotency = new IdempotencyStore();
  const plain = routes.filter((r) => !r.rawBody);
  const raw = routes.filter((r) => r.rawBody);
  for (const route of plain) app.route(fastifyRoute(route, env, limiter, idempotency));
  if (raw.length > 0) {
    // Raw-body routes live in their own scope, where every content type arrives as bytes.
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      for (const route of raw) scope.route(fastifyRoute(route, env, limiter, idempotency));
    });
  }
}

function fastifyRoute(route: ApiRoute, env: RouteEnvironment, limiter: RateLimiter, idempotency: IdempotencyStore) {
  return {
    method: route.method,
    url: route.url,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    config: {
      cookieless: route.cookieless === true,
      antiForgery: route.antiForgery === true,
      crossSite: route.crossSite === true,
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const secure = isSecureRequest(request, env);
      const base = createContext({
        handle: env.database,
        region: env.region,
        viewer: GUEST_PLACEHOLDER,
        log: request.log,
      });

      if (route.rateLimit) {
        const wait = await limiter.take(base, `${route.method} ${route.url}|${request.ip}`, route.rateLimit);
        if (wait > 0) {
          return reply
            .code(429)
            .header('Retry-After', String(wait))
            .send(failure(`Too many requests. Please wait ${wait} seconds and try again.`));
        }
      }

      // Who is asking comes before what they sent: a guest gets 401 and a caller without the
      // route's role its guard's answer, whatever the body, so no form's fields are told to them.
      let viewer = await env.resolveViewer(request, secure);
      if ((route.auth ?? 'optional') === 'required' && viewer.kind !== 'customer') {
        return reply.code(401).send(failure(SIGN_IN_REQUIRED));
      }
      refuseUnstorableText({ params: request.params });
      const params = route.params ? parse(route.params, request.params ?? {}, 'params') : {};
      if (route.guard) await route.guard({ ...base, viewer }, params);

      const rawBody = route.rawBody && Buffer.isBuffer(request.body) ? request.body : null;
      const queryIn = withoutEmptyValues(request.query);
      const bodyIn = route.rawBody ? undefined : request.body;
      refuseUnstorableText({ query: queryIn, body: bodyIn });
      const query = route.query ? parse(route.query, queryIn, 'query') : {};
      const body = route.body ? parse(route.body, bodyIn ?? {}, 'body') : undefined;
      if (route.wishlistToken) {
        const token = route.wishlistToken({ query, body });
        viewer = { ...viewer, wishlistToken: token || null } as Viewer;
      }
      const ctx: Ctx = { ...base, viewer };
      const input = { params, query, body, rawBody, headers: request.headers, viewer, clientAddress: request.ip };

      const run = async (): Promise<IdempotencyOutcome> => {
        if (isRawRoute(route)) return { status: 200, raw: await route.handler(ctx, input) };
        const result = await route.handler(ctx, input);
        if (result instanceof Refusal)
          return { status: 200, json: { WasSuccessful: false, Value: result.value, Message: result.message } };
        return { status: 200, json: ok(result) };
      };
      let outcome: IdempotencyOutcome;
      if (route.idempotency) {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || key === '') {
          if (route.idempotency === 'required') throw invalidInput('Idempotency-Key', 'This header is required');
          outcome = await run();
        } else {
          const caller = viewer.kind === 'customer' ? `user:${viewer.userId}` : `visitor:${request.visitorId ?? ''}`;
          outcome = await idempotency.run(ctx, {
            key,
            scope: `${route.method} ${route.url}|${caller}`,
            request: { params, query, body, raw: rawBody?.toString('base64') ?? null },
            run,
          });
          if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
        }
      } else {
        outcome = await run();
      }

      applyIssued(ctx, reply, env, secure);
      if (route.cacheControl && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', route.cacheControl);
      if (outcome.raw) return sendRaw(reply, outcome.raw);
      return reply.code(outcome.status).send(outcome.json);
    },
  };
}

/** The viewer before it is resolved; replaced for every request. */
const GUEST_PLACEHOLDER: Viewer = { kind: 'guest', cartToken: null, wishlistToken: null };

/** Turns what the services issued (a new cart token, a session) into cookies. */
function applyIssued(ctx: Ctx, reply: FastifyReply, env: RouteEnvironment, secure: boolean): void {
  const { session, clearCart, rotateVisitor } = ctx.issued;
  if (session && env.sessionCookie) {
    if (session === 'end') clearCookie(reply, env.sessionCookie, secure);
    else
      writeCookie(
        reply,
        env.sessionCookie,
        session.token,
        { httpOnly: true, sameSite: 'lax', maxAge: session.maxAgeSeconds },
        secure,
      );
  }
  if (rotateVisitor && env.rotateVisitor) env.rotateVisitor(reply, secure);
  if (clearCart && !ctx.issued.cartToken) clearCookie(reply, env.cartCookie.name, secure);
  if (ctx.issued.cartToken) {
    writeCookie(
      reply,
      env.cartCookie.name,
      ctx.issued.cartToken,
      { httpOnly: true, sameSite: 'lax', maxAge: env.cartCookie.maxAgeSeconds },
      secure,
    );
  }
}

function sendRaw(reply: FastifyReply, raw: RawReply) {
  if (raw.kind === 'redirect') return reply.redirect(raw.location, raw.status ?? 302);
  if (raw.kind === 'not-modified') {
    for (const [name, value] of Object.entries(raw.headers ?? {})) reply.header(name, value);
    return reply.code(304).send();
  }
  for (const [name, value] of Object.entries(raw.headers ?? {})) reply.header(name, value);
  return reply
    .code(raw.status ?? 200)
    .header('Content-Type', raw.contentType)
    .send(raw.body);
}

export function replySchemaOf(route: { value: z.ZodType }) {
  return envelopeSchema(route.value);
}

export { HttpError };
