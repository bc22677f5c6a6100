/**
 * A fixed-window request limit per client address, for calls that cost us or a store something
 * (captcha pictures, enquiries that send e-mail). Counts live in this process only: losing them
 * on restart is harmless, and behind a load balancer each instance limits its own share.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one request; returns the seconds to wait when it is over the limit, or 0. */
  take(client: string): number {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    const window = this.windows.get(client);
    if (!window || now - window.start >= this.limit.windowMs) {
      this.windows.set(client, { start: now, count: 1 });
      return 0;
    }
    window.count++;
    if (window.count <= this.limit.max) return 0;
    return Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [client, window] of this.windows) {
      if (now - window.start >= this.limit.windowMs) this.windows.delete(client);
    }
  }
}
