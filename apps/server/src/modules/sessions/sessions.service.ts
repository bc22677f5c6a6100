import type { DbCtx } from '../../lib/context.js';
import { hashToken, isTokenShape, newToken } from '../../lib/tokens.js';
import { SessionsRepository } from './sessions.repository.js';

/** The session cookie: HttpOnly, SameSite=Lax, `__Host-` and Secure over HTTPS (lib/cookies.ts). */
export const SESSION_COOKIE = 'session';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused this long ends (OWASP ASVS 7.3.1: idle timeout). */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** A session ends this long after sign-in, used or not (ASVS 7.3.2: absolute timeout). */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
/** last_seen_at is written at most this often: not one write per request, and idle expiry stays exact to the minute. */
const TOUCH_EVERY_MS = 60 * 1000;

export type Clock = () => number;

export interface StartedSession {
  id: number;
  /** The cookie's value: 256 random bits; only its SHA-256 is stored. */
  token: string;
  /** The cookie's Max-Age: until the absolute expiry. */
  maxAgeSeconds: number;
}

/**
 * Server-side sessions. A token names a session only while it is within both limits; every other
 * token (unknown, expired, ended, malformed) names nobody. Starting a session always makes a new
 * token: sign-in and password changes never reuse one (no session fixation).
 */
export class SessionsService {
  private readonly repository = new SessionsRepository();

  constructor(private readonly now: Clock = Date.now) {}

  async start(ctx: DbCtx, userId: number): Promise<StartedSession> {
    const now = this.now();
    const token = newToken();
    const id = await this.repository.insert(ctx, {
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_ABSOLUTE_MS,
    });
    return { id, token, maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_MS / 1000) };
  }

  /** The live session of a cookie's token, its last use recorded; null for any other token. */
  async resolve(ctx: DbCtx, token: string | undefined): Promise<{ sessionId: number; userId: number } | null> {
    if (!isTokenShape(token)) return null;
    const session = await this.repository.byTokenHash(ctx, hashToken(token));
    if (!session) return null;
    const now = this.now();
    if (now >= Number(session.expires_at) || now - Number(session.last_seen_at) >= SESSION_IDLE_MS) {
      await this.repository.delete(ctx, session.id);
      return null;
    }
    if (now - Number(session.last_seen_at) >= TOUCH_EVERY_MS) await this.repository.touch(ctx, session.id, now);
    return { sessionId: session.id, userId: session.user_id };
  }

  async end(ctx: DbCtx, sessionId: number): Promise<void> {
    await this.repository.delete(ctx, sessionId);
  }

  /** Ends every session of the user, but `except` (the one changing the password) when given. */
  async endAllFor(ctx: DbCtx, userId: number, except: number | null = null): Promise<void> {
    await this.repository.deleteForUser(ctx, userId, except);
  }

  /** The clean-up job: removes sessions past either limit. */
  async deleteExpired(ctx: DbCtx): Promise<number> {
    const now = this.now();
    return this.repository.deleteExpired(ctx, now, now - SESSION_IDLE_MS);
  }
}
