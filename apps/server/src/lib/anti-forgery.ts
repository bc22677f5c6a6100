import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, failure } from '@shop/contract';
import type { FastifyInstance } from 'fastify';

/** Methods that change state; every one of them must prove it comes from our page. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;
export const ANTI_FORGERY_FAILURE = 'This request could not be verified. Please refresh the page and try again.';

export function newAntiForgeryToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit anti-forgery: every response hands out an XSRF-TOKEN cookie (readable by the page,
 * SameSite=Strict) when the request has none, and a state-changing call (all of them live under
 * /c3api) must echo it in the X-XSRF-TOKEN header. The check runs on request, before the body is read or a handler runs, so a
 * forged request changes nothing. Needs @fastify/cookie registered first.
 */
export function registerAntiForgery(app: FastifyInstance): void {
  const headerName = ANTI_FORGERY_HEADER.toLowerCase();
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[ANTI_FORGERY_COOKIE];
    const hasValidCookie = typeof cookie === 'string' && TOKEN_SHAPE.test(cookie);
    // Pictures are cached for a year by browsers and CDNs: they must never carry a visitor's token.
    const isImage = request.url.startsWith('/c3api/images/');
    if (!hasValidCookie && !isImage) {
      reply.setCookie(ANTI_FORGERY_COOKIE, newAntiForgeryToken(), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    // Every unsafe method on every path, not only URLs that start with /c3api: the router decodes
    // percent-escapes, so '/%63%33api/...' reaches the same handler as '/c3api/...'.
    if (!UNSAFE_METHODS.has(request.method)) return;
    const header = request.headers[headerName];
    if (!hasValidCookie || typeof header !== 'string' || !sameToken(header, cookie)) {
      return reply.code(403).send(failure(ANTI_FORGERY_FAILURE));
    }
  });
}
