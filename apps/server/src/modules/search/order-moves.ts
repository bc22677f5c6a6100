import type { CatalogueIndex } from './catalogue-index.js';
import type { OrderKey } from './sort-orders.js';

/**
 * Moving changed documents to their new places in a kept ordering (sort-orders.ts), without
 * sorting it again. An ordering holds each document by the keys it had when it was last placed;
 * a changed document is found by binary search on those old keys and put back by binary search on
 * its new ones, with the ordering's own comparison (the engine's comparator exactly).
 */

/** A document's sort keys as an ordering holds it. */
export interface Keys {
  price: number;
  condition: number;
  listed: number;
}

/** One ordering, with room to insert new documents after `length`. */
export interface Ordering {
  order: Int32Array;
  length: number;
  /** `order` up to `length`: what the engine walks. */
  view: Int32Array;
}

/** A buffer reused between batches. */
export interface Scratch {
  buffer: Int32Array;
}

/** A changed document and the keys the orderings still hold it by (null: new, in none of them yet). */
export type Change = [doc: number, was: Keys | null];

/**
 * Whether the item with primary key `pa`, listing time `la` and document `a` comes ahead of `b` in
 * ordering `key`: the primary key (price, condition; none for newest), then the newest listing,
 * then the lower document. Oldest first is the exact reverse of newest first, ties included.
 */
export function ahead(key: OrderKey, pa: number, la: number, a: number, pb: number, lb: number, b: number): boolean {
  if (pa !== pb) return key === 'price-' || key === 'condition-' ? pa > pb : pa < pb;
  if (la !== lb) return key === 'listed+' ? la < lb : la > lb;
  return key === 'listed+' ? a > b : a < b;
}

/**
 * The keys of documents as an ordering holds them: the index's columns, except for the documents
 * marked in `marks` (those still pending), whose old keys are in `held`.
 */
export class HeldKeys {
  /** The index's column of the primary key (null for newest/oldest first). */
  readonly primaryColumn: ArrayLike<number> | null;
  private readonly field: 'price' | 'condition';

  constructor(
    readonly key: OrderKey,
    private readonly index: CatalogueIndex,
    private readonly held: Map<number, Keys>,
    /** 1 for each document still held by its old keys; a Uint8Array as long as the index, cleared after. */
    readonly marks: Uint8Array,
  ) {
    this.field = key.startsWith('price') ? 'price' : 'condition';
    this.primaryColumn = key.startsWith('price') ? index.price : key.startsWith('condition') ? index.condition : null;
  }

  primary(doc: number): number {
    if (!this.primaryColumn) return 0;
    if (this.marks[doc] === 1) return (this.held.get(doc) as Keys)[this.field];
    return this.primaryColumn[doc] as number;
  }

  listed(doc: number): number {
    if (this.marks[doc] === 1) return (this.held.get(doc) as Keys).listed;
    return this.index.listed[doc] as number;
  }

  /** The primary key a document has now (after its write). */
  primaryNow(doc: number): number {
    return this.primaryColumn ? (this.primaryColumn[doc] as number) : 0;
  }

  /** The listing time a document has now (after its write). */
  listedNow(doc: number): number {
    return this.index.listed[doc] as number;
  }

  get listedColumn(): Float64Array {
    return this.index.listed;
  }

