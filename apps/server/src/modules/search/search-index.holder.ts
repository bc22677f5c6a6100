import type { Region } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { ChangeFeedGaps } from '../catalogue/change-feed-gaps.js';
import { type CheapestTable, cheapestPostage, ShippingService } from '../shipping/shipping.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { CatalogueIndex } from './catalogue-index.js';
import {
  type ChangeFingerprint,
  decodeSnapshot,
  readSnapshotBytes,
  SnapshotUnusable,
  snapshotPath,
  writeSnapshotFile,
} from './index-snapshot.js';
import { type IndexedProductRow, type ProductIndexRow, SearchRepository } from './search.repository.js';
import { PAGE_ORDERS } from './sort-orders.js';

/** How often a request may look at the change feed; in-process changes are seen at once. */
const CHECK_INTERVAL_MS = 250;
/**
 * How a build shares the event loop: items read per query (better-sqlite3 reads synchronously, so
 * each batch, read and indexed, holds the loop), and how long one step of packing the built index
 * or making its bitmaps and orderings may hold it. The first build answers nobody until it is done
 * and takes big steps; a rebuild runs while the old index answers shoppers, each of whom waits for
 * the step under way, so it takes small ones (at a million items 500 items a batch held the loop
 * 12-25 ms and searches waited 6 ms at the median during a rebuild, 60 ms at most).
 */
interface BuildSteps {
  batch: number;
  budgetMs: number;
}
const FIRST_BUILD: BuildSteps = { batch: 500, budgetMs: 15 };
const REBUILD: BuildSteps = { batch: 100, budgetMs: 4 };
/** An index that has changed is written to its snapshot at most this often. */
const SNAPSHOT_EVERY_MS = 3 * 60_000;
/** Past this many pending changes, rebuilding is cheaper than replaying them. */
const REPLAY_LIMIT = 5_000;

