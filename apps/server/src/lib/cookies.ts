import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Our cookies, named and flagged in one place. Served over HTTPS (PUBLIC_URL is https, or a
 * trusted proxy says the request came in over https), every cookie is Secure and carries the
 * `__Host-` prefix, which browsers accept only from a secure origin, for the whole site (Path=/)
 * and without a Domain: a sibling subdomain cannot plant or overwrite it.
 */
export interface CookieSecurity {
  /** True when PUBLIC_URL is https: every request counts as secure. */
  alwaysSecure: boolean;
}

export function isSecureRequest(request: FastifyRequest, security: CookieSecurity): boolean {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is set.
  return security.alwaysSecure || request.protocol === 'https';
}

function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

export function readCookie(request: FastifyRequest, base: string, secure: boolean): string | undefined {
  const value = request.cookies[cookieName(base, secure)];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  /** Seconds; omitted: a session cookie. */
  maxAge?: number;
}

export function writeCookie(
  reply: FastifyReply,
  base: string,
  value: string,
  options: CookieOptions,
  secure: boolean,
): void {
  reply.setCookie(cookieName(base, secure), value, {
    path: '/',
    httpOnly: options.httpOnly,
    sameSite: options.sameSite,
    secure,
    ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
  });
}

/** Tells the browser to forget a cookie (same name, path and flags, expired). */
export function clearCookie(reply: FastifyReply, base: string, secure: boolean): void {
  reply.clearCookie(cookieName(base, secure), { path: '/', secure, httpOnly: true, sameSite: 'lax' });
}