  /**
   * How many of `order[0..length)` (skipping position `skip`, -1 for none) come ahead of a
   * document `doc` with keys `p`, `l`.
   */
  placeOf(order: Int32Array, length: number, skip: number, doc: number, p: number, l: number): number {
    let lo = 0;
    let hi = skip >= 0 ? length - 1 : length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = order[skip >= 0 && mid >= skip ? mid + 1 : mid] as number;
      if (ahead(this.key, this.primary(e), this.listed(e), e, p, l, doc)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Moves the changed documents one at a time, each with one copyWithin over the stretch between its
 * old and new places (cheap when few changed). False if a document was not where its old keys say.
 */
export function moveOneByOne(entry: Ordering, changes: Change[], keys: HeldKeys): boolean {
  for (const [doc, was] of changes) if (was) keys.marks[doc] = 1;
  try {
    for (const [doc, was] of changes) {
      const { order, length } = entry;
      if (was === null) {
        const at = keys.placeOf(order, length, -1, doc, keys.primaryNow(doc), keys.listedNow(doc));
        if (length === order.length) entry.order = roomier(order, length);
        entry.order.copyWithin(at + 1, at, length);
        entry.order[at] = doc;
        entry.length = length + 1;
        entry.view = entry.order.subarray(0, entry.length);
        continue;
      }
      const from = keys.placeOf(order, length, -1, doc, keys.primary(doc), keys.listed(doc));
      if (order[from] !== doc) return false;
      // From here the document stands by its new keys.
      keys.marks[doc] = 0;
      const to = keys.placeOf(order, length, from, doc, keys.primary(doc), keys.listed(doc));
      if (to > from) order.copyWithin(from, from + 1, to + 1);
      else if (to < from) order.copyWithin(to + 1, to, from);
      order[to] = doc;
    }
    return true;
  } finally {
    for (const [doc] of changes) keys.marks[doc] = 0;
  }
}

/**
 * Moves many changed documents at once: each one's old place and new place by binary search, then
 * one pass of block copies (the unchanged runs between them) into a new array. Costs a copy of the
 * ordering plus two binary searches per change, never a look at every document's keys.
 */
export function moveTogether(entry: Ordering, changes: Change[], keys: HeldKeys, scratch: Scratch): boolean {
  const { order, length } = entry;
  for (const [doc, was] of changes) if (was) keys.marks[doc] = 1;
  // Old places, and for each change how many documents of the ordering (as it stands) come ahead of its new keys.
  const leaving: number[] = [];
  const places: { doc: number; place: number; p: number; l: number }[] = [];
  try {
    for (const [doc, was] of changes) {
      if (was) {
        const from = keys.placeOf(order, length, -1, doc, keys.primary(doc), keys.listed(doc));
        if (order[from] !== doc) return false;
        leaving.push(from);
      }
    }
    for (const [doc] of changes) {
      const p = keys.primaryNow(doc);
      const l = keys.listedNow(doc);
      places.push({ doc, place: keys.placeOf(order, length, -1, doc, p, l), p, l });
    }
  } finally {
    for (const [doc] of changes) keys.marks[doc] = 0;
  }
  leaving.sort((a, b) => a - b);
  // A change's place among the documents that stay: its place less the leaving ones ahead of it.
  const staying = places.map((c) => ({ ...c, place: c.place - countBelow(leaving, c.place) }));
  staying.sort((a, b) => a.place - b.place || (ahead(keys.key, a.p, a.l, a.doc, b.p, b.l, b.doc) ? -1 : 1));
  // The documents that stay, in order: the ordering with the leaving ones cut out, into scratch
  // (reused: allocating two arrays of a million items per batch brings on garbage collections).
  const keptLength = length - leaving.length;
  if (scratch.buffer.length < keptLength) scratch.buffer = new Int32Array(Math.max(keptLength, order.length));
  const kept = scratch.buffer;
  let out = 0;
  let start = 0;
  for (const at of leaving) {
    kept.set(order.subarray(start, at), out);
    out += at - start;
    start = at + 1;
  }
  kept.set(order.subarray(start, length), out);
  // Then back into the ordering, the changed documents in their new places.
  const total = keptLength + staying.length;
  const next = total > order.length ? roomier(order, total) : order;
  let written = 0;
  let taken = 0;
  for (const change of staying) {
    next.set(kept.subarray(taken, change.place), written);
    written += change.place - taken;
    taken = change.place;
    next[written++] = change.doc;
  }
  next.set(kept.subarray(taken, keptLength), written);
  written += keptLength - taken;
  entry.order = next;
  entry.length = written;
  entry.view = next.subarray(0, written);
  return true;
}

/**
 * Moves a large batch in one pass over the ordering: the unchanged documents in their order, the
 * changed ones sorted by their new keys and merged in. Reads every document's keys (memory that
 * the ordering visits in no particular order), so it pays only past a few hundred changes, where
 * two binary searches per change cost more.
 */
export function mergeAll(entry: Ordering, changes: Change[], keys: HeldKeys, scratch: Scratch): boolean {
  const { order, length } = entry;
  const { key, marks, primaryColumn: primary } = keys;
  const listed = keys.listedColumn;
  const moving = Int32Array.from(changes, ([doc]) => doc).sort((a, b) =>
    ahead(key, keys.primaryNow(a), listed[a] as number, a, keys.primaryNow(b), listed[b] as number, b) ? -1 : 1,
  );
  const added = changes.reduce((n, [, was]) => n + (was === null ? 1 : 0), 0);
  if (scratch.buffer.length < Math.max(order.length, length + added))
    scratch.buffer = new Int32Array(Math.max(order.length, length + added));
  const next = scratch.buffer;
  for (const doc of moving) marks[doc] = 1;
  // The comparison written out in the loop rather than called: it runs once per document.
  const descending = key === 'price-' || key === 'condition-';
  const oldestFirst = key === 'listed+';
  let out = 0;
  let m = 0;
  let left = 0;
  let x = moving.length > 0 ? (moving[0] as number) : -1;
  let px = x >= 0 && primary ? (primary[x] as number) : 0;
  let lx = x >= 0 ? (listed[x] as number) : 0;
  for (let i = 0; i < length; i++) {
    const doc = order[i] as number;
    if (marks[doc] === 1) {
      left++;
      continue;
    }
    const pd = primary ? (primary[doc] as number) : 0;
    const ld = listed[doc] as number;
    while (x >= 0) {
      let first: boolean;
      if (px !== pd) first = descending ? px > pd : px < pd;
      else if (lx !== ld) first = oldestFirst ? lx < ld : lx > ld;
      else first = oldestFirst ? x > doc : x < doc;
      if (!first) break;
      next[out++] = x;
      m++;
      x = m < moving.length ? (moving[m] as number) : -1;
      if (x >= 0) {
        px = primary ? (primary[x] as number) : 0;
        lx = listed[x] as number;
      }
    }
    next[out++] = doc;
  }
  while (m < moving.length) next[out++] = moving[m++] as number;
  for (const doc of moving) marks[doc] = 0;
  // Every changed document that was in the ordering must have been met once.
  if (left !== changes.length - added) return false;
  // The two buffers trade places: the old ordering is the next batch's scratch.
  scratch.buffer = order;
  entry.order = next;
  entry.length = out;
  entry.view = next.subarray(0, out);
  return true;
}

/** How many of the ascending `sorted` are below `value`. */
function countBelow(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
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
  next.set(order.subarray(0, Math.min(length, order.length)));
  return next;
}
