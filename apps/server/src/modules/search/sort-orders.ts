import type { CatalogueIndex } from './catalogue-index.js';

/**
 * Whole-catalogue orderings (newest, price, condition) computed once per index version, so that a
 * broad search sorted by one of them walks the ordering and stops after the page instead of ranking
 * every match. Ties are broken exactly like the engine's comparators: newest listing first, then the
 * lower document number. A stale ordering is rebuilt shortly after changes; until then the engine
 * falls back to its heap, so answers are always right.
 */

export type OrderKey = 'listed-' | 'listed+' | 'price+' | 'price-' | 'condition+' | 'condition-';

const REBUILD_DELAY_MS = 1000;
/** Packed keys hold a document number in 21 bits. */
const MAX_DOCS = 1 << 21;
const DOC_FACTOR = MAX_DOCS;

interface Built {
  version: number;
  order: Int32Array;
}

export class SortOrders {
  private readonly built = new Map<OrderKey, Built>();
  private newestRank: { version: number; rank: Int32Array } | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Off means every search ranks with the heap (tests compare the two ways). */
  enabled = true;

  constructor(private readonly index: CatalogueIndex) {}

  /** The ordering for this key if it is current; otherwise null (and a rebuild is scheduled). */
  current(key: OrderKey): Int32Array | null {
    if (!this.enabled || this.index.size >= MAX_DOCS) return null;
    const entry = this.built.get(key);
    if (entry && entry.version === this.index.version) return entry.order;
    if (!entry) {
      // First use: build now, later changes rebuild in the background.
      const order = this.build(key);
      this.built.set(key, { version: this.index.version, order });
      return order;
    }
    this.scheduleRebuild();
    return null;
  }

  private scheduleRebuild(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      for (const key of [...this.built.keys()]) {
        this.built.set(key, { version: this.index.version, order: this.build(key) });
      }
    }, REBUILD_DELAY_MS);
    this.timer.unref();
  }

  /** Position of each document in newest-first order (ties: lower document first). */
  private newestRanks(): Int32Array {
    if (this.newestRank && this.newestRank.version === this.index.version) return this.newestRank.rank;
    const n = this.index.size;
    const keys = new Float64Array(n);
    const { listed } = this.index;
    let newest = 0;
    for (let doc = 0; doc < n; doc++) newest = Math.max(newest, listed[doc] as number);
    for (let doc = 0; doc < n; doc++) keys[doc] = (newest - (listed[doc] as number)) * DOC_FACTOR + doc;
    keys.sort();
    const rank = new Int32Array(n);
    for (let i = 0; i < n; i++) rank[(keys[i] as number) % DOC_FACTOR] = i;
    this.newestRank = { version: this.index.version, rank };
    return rank;
  }

  private build(key: OrderKey): Int32Array {
    const n = this.index.size;
    const rank = this.newestRanks();
    const keys = new Float64Array(n);
    const { price, condition } = this.index;
    for (let doc = 0; doc < n; doc++) {
      const tie = rank[doc] as number;
      let primary = 0;
      switch (key) {
        case 'price+':
          primary = price[doc] as number;
          break;
        case 'price-':
          primary = 2 ** 31 - 1 - (price[doc] as number);
          break;
        case 'condition+':
          primary = condition[doc] as number;
          break;
        case 'condition-':
          primary = 5 - (condition[doc] as number);
          break;
        default:
          // listed- and listed+: the newest rank alone (oldest first is its exact reverse, ties included).
          primary = 0;
      }
      keys[doc] = primary * DOC_FACTOR + tie;
    }
    keys.sort();
    const byRank = new Int32Array(n);
    for (let doc = 0; doc < n; doc++) byRank[rank[doc] as number] = doc;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = byRank[(keys[i] as number) % DOC_FACTOR] as number;
    if (key === 'listed+') order.reverse();
    return order;
  }
}
