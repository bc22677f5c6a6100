import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, failure } from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CookieSecurity, isSecureRequest, readCookie, writeCookie } from './cookies.js';
import { isTokenShape, newToken, sameSecret, sign } from './tokens.js';

/** Methods that change state; every one of them must prove it comes from our page. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const ANTI_FORGERY_FAILURE = 'This request could not be verified. Please refresh the page and try again.';
/** The visitor's own random id (HttpOnly): what the anti-forgery value is bound to. */
export const VISITOR_COOKIE = 'visitor';
const VISITOR_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor id this request carries (or was just given). */
    visitorId: string | null;
  }
  interface FastifyContextConfig {
    /** Never set cookies on this route's replies (pictures, hashed assets: cached by CDNs for a year). */
    cookieless?: boolean;
    /** A GET that changes something (the spec's /wishlist/merge) must carry the anti-forgery header too. */
    antiForgery?: boolean;
    /** A provider's POST from another site: it proves itself (a signature), so no anti-forgery check and no cookies. */
    crossSite?: boolean;
  }
}

/** The anti-forgery value for a visitor: `${nonce}.${HMAC(secret, visitor + nonce)}` (OWASP's signed double-submit). */
export function antiForgeryValue(secret: string, visitorId: string, nonce: string = newToken()): string {
  return `${nonce}.${sign(secret, `${visitorId}!${nonce}`)}`;
}

/** True when `value` was issued by this server, with this secret, for this visitor. */
function isAntiForgeryValueFor(secret: string, visitorId: string, value: string): boolean {
  const dot = value.indexOf('.');
  if (dot <= 0) return false;
  const nonce = value.slice(0, dot);
  if (!isTokenShape(nonce)) return false;
  return sameSecret(value, antiForgeryValue(secret, visitorId, nonce));
}

interface AntiForgeryOptions extends CookieSecurity {
  secret: string;
}

/**
 * Signed double-submit anti-forgery, bound to the visitor:
 * - every visitor gets an HttpOnly `visitor` cookie (a random id) and a readable XSRF-TOKEN cookie
 *   whose value is a nonce and its HMAC over the visitor id and the nonce, under SECRET_KEY;
 * - a state-changing call must echo XSRF-TOKEN in the X-XSRF-TOKEN header, and the value must be
 *   the server's own signature for this visitor. A value the server did not sign, one signed for
 *   another visitor, or a header that differs from the cookie gets 403.
 * The check runs on request, before the body is read or a handler runs, so a forged request
 * changes nothing. Needs @fastify/cookie registered first.
 */
export function registerAntiForgery(app: FastifyInstance, options: AntiForgeryOptions): void {
  const headerName = ANTI_FORGERY_HEADER.toLowerCase();
  app.decorateRequest('visitorId', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.crossSite) return;
    const secure = isSecureRequest(request, options);
    const visitor = readCookie(request, VISITOR_COOKIE, secure);
    const hasVisitor = isTokenShape(visitor);
    const cookie = readCookie(request, ANTI_FORGERY_COOKIE, secure);
    const cookieValid = hasVisitor && cookie !== undefined && isAntiForgeryValueFor(options.secret, visitor, cookie);
    request.visitorId = hasVisitor ? visitor : null;

    if (UNSAFE_METHODS.has(request.method) || request.routeOptions.config?.antiForgery) {
      // Every unsafe method on every path, not only /c3api: the router decodes percent-escapes,
      // so '/%63%33api/...' reaches the same handler as '/c3api/...'.
      const header = request.headers[headerName];
      if (!cookieValid || typeof header !== 'string' || !sameSecret(header, cookie)) {
        return reply.code(403).send(failure(ANTI_FORGERY_FAILURE));
      }
      return;
    }
    if (cookieValid || isCookieless(request)) return;
    request.visitorId = issueVisitor(reply, options.secret, secure, hasVisitor ? visitor : null);
  });
}

/**
 * Hands the browser a visitor id (a new one unless `keep` is given) and its anti-forgery value.
 * Called with no id to keep on every change of who is signed in, so a value seen before sign-in
 * is worthless after it (OWASP: renew the anti-forgery token with the session).
 */
export function issueVisitor(reply: FastifyReply, secret: string, secure: boolean, keep: string | null = null): string {
  const visitorId = keep ?? newToken();
  if (keep === null) {
    writeCookie(
      reply,
      VISITOR_COOKIE,
      visitorId,
      { httpOnly: true, sameSite: 'lax', maxAge: VISITOR_MAX_AGE_SECONDS },
      secure,
    );
  }
  writeCookie(
    reply,
    ANTI_FORGERY_COOKIE,
    antiForgeryValue(secret, visitorId),
    { httpOnly: false, sameSite: 'strict' },
    secure,
  );
  return visitorId;
}

function isCookieless(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.cookieless) return true;
  // Files with an extension (the web app's assets, favicon) are cached and shared: no cookies.
  const path = request.url.split('?')[0] ?? '';
  return /\.[A-Za-z0-9]+$/.test(path);
}
