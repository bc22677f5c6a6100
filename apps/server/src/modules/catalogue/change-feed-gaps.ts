/** How long a hole in the change feed is waited for before it is taken for a rolled-back write. */
export const CHANGE_FEED_GAP_PATIENCE_MS = 10_000;

/**
 * How far a reader of the change feed (`product_changes`) may say it has read. On PostgreSQL a
 * slow transaction can commit position 41 after a quick one committed 42; reading past the hole
 * would lose 41 for good, so the reader stops before the first hole and reads from there again
 * (upserts repeat harmlessly). A hole still open after the patience is a rolled-back write's unused
 * number, and is passed. One per reader (the search index, the price guide's index).
 */
export class ChangeFeedGaps {
  private gap: { seq: number; since: number } | null = null;

  constructor(
    private readonly patienceMs = CHANGE_FEED_GAP_PATIENCE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The position read up to, and whether it stopped before a hole (look again soon, not only at the next request). */
  safePosition(from: number, changes: readonly { seq: number }[]): { position: number; waiting: boolean } {
    let expected = from + 1;
    for (const change of changes) {
      if (change.seq !== expected) {
        const now = this.now();
        if (this.gap?.seq !== expected) this.gap = { seq: expected, since: now };
        if (now - this.gap.since < this.patienceMs) return { position: expected - 1, waiting: true };
      }
      expected = change.seq + 1;
    }
    this.gap = null;
    return { position: changes[changes.length - 1]?.seq ?? from, waiting: false };
  }
}
