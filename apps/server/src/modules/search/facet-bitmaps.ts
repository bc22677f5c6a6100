import type { CatalogueIndex } from './catalogue-index.js';
import { Flag, PRICE_BANDS } from './facet-values.js';
import { type BitmapSource, freshBitmaps, type ScratchInt32 } from './scratch.js';
import type { FacetCounts } from './search-engine.js';

/**
 * One bitmap per facet value (32 documents to a word), so that a filter is an intersection of a
 * few bitmaps rather than a test of every item, and the counts of a group are taken over the items
 * that pass every other group only. Also keeps the counts of the whole live catalogue (the empty
 * browse), which need no pass at all. Built whole once, on first use; after that the index tells
 * it of every document it writes (`remove` before, `add` after), so it is current at every version
 * and a change costs a few bit flips, not a pass over a million items.
 */

export type Bitmap = Uint32Array;

/**
 * Counts per value of every facet group over a set of items: the engine's FacetCounts, except that
 * categories count their own items only (the engine rolls them up afterwards).
 */
export type GroupCounts = Omit<FacetCounts, 'category' | 'categoryAll'> & {
  /** Per category, its own items only (not rolled up). */
  directCategory: Int32Array;
};

export interface BuiltBitmaps {
  version: number;
  /** Words per bitmap. */
  words: number;
  alive: Bitmap;
  /** Per category: its items and every item below it. */
  category: Bitmap[];
  store: Bitmap[];
  brand: Bitmap[];
  condition: Bitmap[];
  colour: Bitmap[];
  storage: Bitmap[];
  priceBand: Bitmap[];
  postage: Bitmap;
  pickup: Bitmap;
  onSale: Bitmap;
  hasPictures: Bitmap;
  /** Counts over every live item. */
  liveCounts: GroupCounts;
  liveTotal: number;
}

export class FacetBitmaps {
  private built: BuiltBitmaps | null = null;
  /** Off means every search scans (tests compare the two ways). */
  enabled = true;

  constructor(private readonly index: CatalogueIndex) {}

  /** The bitmaps, current with the index (built on first use, kept in place after). */
  current(): BuiltBitmaps | null {
    if (!this.enabled) return null;
    this.built ??= buildBitmaps(this.index);
    // Kept current by remove/add on every write, so this only records what they reflect.
    this.built.version = this.index.version;
    return this.built;
  }

  /**
   * Makes the bitmaps in steps of about `budgetMs` with `pause` between them, so that making them
   * for a rebuilt index of a million items does not hold up searches. Given up if the index
   * changes meanwhile (the first search then makes them at once, and they are kept in place after).
   */
  async prepare(pause: () => Promise<void>, budgetMs: number): Promise<void> {
    if (!this.enabled || this.built) return;
    const version = this.index.version;
    const making = makeBitmaps(this.index);
    let since = performance.now();
    let step = making.next();
    while (!step.done) {
      if (performance.now() - since > budgetMs) {
        await pause();
        if (this.index.version !== version || this.built) return;
        since = performance.now();
      }
      step = making.next();
    }
    this.built = step.value;
  }

  /** Takes a document out, with the values its columns hold now: call before they are overwritten. */
  remove(doc: number): void {
    const built = this.built;
    if (!built || !isSet(built.alive, doc)) return;
    flip(this.index, built, doc, -1);
  }

  /** Puts a document in with the values its columns now hold, if it is live. */
  add(doc: number): void {
    const built = this.built;
    if (!built) return;
    // Grown for every new document, live or not: a text match may name a dead one, and the engine
    // marks matches in a bitmap of `words` words.
    if (doc >= built.words * 32) growBitmaps(built, doc + 1);
    addValues(this.index, built);
    if (this.index.alive[doc] === 0 || isSet(built.alive, doc)) return;
    flip(this.index, built, doc, 1);
  }
}

function isSet(bitmap: Bitmap, doc: number): boolean {
  return (((bitmap[doc >>> 5] as number) >>> (doc & 31)) & 1) === 1;
}

