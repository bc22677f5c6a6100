import type { Ctx } from './context.js';
import { RateLimitRepository } from './rate-limit.repository.js';

/**
 * Fixed-window request limits for calls that cost us or a store something (captcha pictures,
 * enquiries that send e-mail; sign-in and codes next). The counters live in the database, so
 * every instance behind a load balancer shares them and a restart forgets nothing.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Old windows are swept at most this often. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export class RateLimiter {
  private readonly repository = new RateLimitRepository();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Records one request under `key`; returns the seconds to wait when it is over the limit, or 0. */
  async take(ctx: Pick<Ctx, 'db'>, key: string, limit: RateLimit): Promise<number> {
    const now = this.now();
    if (now - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      // Windows are at most a day long; anything older counts for nothing.
      await this.repository.deleteOlderThan(ctx, now - 24 * 60 * 60 * 1000);
    }
    const { windowStart, hits } = await this.repository.hit(ctx, key, now, limit.windowMs);
    if (hits <= limit.max) return 0;
    return Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));
  }

  /**
   * For limits on failures (sign-in): the seconds to wait when `key` has already reached its
   * limit in the current window, or 0, counting nothing.
   */
  async waitFor(ctx: Pick<Ctx, 'db'>, key: string, limit: RateLimit): Promise<number> {
    const now = this.now();
    const window = await this.repository.find(ctx, key);
    if (!window || window.windowStart + limit.windowMs <= now || window.hits < limit.max) return 0;
    return Math.max(1, Math.ceil((window.windowStart + limit.windowMs - now) / 1000));
  }

  /** Forgets `key`'s count (a successful sign-in clears the account's failures). */
  async forget(ctx: Pick<Ctx, 'db'>, key: string): Promise<void> {
    await this.repository.delete(ctx, key);
  }
}
