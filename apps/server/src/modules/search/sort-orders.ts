import type { CatalogueIndex } from './catalogue-index.js';

/**
 * Whole-catalogue orderings (newest, price, condition), so that a broad search sorted by one of
 * them walks the ordering and stops after the page instead of ranking every match. Ties are broken
 * exactly like the engine's comparators: newest listing first, then the lower document number.
 *
 * Each ordering is sorted whole once, on first use. After that the index reports every document
 * it writes (`changed`), and a document whose key moved is taken out and put back in its place,
 * found by binary search on the ordering's own comparison: one `copyWithin` over the stretch
 * between its old and new places. Changes are gathered and applied together before the next use
 * (or on the next turn of the event loop); a large batch is merged in one pass per ordering
 * instead. Dead documents stay where they are: the engine only walks the members of its results.
 */

export type OrderKey = 'listed-' | 'listed+' | 'price+' | 'price-' | 'condition+' | 'condition-';

/** Packed keys of the whole sort hold a document number in 21 bits. */
const MAX_DOCS = 1 << 21;
const DOC_FACTOR = MAX_DOCS;
/**
 * Up to this many pending documents, each is moved by itself (a binary search and a copy of the
 * stretch it crosses); past it, one merge pass over each ordering costs less than that many copies.
 */
const MOVE_ONE_BY_ONE = 32;

/** A document's sort keys as an ordering holds it. */
interface Keys {
  price: number;
  condition: number;
  listed: number;
}

interface Built {
  /** The ordering, with room to insert new documents after `length`. */
  order: Int32Array;
  length: number;
  /** `order` up to `length`: what the engine walks. */
  view: Int32Array;
}

/** How the orderings read a document's keys: the index's columns, or the keys an ordering still holds it by. */
type KeyReader = (doc: number) => Keys | undefined;

export class SortOrders {
  private readonly built = new Map<OrderKey, Built>();
  /**
   * Documents written since the orderings were last brought up to date, each with the keys the
   * orderings still hold it by (null: a new document, in none of them yet). The first write since
   * then is kept: later ones only change where the document must end up.
   */
  private readonly pending = new Map<number, Keys | null>();
  /** Documents the orderings hold (they all hold the same ones once pending changes are applied). */
  private known = 0;
  private newestRank: Int32Array | null = null;
  private applyLater: NodeJS.Immediate | null = null;
  /** Times an ordering was found out of step with its keys and sorted again (never, unless there is a bug). */
  repairs = 0;
  /** Off means every search ranks with the heap (tests compare the two ways). */
  enabled = true;

  constructor(private readonly index: CatalogueIndex) {}

  /** The ordering for this key, current with the index (sorted on first use, kept in place after). */
  current(key: OrderKey): Int32Array | null {
    if (!this.enabled || this.index.size >= MAX_DOCS) return null;
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
    for (const [key, entry] of this.built) {
      const ok =
        changes.length <= MOVE_ONE_BY_ONE ? this.moveEach(key, entry, changes) : this.merge(key, entry, changes);
      if (!ok) {
        this.repairs++;
        const order = this.build(key);
        this.built.set(key, { order, length: order.length, view: order });
      }
    }
    this.known = this.index.size;
  }

  /** Moves the changed documents one at a time; false if a document was not where its old keys put it. */
  private moveEach(key: OrderKey, entry: Built, changes: [number, Keys | null][]): boolean {
    // Until a document is moved, the ordering holds it by its old keys: comparisons must use those.
    const held = new Map<number, Keys>();
    for (const [doc, keys] of changes) if (keys) held.set(doc, keys);
    const before = precedes(key, this.index, (doc) => held.get(doc));
    for (const [doc, keys] of changes) {
      const { order, length } = entry;
      if (keys === null) {
        const at = lowerBound(length, (i) => before(order[i] as number, doc));
        if (length === order.length) entry.order = roomier(order, length);
        entry.order.copyWithin(at + 1, at, length);
        entry.order[at] = doc;
        entry.length = length + 1;
        entry.view = entry.order.subarray(0, entry.length);
        continue;
      }
      const from = lowerBound(length, (i) => before(order[i] as number, doc));
      if (order[from] !== doc) return false;
      held.delete(doc);
      // Its new place among the others, as if it were already taken out.
      const to = lowerBound(length - 1, (i) => before(order[i < from ? i : i + 1] as number, doc));
      if (to > from) order.copyWithin(from, from + 1, to + 1);
      else if (to < from) order.copyWithin(to + 1, to, from);
      order[to] = doc;
    }
    return true;
  }