/** One turn of the event loop: lets waiting requests run between the steps of a build. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SearchIndexHolderOptions {
  /** The folder of the index snapshot (DATA_DIR); null or absent: no snapshot is read or written. */
  snapshotDir?: string | null;
  /** Where the start-up and snapshot lines go. */
  log?: (line: string) => void;
}

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
  /** Where the change feed has a hole still being waited for (on PostgreSQL). */
  private readonly gaps = new ChangeFeedGaps();
  /** How the first index came to be: read from the snapshot file, or built from the database. */
  loadedFrom: 'snapshot' | 'database' | null = null;
  /** The index last written to the snapshot file, at which version and when. */
  private snapshotted: { index: CatalogueIndex; version: number; at: number } | null = null;
  private writingSnapshot: Promise<void> | null = null;
  private readonly snapshotFile: string | null;
  private readonly log: (line: string) => void;

  private readonly repository = new SearchRepository();
  private readonly region: Region;
  /** Prices each item's "Postage from" as it is read (stateless: its own instance). */
  private readonly shipping = new ShippingService();
  /**
   * The region's stores' postage tables, read with the stores at each build: a store's postage
   * change records a wholesale change (as a pickup change does), so a rebuild reads them again.
   */
  private postageTables = new Map<number, CheapestTable>();

  constructor(
    /** The shop's own context (no viewer): the index reads the catalogue for everyone. */
    private readonly ctx: Ctx,
    private readonly catalogue: CatalogueService,
    private readonly stores: StoresService,
    options: SearchIndexHolderOptions = {},
  ) {
    this.region = ctx.region;
    this.snapshotFile = options.snapshotDir ? snapshotPath(options.snapshotDir, ctx.region) : null;
    this.log = options.log ?? (() => undefined);
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
    const first = !this.index;
    await this.followChanges();
    // Before the first shopper: the derived data would otherwise be made by the first search.
    if (first && this.index) await this.warm(this.index, FIRST_BUILD);
    this.considerSnapshot();
  }

  /**
   * Makes the data searches derive from an index (facet bitmaps, the orderings of the page's sort
   * options) before it is put to use, each in steps a turn of the event loop apart, so that neither
   * the first search after a start or a rebuild nor the searches answered meanwhile wait for them.
   * Other orders are made when first asked for; all are kept in place after that.
   */
  private async warm(index: CatalogueIndex, steps: BuildSteps): Promise<void> {
    await index.facetBitmaps.prepare(nextTurn, steps.budgetMs);
    for (const key of PAGE_ORDERS) await index.sortOrders.prepare(key, nextTurn, steps.budgetMs);
  }

  private async followChanges(): Promise<void> {
    this.dirty = false;
    this.lastCheck = Date.now();
    const latest = await this.catalogue.latestChangeSeq(this.ctx);
    if (!this.index) {
      const started = performance.now();
      const snapshot = await this.readSnapshot(latest);
      this.loadedFrom = snapshot ? 'snapshot' : 'database';
      this.index = snapshot ?? (await this.build(latest));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const size = this.index.size.toLocaleString('en');
      this.log(`Search index (${this.region}): ${size} documents from the ${this.loadedFrom} in ${seconds} s`);
      // From a snapshot, the changes since it was written are replayed below.
      if (!snapshot) return;
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
    const read = this.gaps.safePosition(this.index.seq, changes);
    this.index.seq = read.position;
    if (read.waiting) this.dirty = true;
  }

  /** Reads the items these changes name and writes them into `index` (an unknown store's are skipped). */
  private async upsertChanged(index: CatalogueIndex, changes: { product_id: number | null }[]): Promise<void> {
    const ids = [...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])))];
    if (ids.length === 0) return;
    const rows = await this.repository.productsByIds(this.ctx, this.region, ids);
    for (const row of rows) index.upsert(this.withPostage(row));
  }

  /** Shoppers keep getting answers from the old index while a new one is built after a wholesale change. */
  private rebuildInBackground(seq: number): void {
    if (this.rebuilding) return;
    this.rebuilding = this.build(seq, REBUILD)
      .then(async (index) => {
        await this.warm(index, REBUILD);
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

  /**
   * How far the index is behind the change feed: the newest position in the database minus the
   * last one the index applied (null before its first build). Only looks: an index catches up when
   * a search or a readiness check next asks for it.
   */
  async lag(): Promise<number | null> {
    if (!this.index) return null;
    const latest = await this.catalogue.latestChangeSeq(this.ctx);
    return Math.max(0, latest - (this.index?.seq ?? 0));
  }

  /** Resolves once a background rebuild and a snapshot write, if any, have finished. */
  async settled(): Promise<void> {
    await this.rebuilding;
    await this.writingSnapshot;
  }

  /**
   * The snapshot file's index if it may stand for this database: same format and region (checked
   * by decodeSnapshot), the same categories and stores, a position the feed has reached, and the
   * feed's row there the one it recorded (not another database's under an old DATA_DIR). Anything
   * else, a damaged file included, is one log line and a build from the database.
   */
  private async readSnapshot(latest: number): Promise<CatalogueIndex | null> {
    if (!this.snapshotFile) return null;
    try {
      const bytes = await readSnapshotBytes(this.snapshotFile);
      if (!bytes) return null;
      const { snapshot, change } = decodeSnapshot(bytes, this.region);
      if (snapshot.seq > latest) throw new SnapshotUnusable('it is ahead of the change feed');
      const row = await this.catalogue.changeAt(this.ctx, snapshot.seq);
      if (!row || !change || row.product_id !== change.productId || row.changed_at !== change.changedAt) {
        throw new SnapshotUnusable('it is of another database (the change feed differs)');
      }
      const current = (await this.emptyIndex()).inputs();
      if (JSON.stringify(current.categories) !== JSON.stringify(snapshot.inputs.categories)) {
        throw new SnapshotUnusable('the categories have changed');
      }
      if (JSON.stringify(current.stores) !== JSON.stringify(snapshot.inputs.stores)) {
        throw new SnapshotUnusable('the stores have changed');
      }
      const index = CatalogueIndex.fromSnapshot(snapshot);
      // As good as written by this index: the next write waits until it has changed and SNAPSHOT_EVERY_MS passed.
      this.snapshotted = { index, version: index.version, at: Date.now() };
      return index;
    } catch (error) {
      const reason = error instanceof SnapshotUnusable ? error.message : String(error);
      this.log(`Search index (${this.region}): not using ${this.snapshotFile}: ${reason}; building from the database`);
      return null;
    }
  }

  /**
   * Writes the index to the snapshot file after a build from the database, and after later changes
   * at most every SNAPSHOT_EVERY_MS; never while a rebuild is pending (the index is about to go).
   */
  private considerSnapshot(): void {
    const index = this.index;
    if (!this.snapshotFile || !index || this.rebuilding || this.writingSnapshot || index.seq === 0) return;
    const last = this.snapshotted;
    if (last?.index === index) {
      if (last.version === index.version || Date.now() - last.at < SNAPSHOT_EVERY_MS) return;
    }
    this.snapshotted = { index, version: index.version, at: Date.now() };
    this.writingSnapshot = this.writeSnapshot(index, this.snapshotFile)
      .catch((error: unknown) => {
        this.log(`Search index (${this.region}): could not write its snapshot: ${String(error)}`);
      })
      .finally(() => {
        this.writingSnapshot = null;
      });
  }

  private async writeSnapshot(index: CatalogueIndex, file: string): Promise<void> {
    const started = performance.now();
    // Copied now, so that upserts while the file is written cannot tear it.
    const snapshot = index.toSnapshot();
    const row = await this.catalogue.changeAt(this.ctx, snapshot.seq);
    // The feed was cleared meanwhile (a reseed): a rebuild follows, and its index is written then.
    if (!row) return;
    const change: ChangeFingerprint = { productId: row.product_id, changedAt: row.changed_at };
    const bytes = await writeSnapshotFile(file, snapshot, change, nextTurn);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const size = (bytes / 1e6).toFixed(0);
    this.log(
      `Search index (${this.region}): wrote its snapshot (${size} MB, position ${snapshot.seq}) in ${seconds} s`,
    );
  }

  /**
   * Reads the whole region in id order. Changes made meanwhile are replayed by the next refresh.
   * Reads in small batches and packs in short steps, with a turn of the event loop between, so a
   * rebuild while the old index answers never holds up a search for long.
   */
  async build(seq: number, steps: BuildSteps = FIRST_BUILD): Promise<CatalogueIndex> {
    const index = await this.emptyIndex();
    let after = 0;
    for (;;) {
      const rows = await this.repository.productsAfter(this.ctx, this.region, after, steps.batch);
      for (const row of rows) index.upsert(this.withPostage(row));
      const last = rows[rows.length - 1];
      if (!last || rows.length < steps.batch) break;
      after = last.id;
      await nextTurn();
    }
    await index.finishBuildInSteps(nextTurn, steps.budgetMs);
    index.seq = seq;
    return index;
  }

  /** An item with its "Postage from" price, worked out once here rather than at every search. */
  private withPostage(row: ProductIndexRow): IndexedProductRow {
    const postage_from_minor = cheapestPostage(this.postageTables.get(row.store_id), {
      weightGrams: row.weight_grams,
      lengthCm: row.length_cm,
      widthCm: row.width_cm,
      heightCm: row.height_cm,
      priceMinor: row.price_minor,
      postable: row.postable === 1,
    });
    return { ...row, postage_from_minor };
  }

  /** A CatalogueIndex of the database's current categories and stores, with no items yet. */
  private async emptyIndex(): Promise<CatalogueIndex> {
    const categories = await this.catalogue.listCategories(this.ctx);
    const stores = await this.stores.listRows(this.ctx);
    this.postageTables = await this.shipping.cheapestTables(
      this.ctx,
      stores.map((s) => s.id),
    );
    return new CatalogueIndex(
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
  }
}