/** Sets (+1) or clears (-1) a live document's bit in every bitmap of its values, and counts it. */
function flip(index: CatalogueIndex, built: BuiltBitmaps, doc: number, sign: 1 | -1): void {
  const word = doc >>> 5;
  const bit = 1 << (doc & 31);
  const put = (bitmap: Bitmap | undefined) => {
    if (!bitmap) return;
    bitmap[word] = sign === 1 ? (bitmap[word] as number) | bit : (bitmap[word] as number) & ~bit;
  };
  const live = built.liveCounts;
  put(built.alive);
  built.liveTotal += sign;
  const c = index.category[doc] as number;
  for (const at of index.categories[c]?.lineage ?? []) put(built.category[at]);
  live.directCategory[c] += sign;
  const s = index.store[doc] as number;
  put(built.store[s]);
  live.store[s] += sign;
  const b = index.brand[doc] as number;
  put(built.brand[b]);
  live.brand[b] += sign;
  const k = index.condition[doc] as number;
  put(built.condition[k]);
  live.condition[k] += sign;
  const col = index.colour[doc] as number;
  if (col >= 0) {
    put(built.colour[col]);
    live.colour[col] += sign;
  }
  const st = index.storage[doc] as number;
  if (st >= 0) {
    put(built.storage[st]);
    live.storage[st] += sign;
  }
  const band = index.priceBand[doc] as number;
  put(built.priceBand[band]);
  live.priceBand[band] += sign;
  const f = index.flags[doc] as number;
  if (f & Flag.Postage) {
    put(built.postage);
    live.postage += sign;
  }
  if (f & Flag.Pickup) {
    put(built.pickup);
    live.pickup += sign;
  }
  if (f & Flag.OnSale) {
    put(built.onSale);
    live.onSale += sign;
  }
  if (f & Flag.HasPictures) {
    put(built.hasPictures);
    live.hasPictures += sign;
  }
}

/**
 * Room for `docs` documents: every bitmap at least doubles, so a stream of new items copies the
 * bitmaps once per doubling of the catalogue rather than on every item.
 */
function growBitmaps(built: BuiltBitmaps, docs: number): void {
  const words = Math.max((docs + 31) >>> 5, built.words * 2);
  const widen = (bitmap: Bitmap) => {
    const next = new Uint32Array(words);
    next.set(bitmap);
    return next;
  };
  const widenAll = (list: Bitmap[]) => list.map(widen);
  built.words = words;
  built.alive = widen(built.alive);
  built.category = widenAll(built.category);
  built.store = widenAll(built.store);
  built.brand = widenAll(built.brand);
  built.condition = widenAll(built.condition);
  built.colour = widenAll(built.colour);
  built.storage = widenAll(built.storage);
  built.priceBand = widenAll(built.priceBand);
  built.postage = widen(built.postage);
  built.pickup = widen(built.pickup);
  built.onSale = widen(built.onSale);
  built.hasPictures = widen(built.hasPictures);
}

/**
 * A bitmap and a zero count for each brand, colour and storage the dictionaries gained. The counts
 * are exactly as long as the dictionaries: the engine copies them into arrays of that length.
 */
function addValues(index: CatalogueIndex, built: BuiltBitmaps): void {
  const extend = (list: Bitmap[], counts: Int32Array, size: number): Int32Array => {
    while (list.length < size) list.push(new Uint32Array(built.words));
    if (counts.length >= size) return counts;
    const longer = new Int32Array(size);
    longer.set(counts);
    return longer;
  };
  const live = built.liveCounts;
  live.brand = extend(built.brand, live.brand, index.brands.size);
  live.colour = extend(built.colour, live.colour, index.colours.size);
  live.storage = extend(built.storage, live.storage, index.storages.size);
}

export function emptyGroupCounts(index: CatalogueIndex): GroupCounts {
  return {
    directCategory: new Int32Array(index.categories.length),
    store: new Int32Array(index.stores.length),
    brand: new Int32Array(index.brands.size),
    condition: new Int32Array(6),
    postage: 0,
    pickup: 0,
    colour: new Int32Array(index.colours.size),
    storage: new Int32Array(index.storages.size),
    priceBand: new Int32Array(PRICE_BANDS.length),
    onSale: 0,
    hasPictures: 0,
  };
}

/** The bitmaps and live counts of the index as it is, from scratch (first use; tests compare with it). */
/** The bitmaps of the index as it is, made at once. */
export function buildBitmaps(index: CatalogueIndex): BuiltBitmaps {
  const making = makeBitmaps(index);
  let step = making.next();
  while (!step.done) step = making.next();
  return step.value;
}

/** Documents set per step when the bitmaps are made in steps. */
const STEP_DOCS = 1 << 15;

