import type { CatalogueIndex } from './catalogue-index.js';
import {
  HeldKeys,
  type Keys,
  mergeAll,
  moveOneByOne,
  moveTogether,
  type Ordering,
  type Scratch,
} from './order-moves.js';

/**
 * Whole-catalogue orderings (newest, price, condition), so that a broad search sorted by one of
 * them walks the ordering and stops after the page instead of ranking every match. Ties are broken
 * exactly like the engine's comparators: newest listing first, then the lower document number.
 *
 * Each ordering is sorted whole once, on first use. After that the index reports every document
 * it writes (`changed`), and a document whose key moved is taken out and put back in its place,
 * found by binary search on the ordering's own comparison (order-moves.ts). Changes are gathered
 * and applied together before the next use (or on the next turn of the event loop): a few move one
 * by one, a batch in one pass of block copies per ordering. Dead documents stay where they are:
 * the engine only walks the members of its results.
 */

export type OrderKey = 'listed-' | 'listed+' | 'price+' | 'price-' | 'condition+' | 'condition-';

/**
 * The orderings the search page's sort options walk (newest first, price both ways, best condition
 * first): made in steps before an index is put to use, since sorting one whole at its first use
 * held the event loop 80-180 ms at a million items (the others, reached only by a hand-written
 * URL, are still made on first use).
 */
export const PAGE_ORDERS: readonly OrderKey[] = ['listed-', 'price+', 'price-', 'condition-'];

/** Packed keys of the whole sort hold a document number in 21 bits. */
const MAX_DOCS = 1 << 21;
const DOC_FACTOR = MAX_DOCS;
/** Keys sorted per run before the runs are merged, when an ordering is made in steps. */
const RUN = 1 << 15;
/**
 * How a batch of pending documents is moved, by its size. Measured at 613,860 documents for all six
 * orderings (scratch runs, 2 shared cores under load): one by one about 0.15 ms a document; found
 * and placed by binary search with one pass of block copies 4-10 ms up to 32 and 10-40 ms up to
 * 512; a merge pass reading every document's keys 80-180 ms whatever the size (a whole sort of the
 * six took about 1 s).
 */
const MOVE_ONE_BY_ONE = 32;
const MOVE_TOGETHER = 1000;

export class SortOrders {
  private readonly built = new Map<OrderKey, Ordering>();
  /**
   * Documents written since the orderings were last brought up to date, each with the keys the
   * orderings still hold it by (null: a new document, in none of them yet). The first write since
   * then is kept: later ones only change where the document must end up.
   */
  private readonly pending = new Map<number, Keys | null>();
  /** Documents the orderings hold (they all hold the same ones once pending changes are applied). */
  private known = 0;
  private newestRank: Int32Array | null = null;
  /** Scratch for HeldKeys: which documents are still held by old keys (all zero between uses). */
  private marks = new Uint8Array(0);
  /** Scratch for moveTogether. */
  private readonly scratch: Scratch = { buffer: new Int32Array(0) };
  private applyLater: NodeJS.Immediate | null = null;
  /** Batch sizes up to which each way of moving is used (tests lower them to reach every way). */
  readonly limits = { oneByOne: MOVE_ONE_BY_ONE, together: MOVE_TOGETHER };
  /** Batches applied each way, and times an ordering was found out of step with its keys and sorted again (a bug). */
  readonly applied = { oneByOne: 0, together: 0, merged: 0, repairs: 0 };
  /** Off means every search ranks with the heap (tests compare the two ways). */
  enabled = true;

  constructor(private readonly index: CatalogueIndex) {}

  /** Whether the ordering for this key has been made (it is kept in place from then on). */
  isMade(key: OrderKey): boolean {
    return this.built.has(key);
  }