  /** One pass: the unchanged documents in their order, the changed ones sorted and merged in. */
  private merge(key: OrderKey, entry: Built, changes: [number, Keys | null][]): boolean {
    const before = precedes(key, this.index, () => undefined);
    const moving = Int32Array.from(changes, ([doc]) => doc).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    const isMoving = new Uint8Array(this.index.size);
    for (const doc of moving) isMoving[doc] = 1;
    const { order, length } = entry;
    const added = changes.reduce((n, [, keys]) => n + (keys === null ? 1 : 0), 0);
    const next = new Int32Array(Math.max(order.length, length + added));
    let out = 0;
    let m = 0;
    let left = 0;
    for (let i = 0; i < length; i++) {
      const doc = order[i] as number;
      if (isMoving[doc] === 1) {
        left++;
        continue;
      }
      while (m < moving.length && before(moving[m] as number, doc)) next[out++] = moving[m++] as number;
      next[out++] = doc;
    }
    while (m < moving.length) next[out++] = moving[m++] as number;
    // Every changed document that was in the ordering must have been met once.
    if (left !== changes.length - added) return false;
    entry.order = next;
    entry.length = out;
    entry.view = next.subarray(0, out);
    return true;
  }

  /** Position of each document in newest-first order (ties: lower document first). */
  private newestRanks(): Int32Array {
    if (this.newestRank && this.newestRank.length === this.index.size) return this.newestRank;
    const n = this.index.size;
    const keys = new Float64Array(n);
    const { listed } = this.index;
    let newest = 0;
    for (let doc = 0; doc < n; doc++) newest = Math.max(newest, listed[doc] as number);
    for (let doc = 0; doc < n; doc++) keys[doc] = (newest - (listed[doc] as number)) * DOC_FACTOR + doc;
    keys.sort();
    const rank = new Int32Array(n);
    for (let i = 0; i < n; i++) rank[(keys[i] as number) % DOC_FACTOR] = i;
    this.newestRank = rank;
    return rank;
  }

  /** The whole ordering, sorted from scratch (first use; tests compare the kept ones with it). */
  build(key: OrderKey): Int32Array {
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

/**
 * `before(a, b)`: a comes ahead of b in the ordering `key`, the engine's comparator exactly (ties:
 * newest listing, then lower document; oldest first is the exact reverse). `held` gives the keys
 * a document is still held by, where they differ from the index's columns.
 */
function precedes(key: OrderKey, index: CatalogueIndex, held: KeyReader): (a: number, b: number) => boolean {
  const { price, condition, listed } = index;
  const priceOf = (doc: number) => held(doc)?.price ?? (price[doc] as number);
  const conditionOf = (doc: number) => held(doc)?.condition ?? (condition[doc] as number);
  const listedOf = (doc: number) => held(doc)?.listed ?? (listed[doc] as number);
  const newest = (a: number, b: number) => {
    const la = listedOf(a);
    const lb = listedOf(b);
    return la !== lb ? la > lb : a < b;
  };
  switch (key) {
    case 'listed-':
      return newest;
    case 'listed+':
      return (a, b) => newest(b, a);
    case 'price+':
    case 'price-': {
      const descending = key === 'price-';
      return (a, b) => {
        const pa = priceOf(a);
        const pb = priceOf(b);
        if (pa !== pb) return descending ? pa > pb : pa < pb;
        return newest(a, b);
      };
    }
    case 'condition+':
    case 'condition-': {
      const descending = key === 'condition-';
      return (a, b) => {
        const ca = conditionOf(a);
        const cb = conditionOf(b);
        if (ca !== cb) return descending ? ca > cb : ca < cb;
        return newest(a, b);
      };
    }
  }
}

/** The first position in [0, length) where `isBefore` turns false (it holds for a prefix). */
function lowerBound(length: number, isBefore: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The ordering with room for more: an eighth more (at least 1,024), so new items copy it now and
 * then rather than on every insert, without doubling six orderings of a million items.
 */
function roomier(order: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length + Math.max(1024, length >>> 3));
  next.set(order.subarray(0, length));
  return next;
}