/** Makes the bitmaps, pausing (yielding) after every STEP_DOCS documents. */
function* makeBitmaps(index: CatalogueIndex): Generator<void, BuiltBitmaps, void> {
  const n = index.size;
  const words = (n + 31) >>> 5;
  const many = (count: number) => Array.from({ length: count }, () => new Uint32Array(words));
  const built: BuiltBitmaps = {
    version: index.version,
    words,
    alive: new Uint32Array(words),
    category: many(index.categories.length),
    store: many(index.stores.length),
    brand: many(index.brands.size),
    condition: many(6),
    colour: many(index.colours.size),
    storage: many(index.storages.size),
    priceBand: many(PRICE_BANDS.length),
    postage: new Uint32Array(words),
    pickup: new Uint32Array(words),
    onSale: new Uint32Array(words),
    hasPictures: new Uint32Array(words),
    liveCounts: emptyGroupCounts(index),
    liveTotal: 0,
  };
  const { alive, category, store, brand, condition, colour, storage, priceBand, flags } = index;
  const lineages = index.categories.map((c) => c.lineage);
  const live = built.liveCounts;
  for (let doc = 0; doc < n; doc++) {
    if ((doc & (STEP_DOCS - 1)) === STEP_DOCS - 1) yield;
    if (alive[doc] === 0) continue;
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    built.alive[word] |= bit;
    built.liveTotal++;
    const c = category[doc] as number;
    for (const at of lineages[c] ?? []) (built.category[at] as Bitmap)[word] |= bit;
    live.directCategory[c]++;
    const s = store[doc] as number;
    (built.store[s] as Bitmap)[word] |= bit;
    live.store[s]++;
    const b = brand[doc] as number;
    (built.brand[b] as Bitmap)[word] |= bit;
    live.brand[b]++;
    const k = condition[doc] as number;
    (built.condition[k] as Bitmap)[word] |= bit;
    live.condition[k]++;
    const col = colour[doc] as number;
    if (col >= 0) {
      (built.colour[col] as Bitmap)[word] |= bit;
      live.colour[col]++;
    }
    const st = storage[doc] as number;
    if (st >= 0) {
      (built.storage[st] as Bitmap)[word] |= bit;
      live.storage[st]++;
    }
    const band = priceBand[doc] as number;
    (built.priceBand[band] as Bitmap)[word] |= bit;
    live.priceBand[band]++;
    const f = flags[doc] as number;
    if (f & Flag.Postage) {
      built.postage[word] |= bit;
      live.postage++;
    }
    if (f & Flag.Pickup) {
      built.pickup[word] |= bit;
      live.pickup++;
    }
    if (f & Flag.OnSale) {
      built.onSale[word] |= bit;
      live.onSale++;
    }
    if (f & Flag.HasPictures) {
      built.hasPictures[word] |= bit;
      live.hasPictures++;
    }
  }
  return built;
}

/** Number of set bits. */
export function popcount(bitmap: Bitmap): number {
  let total = 0;
  for (let w = 0; w < bitmap.length; w++) {
    let v = bitmap[w] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** The union of some bitmaps (an empty bitmap for none). */
export function union(words: number, bitmaps: (Bitmap | undefined)[], source: BitmapSource = freshBitmaps): Bitmap {
  const out = source.take(words);
  for (const bitmap of bitmaps) {
    if (!bitmap) continue;
    for (let w = 0; w < words; w++) out[w] |= bitmap[w] as number;
  }
  return out;
}

/** The intersection of `base` and some bitmaps, as a new bitmap. */
export function intersection(base: Bitmap, others: Bitmap[], source: BitmapSource = freshBitmaps): Bitmap {
  // Every word is written from base: no need to clear it first.
  const out = source.take(base.length, false);
  out.set(base);
  for (const bitmap of others) {
    for (let w = 0; w < out.length; w++) out[w] &= bitmap[w] as number;
  }
  return out;
}

/** The set documents of a bitmap, ascending. */
export function documentsOf(bitmap: Bitmap, count: number, into?: ScratchInt32): Int32Array {
  const docs = into ? into.take(count) : new Int32Array(count);
  let at = 0;
  for (let w = 0; w < bitmap.length; w++) {
    let bits = bitmap[w] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      docs[at++] = (w << 5) + 31 - Math.clz32(lowest);
      bits ^= lowest;
    }
  }
  return docs;
}