  /** The ordering for this key, current with the index (sorted on first use, kept in place after). */
  current(key: OrderKey): Int32Array | null {
    if (this.index.size >= MAX_DOCS) {
      // Past what a whole sort can pack: the engine ranks with its heap from here on, and the kept
      // orderings are let go rather than followed (pending changes would pile up unused).
      this.built.clear();
      this.pending.clear();
      return null;
    }
    if (!this.enabled) return null;
    this.applyPending();
    const entry = this.built.get(key);
    if (entry) return entry.view;
    const order = this.build(key);
    this.built.set(key, { order, length: order.length, view: order });
    this.known = order.length;
    return order;
  }

  /**
   * The index wrote `doc`'s columns; its keys before were `price`, `condition` and `listed` (zeros
   * for a new document). Cheap: the move waits until the orderings are next used.
   */
  changed(doc: number, price: number, condition: number, listed: number): void {
    if (this.built.size === 0 || this.pending.has(doc)) return;
    if (doc >= this.known) this.pending.set(doc, null);
    else {
      const { index } = this;
      if (index.price[doc] === price && index.condition[doc] === condition && index.listed[doc] === listed) return;
      this.pending.set(doc, { price, condition, listed });
    }
    this.newestRank = null;
    if (!this.applyLater) {
      // Applied on the next turn of the event loop, so a burst of writes is moved together and a
      // search that comes later finds the orderings ready.
      this.applyLater = setImmediate(() => {
        this.applyLater = null;
        this.applyPending();
      });
      this.applyLater.unref();
    }
  }

  /** Moves every pending document to its place in every built ordering. */
  private applyPending(): void {
    if (this.pending.size === 0) return;
    const changes = [...this.pending];
    this.pending.clear();
    const held = new Map<number, Keys>();
    for (const [doc, was] of changes) if (was) held.set(doc, was);
    if (this.marks.length < this.index.size)
      this.marks = new Uint8Array(Math.max(this.index.size, this.marks.length * 2));
    const way =
      changes.length <= this.limits.oneByOne
        ? 'oneByOne'
        : changes.length <= this.limits.together
          ? 'together'
          : 'merged';
    this.applied[way]++;
    for (const [key, entry] of this.built) {
      const keys = new HeldKeys(key, this.index, held, this.marks);
      const moved =
        way === 'oneByOne'
          ? moveOneByOne(entry, changes, keys)
          : way === 'together'
            ? moveTogether(entry, changes, keys, this.scratch)
            : mergeAll(entry, changes, keys, this.scratch);
      if (!moved) {
        this.applied.repairs++;
        const order = this.build(key);
        this.built.set(key, { order, length: order.length, view: order });
      }
    }
    this.known = this.index.size;
  }

  /**
   * Makes the ordering for `key` as current() would, in steps of about `budgetMs` with `pause`
   * between them (its sorts in runs, then merged), so that making it for a rebuilt index of a
   * million items does not hold up searches. Kept only if the index did not change meanwhile (the
   * first search then sorts at once, and changes after that are kept in place).
   */
  async prepare(key: OrderKey, pause: () => Promise<void>, budgetMs: number): Promise<void> {
    if (!this.enabled || this.index.size >= MAX_DOCS || this.built.has(key)) return;
    // The orderings already made are brought up to date first: the new one is made from the columns
    // as they are, and must not be handed moves it already reflects.
    this.applyPending();
    const version = this.index.version;
    const making = this.making(key);
    let step = making.next();
    while (!step.done) {
      await sortInSteps(step.value, pause, budgetMs);
      step = making.next();
    }
    if (this.index.version !== version || this.built.has(key)) return;
    const order = step.value;
    this.built.set(key, { order, length: order.length, view: order });
    this.known = order.length;
  }

  /** The whole ordering, sorted from scratch at once (first use; tests compare the kept ones with it). */
  build(key: OrderKey): Int32Array {
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
    if (this.newestRank && this.newestRank.length === this.index.size) return this.newestRank;
    const version = this.index.version;
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
    // Made in steps, the index may have moved on meanwhile: such ranks serve this ordering only.
    if (this.index.version === version) this.newestRank = rank;
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
