/**
 * Product-page views, added up in memory and written at most once a second in one transaction.
 * A write per view would cost a synced commit per page on SQLite (synchronous=FULL), on the event
 * loop. A crash loses at most the last second of views, which only order the popular-items grid.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (views: [productId: number, count: number][]) => Promise<void>,
    private readonly delayMs = 1000,
  ) {}

  record(productId: number): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.flush().catch((error: unknown) => console.error('Writing product views failed', error));
    }, this.delayMs);
    this.timer.unref();
  }

  /** Writes what is pending now (tests, and shutdown). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending];
    this.pending = new Map();
    // One batch at a time, in order.
    this.flushing = this.flushing.catch(() => undefined).then(() => (batch.length > 0 ? this.write(batch) : undefined));
    return this.flushing;
  }
}
