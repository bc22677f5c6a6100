import { PRICE_GUIDE_SOLD_DAYS, type Region } from '@shop/contract';
import type { Ctx } from '../../../lib/context.js';
import type { CatalogueService } from '../../catalogue/catalogue.service.js';
import { ChangeFeedGaps } from '../../catalogue/change-feed-gaps.js';
import { type PriceGuideItemRow, PriceGuideRepository } from './price-guide.repository.js';
import { type GuideItem, PriceGuideIndex } from './price-guide-index.js';

/** How often a guide call may look at the change feed; changes made in this process are seen at once. */
const CHECK_INTERVAL_MS = 250;
/** Items read per query while building (each batch holds the event loop while it is indexed). */
const BATCH = 5_000;
/** Past this many pending changes, rebuilding is cheaper than replaying them. */
const REPLAY_LIMIT = 5_000;
const DAY_MS = 86_400_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A row as the guide keeps it: on sale, or a sale dated and priced by its order, or by the item
 * sold in store. Null for an item that is neither (reserved, withdrawn).
 */
export function guideItemOf(row: PriceGuideItemRow): GuideItem | null {
  if (row.status !== 'available' && (row.status !== 'sold' || row.withdrawn_at !== null)) return null;
  const soldOnline = row.status === 'sold' && row.confirmed_at !== null && row.line_price_minor !== null;
  const at =
    row.status === 'available'
      ? Date.parse(row.listed_at)
      : soldOnline
        ? Number(row.confirmed_at)
        : Date.parse(row.updated_at);
  return {
    id: row.id,
    code: row.code,
    slug: row.slug,
    title: row.title,
    brand: row.brand,
    categoryId: row.category_id,
    condition: row.condition,
    priceMinor: soldOnline ? Number(row.line_price_minor) : row.price_minor,
    status: row.status === 'available' ? 'listed' : 'sold',
    at,
    storeName: row.store_name,
  };
}

/**
 * Owns the region's PriceGuideIndex, as the search index holder owns the search's: built from the
 * database at the first call (or at start, `warm`), then kept current through the catalogue's
 * change feed (`product_changes`: every listing, price change, reservation, sale and withdrawal
 * writes one), reading again only the items named; a wholesale change (a seed, an import, a store
 * change) rebuilds it in the background while the old index keeps answering.
 */
export class PriceGuideHolder {
  private index: PriceGuideIndex | null = null;
  private building: Promise<PriceGuideIndex> | null = null;
  private refreshing: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  private dirty = true;
  private lastCheck = 0;
  private readonly gaps = new ChangeFeedGaps();
  private readonly repository = new PriceGuideRepository();
  private readonly region: Region;

  constructor(
    /** The shop's own context (no viewer). */
    private readonly ctx: Ctx,
    private readonly catalogue: Pick<
      CatalogueService,
      'onChange' | 'latestChangeSeq' | 'changesAfter' | 'listCategories'
    >,
    private readonly now: () => number = Date.now,
  ) {
    this.region = ctx.region;
    catalogue.onChange(() => {
      this.dirty = true;
    });
  }

  /** Starts the first build without waiting for it (at server start). */
  warm(): void {
    void this.current().catch((error: unknown) => console.error('Building the price guide index failed.', error));
  }

  /** The index, brought up to date with the change feed first. */
  async current(): Promise<PriceGuideIndex> {
    if (!this.index) {
      this.building ??= this.build().finally(() => {
        this.building = null;
      });
      this.index ??= await this.building;
      return this.index;
    }
    const now = Date.now();
    if (this.dirty || now - this.lastCheck >= CHECK_INTERVAL_MS) {
      this.refreshing ??= this.followChanges().finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
    return this.index;
  }

  private async build(): Promise<PriceGuideIndex> {
    const seq = await this.catalogue.latestChangeSeq(this.ctx);
    const categories = await this.catalogue.listCategories(this.ctx);
    const index = new PriceGuideIndex(
      categories.map((c) => ({ id: c.id, parentId: c.parent_id, name: c.name, keywords: c.keywords })),
    );
    const since = this.now() - PRICE_GUIDE_SOLD_DAYS * DAY_MS;
    let after = 0;
    for (;;) {
      const rows = await this.repository.itemsAfter(this.ctx, this.region, after, BATCH);
      for (const row of rows) {
        const item = guideItemOf(row);
        // A sale older than the guide looks back is of no use (a rebuild drops those aged out since).
        if (item && (item.status === 'listed' || item.at >= since)) index.upsert(item);
      }
      if (rows.length < BATCH) break;
      after = (rows[rows.length - 1] as PriceGuideItemRow).id;
      await nextTurn();
    }
    index.seq = seq;
    index.stepRatios(this.now());
    this.lastCheck = Date.now();
    this.dirty = false;
    return index;
  }

  private async followChanges(): Promise<void> {
    const index = this.index;
    if (!index) return;
    this.dirty = false;
    this.lastCheck = Date.now();
    const latest = await this.catalogue.latestChangeSeq(this.ctx);
    if (latest === index.seq) return;
    const changes = await this.catalogue.changesAfter(this.ctx, index.seq, REPLAY_LIMIT + 1);
    if (changes.length > REPLAY_LIMIT || changes.some((c) => c.product_id === null)) {
      this.rebuildInBackground();
      // Until the new index is swapped in, the old one still hears of each item's sale or new price.
      await this.apply(index, changes);
      return;
    }
    await this.apply(index, changes);
    const read = this.gaps.safePosition(index.seq, changes);
    index.seq = read.position;
    if (read.waiting) this.dirty = true;
  }

  private async apply(index: PriceGuideIndex, changes: { product_id: number | null }[]): Promise<void> {
    const ids = [...new Set(changes.flatMap((c) => (c.product_id === null ? [] : [c.product_id])))];
    if (ids.length === 0) return;
    const rows = await this.repository.itemsByIds(this.ctx, this.region, ids);
    const seen = new Set<number>();
    for (const row of rows) {
      const item = guideItemOf(row);
      if (!item) continue;
      seen.add(row.id);
      index.upsert(item);
    }
    // Reserved, withdrawn, deleted or of another region: no longer a comparable.
    for (const id of ids) if (!seen.has(id)) index.remove(id);
  }

  private rebuildInBackground(): void {
    if (this.rebuilding) return;
    this.rebuilding = this.build()
      .then((index) => {
        this.index = index;
        this.dirty = true;
      })
      .catch((error: unknown) => {
        console.error('Rebuilding the price guide index failed; the previous index stays in use.', error);
      })
      .finally(() => {
        this.rebuilding = null;
      });
  }

  /** Resolves once a background rebuild, if any, has finished (tests). */
  async settled(): Promise<void> {
    await this.building;
    await this.rebuilding;
  }
}
