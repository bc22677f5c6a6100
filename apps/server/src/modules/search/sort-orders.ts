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

/** Keys sorted per run before the runs are merged, when an ordering is made in steps. */
const RUN = 1 << 15;

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

  /**
   * Makes the ordering for `key` as current() would, in steps of about `budgetMs` with `pause`
   * between them (its sorts in runs, then merged), so that making it for a rebuilt index of a
   * million items does not hold up searches. Kept only if the index did not change meanwhile.
   */
  async prepare(key: OrderKey, pause: () => Promise<void>, budgetMs: number): Promise<void> {
    if (!this.enabled || this.index.size >= MAX_DOCS) return;
    const version = this.index.version;
    if (this.built.get(key)?.version === version) return;
    const making = this.making(key);
    let step = making.next();
    while (!step.done) {
      await sortInSteps(step.value, pause, budgetMs);
      step = making.next();
    }
    if (this.index.version === version) this.built.set(key, { version, order: step.value });
  }

  /** The ordering for `key`, sorting at once. */
  private build(key: OrderKey): Int32Array {
    const making = this.making(key);
    let step = making.next();
    while (!step.done) {
      step.value.sort();
      step = making.next();
    }
    return step.value;
  }

  /** Position of each document in newest-first order (ties: lower document first). */
  private *newestRanks(): Generator<Float64Array, Int32Array, void> {
    const version = this.index.version;
    if (this.newestRank && this.newestRank.version === version) return this.newestRank.rank;
    const n = this.index.size;
    const keys = new Float64Array(n);
    const { listed } = this.index;
    let newest = 0;
    for (let doc = 0; doc < n; doc++) newest = Math.max(newest, listed[doc] as number);
    for (let doc = 0; doc < n; doc++) keys[doc] = (newest - (listed[doc] as number)) * DOC_FACTOR + doc;
    // The caller sorts the keys (at once, or in steps) before this goes on.
    yield keys;
    const rank = new Int32Array(n);
    for (let i = 0; i < n; i++) rank[(keys[i] as number) % DOC_FACTOR] = i;
    // The version the keys were read at: when made in steps, the index may have moved on since.
    this.newestRank = { version, rank };
    return rank;
  }

  /** The ordering for `key`, handing out each array of keys to be sorted in place before it goes on. */
  private *making(key: OrderKey): Generator<Float64Array, Int32Array, void> {
    const n = this.index.size;
    const rank = yield* this.newestRanks();
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
    yield keys;
    const byRank = new Int32Array(n);
    for (let doc = 0; doc < n; doc++) byRank[rank[doc] as number] = doc;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = byRank[(keys[i] as number) % DOC_FACTOR] as number;
    if (key === 'listed+') order.reverse();
    return order;
  }
}

/**
 * Sorts `keys` in place (ascending, as Float64Array.sort; the keys are distinct whole numbers) in
 * steps of about `budgetMs`: runs of RUN keys sorted one at a time, then merged pairwise.
 */
export async function sortInSteps(keys: Float64Array, pause: () => Promise<void>, budgetMs: number): Promise<void> {
  const n = keys.length;
  let since = performance.now();
  const check = async () => {
    if (performance.now() - since > budgetMs) {
      await pause();
      since = performance.now();
    }
  };
  for (let start = 0; start < n; start += RUN) {
    keys.subarray(start, Math.min(n, start + RUN)).sort();
    await check();
  }
  let from: Float64Array = keys;
  let to: Float64Array = new Float64Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const middle = Math.min(n, start + width);
      const end = Math.min(n, start + 2 * width);
      let i = start;
      let j = middle;
      for (let k = start; k < end; k++) {
        if (j >= end || (i < middle && (from[i] as number) <= (from[j] as number))) to[k] = from[i++] as number;
        else to[k] = from[j++] as number;
        if ((k & 0xffff) === 0) await check();
      }
    }
    [from, to] = [to, from];
  }
  if (from !== keys) keys.set(from);
}
