import type { Region } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { CatalogueIndex } from './catalogue-index.js';
import { SearchRepository } from './search.repository.js';

/** How often a request may look at the change feed; in-process changes are seen at once. */
const CHECK_INTERVAL_MS = 250;
const LOAD_BATCH = 20_000;
/** Past this many pending changes, rebuilding is cheaper than replaying them. */
const REPLAY_LIMIT = 5_000;
/** How long a hole in the change feed is waited for before it is taken as a rolled-back write. */
const GAP_PATIENCE_MS = 10_000;

/**
 * Owns the current CatalogueIndex: builds it from the database, follows the change feed, and swaps
 * in a fresh build after wholesale changes while the old one keeps answering.
 */
export class SearchIndexHolder {
  private index: CatalogueIndex | null = null;
  private lastCheck = 0;
  private dirty = true;
  private refreshing: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  /** The first missing position in the change feed, and since when it has been missing. */
  private gap: { seq: number; since: number } | null = null;

  private readonly repository = new SearchRepository();
  private readonly region: Region;

  constructor(
    /** The shop's own context (no viewer): the index reads the catalogue for everyone. */
    private readonly ctx: Ctx,
    private readonly catalogue: CatalogueService,
    private readonly stores: StoresService,
  ) {
    this.region = ctx.region;
    catalogue.onChange(() => {
      this.dirty = true;
    });
  }

  /**
   * The index with every change committed so far (not just within the last check interval): for
   * background work that must see items written a moment ago (saved-search digests).
   */
  async upToDate(): Promise<CatalogueIndex> {
    await this.refreshing;
    this.dirty = true;
    return this.current();
  }

  /** The index, brought up to date with the database first. */
  async current(): Promise<CatalogueIndex> {
    const now = Date.now();
    if (this.index && !this.dirty && now - this.lastCheck < CHECK_INTERVAL_MS) return this.index;
    if (!this.refreshing) {
      this.refreshing = this.refresh().finally(() => {
        this.refreshing = null;
      });
    }
    await this.refreshing;
    if (!this.index) throw new Error('search index failed to build');
    return this.index;
  }

  private async refresh(): Promise<void> {
    this.dirty = false;
    this.lastCheck = Date.now();
    const latest = await this.catalogue.latestChangeSeq(this.ctx);
    if (!this.index) {
      this.index = await this.build(latest);
      return;
    }
    if (latest === this.index.seq) return;
    const changes = await this.catalogue.changesAfter(this.ctx, this.index.seq, REPLAY_LIMIT + 1);
    if (changes.length > REPLAY_LIMIT) {
      this.rebuildInBackground(latest);
      return;
    }
    if (changes.some((c) => c.product_id === null)) {
      this.rebuildInBackground(latest);
      // A rebuild takes seconds (about 20 s at a million items); until it is swapped in, the old
      // index still hears of each item's sale or new price. Its position stays before the
      // wholesale change, so these few upserts repeat at each check (every 250 ms) until then.
      await this.upsertChanged(this.index, changes);
      return;
    }
    await this.upsertChanged(this.index, changes);
    this.index.seq = this.safePosition(this.index.seq, changes);
  }

  /** Reads the items these changes name and writes them into `index` (an unknown store's are skipped). */
  private async upsertChanged(index: CatalogueIndex, changes: { product_id: number | null }[]): Promise<void> {
    const ids = [...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])))];
    if (ids.length === 0) return;
    const rows = await this.repository.productsByIds(this.ctx, this.region, ids);
    for (const row of rows) index.upsert(row);
  }

  /**
   * How far the index may say it has read. On PostgreSQL a sequence hands out positions when rows
   * are written, not when they commit: a long transaction (a checkout reserving items) can commit
   * position 41 after a quick one committed 42. Reading past the hole would lose 41 for good, so
   * the index stops before the first hole and reads from there again next time (upserts repeat
   * harmlessly). A hole still open after GAP_PATIENCE_MS is a rolled-back write's unused number,
   * and is passed.
   */
  private safePosition(from: number, changes: { seq: number }[]): number {
    let expected = from + 1;
    for (const change of changes) {
      if (change.seq !== expected) {
        const now = Date.now();
        if (this.gap?.seq !== expected) this.gap = { seq: expected, since: now };
        if (now - this.gap.since < GAP_PATIENCE_MS) {
          // Look again soon, not only when the next request happens to come.
          this.dirty = true;
          return expected - 1;
        }
      }
      expected = change.seq + 1;
    }
    this.gap = null;
    return changes[changes.length - 1]?.seq ?? from;
  }

  /** Shoppers keep getting answers from the old index while a new one is built after a wholesale change. */
  private rebuildInBackground(seq: number): void {
    if (this.rebuilding) return;
    this.rebuilding = this.build(seq)
      .then((index) => {
        this.index = index;
        // Replay whatever changed while the build was reading.
        this.dirty = true;
      })
      .catch((error: unknown) => {
        console.error('Rebuilding the search index failed; the previous index stays in use.', error);
      })
      .finally(() => {
        this.rebuilding = null;
      });
  }

  /** Resolves once a background rebuild, if any, has finished. */
  async settled(): Promise<void> {
    await this.rebuilding;
  }

  /** Reads the whole region in id order. Changes made meanwhile are replayed by the next refresh. */
  async build(seq: number): Promise<CatalogueIndex> {
    const categories = await this.catalogue.listCategories(this.ctx);
    const stores = await this.stores.listRows(this.ctx);
    const index = new CatalogueIndex(
      this.region,
      categories.map((c) => ({
        id: c.id,
        parentId: c.parent_id,
        slug: c.slug,
        name: c.name,
        keywords: c.keywords,
        path: c.path,
        icon: c.icon,
        depth: c.depth,
        position: c.position,
      })),
      stores.map((s) => ({
        id: s.id,
        slug: s.slug,
        name: s.name,
        state: s.state,
        pickupDisabled: s.pickup_disabled === 1,
        latitude: s.latitude,
        longitude: s.longitude,
      })),
    );
    let after = 0;
    for (;;) {
      const rows = await this.repository.productsAfter(this.ctx, this.region, after, LOAD_BATCH);
      for (const row of rows) index.upsert(row);
      const last = rows[rows.length - 1];
      if (!last || rows.length < LOAD_BATCH) break;
      after = last.id;
    }
    index.finishBuild();
    index.seq = seq;
    return index;
  }
}
