import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Every secret token the shop hands out (sessions, guest carts and wishlists, captcha challenges,
 * anti-forgery values, codes' salts) comes from here: 256 bits from the CSPRNG, base64url, and
 * only its SHA-256 is stored, so a copy of the database opens nothing.
 */
const TOKEN_BYTES = 32;
/** The shape of a token from newToken(): 43 base64url characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** What is stored for a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HMAC-SHA256 of `message` under the server's secret key, base64url. */
export function sign(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('base64url');
}
