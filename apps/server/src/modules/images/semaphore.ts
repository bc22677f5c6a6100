/**
 * At most `limit` pieces of work at once; the rest wait their turn, first come first served.
 * Waiting is not failing: every caller's work runs, later. A finished piece (or a failed one)
 * hands its slot straight to the next in line, so a newcomer never overtakes those waiting.
 */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`A semaphore needs a limit of 1 or more, not ${limit}`);
  }

  /** Pieces of work running now. */
  get running(): number {
    return this.active;
  }

  /** Pieces of work waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    // The slot passes to the next in line as it is: the count of running work stays the same.
    if (next) next();
    else this.active--;
  }
}
