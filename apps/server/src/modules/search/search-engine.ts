import { DISTANCE_RADII_KM, greatCircleKm } from '@shop/contract';
import type { CatalogueIndex } from './catalogue-index.js';
import {
  type Bitmap,
  type BuiltBitmaps,
  documentsOf,
  emptyGroupCounts,
  type GroupCounts,
  intersection,
  popcount,
  union,
} from './facet-bitmaps.js';
import { RECORD } from './facet-records.js';
import { Flag, PRICE_BANDS } from './facet-values.js';
import { cachePerIndex } from './result-cache.js';
import { BitmapPool, ScratchInt32 } from './scratch.js';
import type { OrderKey } from './sort-orders.js';
import type { TextMatch } from './text-index.js';
import { topK } from './top-k.js';

/**
 * Runs one search over a CatalogueIndex: text match, then filters and facet counts. Facets are
 * disjunctive: a group's counts apply every other group's filters but not its own, so each count
 * is what choosing that value would return. Two ways to the same answer: with the index's facet
 * bitmaps (filters intersect bitmaps; each chosen group is counted over the items passing every
 * other group, the rest over the results; the whole live catalogue's counts are kept; the bitmaps
 * are kept current on every write), or, for text matching few items and for a digest's `within`,
 * a single pass over the matches that both filters and counts.
 */

export type SortKey = 'relevance' | 'listed' | 'price' | 'condition' | 'distance';

/** A point in degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface PriceRange {
  from: number;
  to: number | null;
}

export interface EngineQuery {
  text: string;
  category: number | null;
  /** Store indexes allowed by the location filter, or null for every location. */
  stores: Set<number> | null;
  brands: Set<number> | null;
  conditions: Set<number> | null;
  /** Flag.Postage and/or Flag.Pickup, or 0 for no delivery filter. */
  delivery: number;
  colours: Set<number> | null;
  storages: Set<number> | null;
  prices: PriceRange[] | null;
  onSale: boolean;
  hasPictures: boolean;
  sort: SortKey;
  descending: boolean;
  offset: number;
  limit: number;
  /** Only these documents may match (1 per allowed doc): a saved search's digest asks about new items only. */
  within?: Uint8Array | null;
  /**
   * Where the shopper is: each store's distance from it is worked out once per search (stores, not
   * items), for the Distance counts, `withinKm` and the distance order. Rounded to 5 decimals
   * (about a metre) before use, so that the kept answers, keyed on the rounded point, hold the
   * distances of exactly that point.
   */
  place?: GeoPoint | null;
  /** Only items whose store is at most this many km from `place` (the exact distance, not the one shown). */
  withinKm?: number | null;
}

export interface FacetCounts {
  /** Per category, including everything below it. */
  category: Int32Array;
  /** Items in any category: the "All" choice. */
  categoryAll: number;
  store: Int32Array;
  brand: Int32Array;
  condition: Int32Array;
  postage: number;
  pickup: number;
  colour: Int32Array;
  storage: Int32Array;
  priceBand: Int32Array;
  onSale: number;
  hasPictures: number;
}

export interface EngineResult {
  total: number;
  docs: number[];
  counts: FacetCounts;
  corrections: string[];
  /** With a place: each store's distance from it in km (exact), by store index. */
  storeKm: Float64Array | null;
  /**
   * With a place: per radius of DISTANCE_RADII_KM, the items whose store lies within it that pass
   * every other filter (disjunctive: `withinKm` itself is not applied).
   */
  distance: Int32Array | null;
}

const G_CATEGORY = 1;
const G_LOCATION = 2;
const G_BRAND = 4;
const G_CONDITION = 8;
const G_DELIVERY = 16;
const G_COLOUR = 32;
const G_STORAGE = 64;
const G_PRICE = 128;
const G_FLAGS = 256;
/** The groups kept in a record's fields (the Distance group is its stores', counted apart). */
const ALL_GROUPS = 511;
const G_DISTANCE = 512;

/** Text matching at least 1 in this many items, with a filter chosen, is filtered and counted with the bitmaps. */
const BROAD_SHARE = 8;

/** Above this many results to rank, sorting everything beats a heap. */
const HEAP_LIMIT = 5000;

/** The items a search found, and its counts, before ranking. */
interface Selection {
  total: number;
  counts: FacetCounts;
  /** The results, ascending. */
  docs(): Int32Array;
  /** Whether a document is a result (for walking a precomputed order). */
  member: Bitmap | null;
  /** docs() may name sold items too (the raw matches of a word): pass over those not alive. */
  mayHoldDead?: boolean;
  /** With `withinKm`, a scan's count per store of the items passing every group but the distance. */
  distanceByStore?: Int32Array;
  /** With `withinKm`, the bitmap way's items passing every group but the distance. */
  passingAllButDistance?: Bitmap;
}

/** How many recent answers each index keeps (a few kB each: the counts of every facet value). */
const ANSWERS_KEPT = 2000;
/** The recent answers of one index, valid while its version stands. */
export const answerCache = cachePerIndex<EngineResult>(ANSWERS_KEPT);

/**
 * The search's answer: kept answers are reused while the index is unchanged (not for a digest's
 * `within`, nor while a test has switched the bitmaps, orders, records or word counts off to
 * compare the ways). The answer is shared: callers read it and never change it.
 */
export function runSearch(index: CatalogueIndex, query: EngineQuery): EngineResult {
  const cacheable =
    !query.within &&
    index.facetBitmaps.enabled &&
    index.sortOrders.enabled &&
    index.facetRecords.enabled &&
    index.wordCounts.enabled;
  if (!cacheable) return computeSearch(index, query);
  const cache = answerCache(index);
  const key = answerKey(query);
  const kept = cache.get(key, index.version);
  if (kept) return kept;
  const answer = computeSearch(index, query);
  cache.set(key, index.version, answer);
  return answer;
}

/** Everything that decides an answer, as one string (choices in a fixed order). */
function answerKey(query: EngineQuery): string {
  const set = (values: Set<number> | null) => (values ? [...values].sort((a, b) => a - b).join(',') : '*');
  return [
    query.text.trim(),
    query.category ?? '*',
    set(query.stores),
    set(query.brands),
    set(query.conditions),
    query.delivery,
    set(query.colours),
    set(query.storages),
    query.prices ? query.prices.map((r) => `${r.from}-${r.to ?? ''}`).join(',') : '*',
    query.onSale ? 1 : 0,
    query.hasPictures ? 1 : 0,
    query.sort,
    query.descending ? 1 : 0,
    query.offset,
    query.limit,
    // The point as the search uses it (rounded), so one place's distances never answer another's.
    query.place ? `${roundDegrees(query.place.latitude)},${roundDegrees(query.place.longitude)}` : '*',
    query.place && query.withinKm != null ? query.withinKm : '*',
  ].join('|');
}

/** Degrees to 5 decimals (about a metre): the point a search measures from, and keys its answer by. */
function roundDegrees(degrees: number): number {
  return Math.round(degrees * 1e5) / 1e5;
}

/** The stores near the place: each store's distance, and which stores `withinKm` keeps. */
interface Near {
  storeKm: Float64Array;
  /** 1 per store within `withinKm`, or null without a radius. */
  withinStores: Uint8Array | null;
}

function nearOf(index: CatalogueIndex, query: EngineQuery): Near | null {
  if (!query.place) return null;
  const latitude = roundDegrees(query.place.latitude);
  const longitude = roundDegrees(query.place.longitude);
  const storeKm = new Float64Array(index.stores.length);
  for (const store of index.stores) {
    storeKm[store.index] = greatCircleKm(latitude, longitude, store.latitude, store.longitude);
  }
  let withinStores: Uint8Array | null = null;
  if (query.withinKm != null) {
    const radius = query.withinKm;
    withinStores = new Uint8Array(Math.max(1, storeKm.length));
    for (let s = 0; s < storeKm.length; s++) withinStores[s] = (storeKm[s] as number) <= radius ? 1 : 0;
  }
  return { storeKm, withinStores };
}

/**
 * A search's working arrays, reused by the next search (scratch.ts): nothing the answer keeps is
 * taken from them (its page is a plain array, its counts arrays of their own).
 */
const searchBitmaps = new BitmapPool();
const scanResults = new ScratchInt32();
const liveMatches = new ScratchInt32();
const bitmapDocs = new ScratchInt32();

function computeSearch(index: CatalogueIndex, query: EngineQuery): EngineResult {
  searchBitmaps.reset();
  const text = query.text.trim();
  const match = text ? index.text.match(text) : null;
  // Bitmaps pay off when a filter can skip items: without text, or when broad text meets a choice.
  // A few matches are quicker to look at one by one than whole-catalogue bitmaps are to combine,
  // and text without a choice is counted over every match either way.
  const near = nearOf(index, query);
  const useBitmaps = !match || (match.docs.length * BROAD_SHARE >= index.size && hasChoice(query, near));
  const bitmaps = useBitmaps && !query.within ? index.facetBitmaps.current() : null;
  const selection = bitmaps
    ? selectWithBitmaps(index, bitmaps, query, match, near)
    : selectByScan(index, query, match, near);

  const wanted = query.offset + query.limit;
  const keep = selection.mayHoldDead ? index.alive : null;
  let page: number[];
  const byDistance = query.sort === 'distance' && near !== null;
  // Distance without a place cannot happen through the page (the contract refuses it): relevance then.
  const sort = query.sort === 'distance' ? 'relevance' : query.sort;
  const orderKey: OrderKey | null =
    sort === 'relevance' ? (match ? null : 'listed-') : `${sort}${query.descending ? '-' : '+'}`;
  const order = !byDistance && orderKey && query.offset < selection.total ? index.sortOrders.current(orderKey) : null;
  if (query.offset >= selection.total) page = [];
  else if (byDistance) page = distancePage(index, bitmaps, query, selection, match, near);
  else if (order) {
    page = selection.member
      ? walkOrderOver(order, selection.member, query.offset, query.limit)
      : walkOrder(index, order, selection.docs(), query.offset, query.limit, keep);
  } else {
    const results = selection.docs();
    const before = comparator(index, query, match?.scores ?? null);
    const ranked =
      wanted <= HEAP_LIMIT
        ? topK(results, wanted, before, query.sort === 'relevance' ? match?.scores : undefined, keep ?? undefined)
        : Array.from(keep ? liveOf(keep, results) : results).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    page = ranked.slice(query.offset, wanted);
  }
  return {
    total: selection.total,
    docs: page,
    counts: selection.counts,
    corrections: match?.corrections ?? [],
    storeKm: near?.storeKm ?? null,
    distance: near ? distanceCounts(bitmaps, query, selection, near) : null,
  };
}

/** Whether the query chooses in any filter group. */
function hasChoice(query: EngineQuery, near: Near | null): boolean {
  return (
    near?.withinStores != null ||
    query.category !== null ||
    query.stores !== null ||
    query.brands !== null ||
    query.conditions !== null ||
    query.delivery !== 0 ||
    query.colours !== null ||
    query.storages !== null ||
    query.prices !== null ||
    query.onSale ||
    query.hasPictures
  );
}

/** One pass over the matches (every item without text) that filters and counts at once. */
function selectByScan(
  index: CatalogueIndex,
  query: EngineQuery,
  match: TextMatch | null,
  near: Near | null,
): Selection {
  const categoryAllowed = new Uint8Array(index.categories.length);
  if (query.category !== null) {
    const stack = [query.category];
    while (stack.length > 0) {
      const c = stack.pop() as number;
      categoryAllowed[c] = 1;
      stack.push(...(index.categories[c]?.children ?? []));
    }
  }
  const toMask = (set: Set<number> | null, size: number): Uint8Array | null => {
    if (!set) return null;
    const mask = new Uint8Array(Math.max(size, 1));
    for (const v of set) if (v >= 0 && v < size) mask[v] = 1;
    return mask;
  };
  const storeMask = toMask(query.stores, index.stores.length);
  const brandMask = toMask(query.brands, index.brands.size);
  const conditionMask = toMask(query.conditions, 6);
  const colourMask = toMask(query.colours, index.colours.size);
  const storageMask = toMask(query.storages, index.storages.size);
  const prices = query.prices?.map((r) => ({ from: r.from * 100, to: r.to === null ? Infinity : r.to * 100 })) ?? null;
  const requiredFlags = (query.onSale ? Flag.OnSale : 0) | (query.hasPictures ? Flag.HasPictures : 0);
  const nearMask = near?.withinStores ?? null;
  // Counted per store (hundreds), turned into the radii's counts after the pass.
  const distanceByStore = nearMask ? new Int32Array(index.stores.length) : null;

  const directCategory = new Int32Array(index.categories.length);
  const counts: FacetCounts = {
    category: new Int32Array(index.categories.length),
    categoryAll: 0,
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
  const { alive, category, store, brand, condition, flags, colour, storage, price, priceBand } = index;
  const hasCategory = query.category !== null;
  const delivery = query.delivery;
  // Counters as locals: this loop runs once per match, up to the whole catalogue.
  const storeCount = counts.store;
  const brandCount = counts.brand;
  const conditionCount = counts.condition;
  const colourCount = counts.colour;
  const storageCount = counts.storage;
  const bandCount = counts.priceBand;
  let postage = 0;
  let pickup = 0;
  let onSale = 0;
  let pictures = 0;
  let categoryAll = 0;
  const noFilters =
    !hasCategory &&
    !storeMask &&
    !brandMask &&
    !conditionMask &&
    delivery === 0 &&
    !colourMask &&
    !storageMask &&
    !prices &&
    requiredFlags === 0 &&
    !nearMask;

  const candidates = match ? match.docs : null;
  const candidateCount = candidates ? candidates.length : index.size;
  const within = query.within ?? null;
  if (noFilters && candidates && within === null) {
    const word = match?.terms ? index.wordCounts.of(match.terms) : null;
    if (word) {
      // The word's kept counts: the matches are ranked as they are, the sold ones passed over there.
      copyWordCounts(word.counts, directCategory, counts);
      counts.categoryAll = word.live;
      rollUpCategories(index, directCategory, counts.category);
      return { total: word.live, counts, docs: () => candidates, member: null, mayHoldDead: true };
    }
    const results = liveOf(alive, candidates);
    const records = index.facetRecords.usable();
    if (records) countRecords(records, results, directCategory, counts);
    else countColumns(index, results, directCategory, counts);
    counts.categoryAll = results.length;
    rollUpCategories(index, directCategory, counts.category);
    return { total: results.length, counts, docs: () => results, member: null };
  }
  const resultDocs = scanResults.take(candidateCount);
  let resultCount = 0;

  // Each item's values read once: from its packed record (one 8-byte read) when the values fit.
  const records = index.facetRecords.usable();
  const { storeMask: sM, brandShift, categoryMask, conditionShift, conditionMask: cM, bandShift, bandMask } = RECORD;
  const { flagsShift, flagsMask, colourShift, colourMask: colM, storageShift } = RECORD;
  for (let i = 0; i < candidateCount; i++) {
    const doc = candidates ? (candidates[i] as number) : i;
    if (alive[doc] === 0 || (within !== null && within[doc] !== 1)) continue;
    let docCategory: number;
    let docStore: number;
    let docBrand: number;
    let docCondition: number;
    let docFlags: number;
    let docColour: number;
    let docStorage: number;
    let docBand: number;
    if (records) {
      const a = records[doc << 1] as number;
      const b = records[(doc << 1) + 1] as number;
      docStore = a & sM;
      docBrand = a >>> brandShift;
      docCategory = b & categoryMask;
      docCondition = (b >>> conditionShift) & cM;
      docBand = (b >>> bandShift) & bandMask;
      docFlags = (b >>> flagsShift) & flagsMask;
      docColour = ((b >>> colourShift) & colM) - 1;
      docStorage = (b >>> storageShift) - 1;
    } else {
      docStore = store[doc] as number;
      docBrand = brand[doc] as number;
      docCategory = category[doc] as number;
      docCondition = condition[doc] as number;
      docBand = priceBand[doc] as number;
      docFlags = flags[doc] as number;
      docColour = colour[doc] as number;
      docStorage = storage[doc] as number;
    }
    let fail = 0;
    if (!noFilters) {
      if (hasCategory && categoryAllowed[docCategory] === 0) fail |= G_CATEGORY;
      if (storeMask && storeMask[docStore] === 0) fail |= G_LOCATION;
      if (brandMask && brandMask[docBrand] !== 1) fail |= G_BRAND;
      if (conditionMask && conditionMask[docCondition] !== 1) fail |= G_CONDITION;
      if (delivery !== 0 && (docFlags & delivery) === 0) fail |= G_DELIVERY;
      if (colourMask && colourMask[docColour] !== 1) fail |= G_COLOUR;
      if (storageMask && storageMask[docStorage] !== 1) fail |= G_STORAGE;
      if (prices) {
        const p = price[doc] as number;
        let inside = false;
        for (const r of prices) {
          if (p >= r.from && p < r.to) {
            inside = true;
            break;
          }
        }
        if (!inside) fail |= G_PRICE;
      }
      if ((docFlags & requiredFlags) !== requiredFlags) fail |= G_FLAGS;
      if (nearMask && nearMask[docStore] === 0) fail |= G_DISTANCE;
    }

    if (fail === 0) {
      resultDocs[resultCount++] = doc;
      directCategory[docCategory]++;
      categoryAll++;
      storeCount[docStore]++;
      brandCount[docBrand]++;
      conditionCount[docCondition]++;
      if (docFlags & Flag.Postage) postage++;
      if (docFlags & Flag.Pickup) pickup++;
      if (docColour >= 0) colourCount[docColour]++;
      if (docStorage >= 0) storageCount[docStorage]++;
      bandCount[docBand]++;
      if (docFlags & Flag.OnSale) onSale++;
      if (docFlags & Flag.HasPictures) pictures++;
      if (distanceByStore) distanceByStore[docStore]++;
      continue;
    }
    // Failing exactly one group: the item counts for that group's other choices only.
    switch (fail) {
      case G_CATEGORY:
        directCategory[docCategory]++;
        categoryAll++;
        break;
      case G_LOCATION:
        storeCount[docStore]++;
        break;
      case G_BRAND:
        brandCount[docBrand]++;
        break;
      case G_CONDITION:
        conditionCount[docCondition]++;
        break;
      case G_DELIVERY:
        if (docFlags & Flag.Postage) postage++;
        if (docFlags & Flag.Pickup) pickup++;
        break;
      case G_COLOUR:
        if (docColour >= 0) colourCount[docColour]++;
        break;
      case G_STORAGE:
        if (docStorage >= 0) storageCount[docStorage]++;
        break;
      case G_PRICE:
        bandCount[docBand]++;
        break;
      case G_DISTANCE:
        if (distanceByStore) distanceByStore[docStore]++;
        break;
      default:
        break;
    }
  }
  counts.postage = postage;
  counts.pickup = pickup;
  counts.onSale = onSale;
  counts.hasPictures = pictures;
  counts.categoryAll = categoryAll;
  const results = resultDocs.subarray(0, resultCount);

  rollUpCategories(index, directCategory, counts.category);
  return {
    total: results.length,
    counts,
    docs: () => results,
    member: null,
    ...(distanceByStore ? { distanceByStore } : {}),
  };
}

// One per column type, so that each loop sees a single kind of array (and stays fast).
function tallyInt32(column: Int32Array, docs: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const value = column[docs[i] as number] as number;
    if (value >= 0) counts[value] = (counts[value] as number) + 1;
  }
}

function tallyInt16(column: Int16Array, docs: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const value = column[docs[i] as number] as number;
    if (value >= 0) counts[value] = (counts[value] as number) + 1;
  }
}

function tallyUint8(column: Uint8Array, docs: Int32Array, counts: Int32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const value = column[docs[i] as number] as number;
    counts[value] = (counts[value] as number) + 1;
  }
}

/** Rolls category counts up the tree: a category counts everything beneath it. */
function rollUpCategories(index: CatalogueIndex, direct: Int32Array, into: Int32Array): void {
  for (let c = 0; c < index.categories.length; c++) {
    const own = direct[c] as number;
    if (own === 0) continue;
    for (const ancestor of index.categories[c]?.lineage ?? []) into[ancestor] = (into[ancestor] as number) + own;
  }
}

/** The live documents among `docs`, in the same order. */
function liveOf(alive: Uint8Array, docs: Int32Array): Int32Array {
  const live = liveMatches.take(docs.length);
  let count = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i] as number;
    if (alive[doc] !== 0) live[count++] = doc;
  }
  return live.subarray(0, count);
}

/**
 * Counts every group's values over `docs` (all of them results), one column at a time: a tight
 * loop per column walks memory in document order, several times faster than touching every
 * column for each document in turn when the results run to tens of thousands.
 */
function countColumns(index: CatalogueIndex, docs: Int32Array, directCategory: Int32Array, into: FacetCounts): void {
  const n = docs.length;
  tallyInt32(index.category, docs, directCategory);
  tallyInt32(index.store, docs, into.store);
  tallyInt32(index.brand, docs, into.brand);
  tallyUint8(index.condition, docs, into.condition);
  tallyInt16(index.colour, docs, into.colour);
  tallyInt16(index.storage, docs, into.storage);
  tallyUint8(index.priceBand, docs, into.priceBand);
  const { flags } = index;
  let postage = 0;
  let pickup = 0;
  let onSale = 0;
  let pictures = 0;
  for (let i = 0; i < n; i++) {
    const f = flags[docs[i] as number] as number;
    postage += (f & Flag.Postage) === 0 ? 0 : 1;
    pickup += (f & Flag.Pickup) === 0 ? 0 : 1;
    onSale += (f & Flag.OnSale) === 0 ? 0 : 1;
    pictures += (f & Flag.HasPictures) === 0 ? 0 : 1;
  }
  into.postage = postage;
  into.pickup = pickup;
  into.onSale = onSale;
  into.hasPictures = pictures;
}

/** A filter group with a choice, as the items passing it. */
interface Chosen {
  group: number;
  pass: Bitmap;
}

/** Filters by intersecting bitmaps; counts each group over the items that pass every other group. */
function selectWithBitmaps(
  index: CatalogueIndex,
  bitmaps: BuiltBitmaps,
  query: EngineQuery,
  match: TextMatch | null,
  near: Near | null,
): Selection {
  const { words } = bitmaps;
  let base = bitmaps.alive;
  if (match) {
    base = searchBitmaps.take(words);
    const { alive } = bitmaps;
    for (const doc of match.docs) {
      const word = doc >>> 5;
      base[word] = (base[word] as number) | ((alive[word] as number) & (1 << (doc & 31)));
    }
  }
  const chosen = chosenGroups(index, bitmaps, query, base, near);
  const results =
    chosen.length === 0
      ? base
      : intersection(
          base,
          chosen.map((c) => c.pass),
          searchBitmaps,
        );
  const total = results === bitmaps.alive ? bitmaps.liveTotal : popcount(results);
  // Over the whole live catalogue (no text, at most one choice), a group's counts are the kept ones.
  const overEverything = (set: Bitmap) => set === bitmaps.alive;

  const grouped = emptyGroupCounts(index);
  const chosenMask = chosen.reduce((mask, c) => mask | c.group, 0);
  const unchosen = ALL_GROUPS & ~chosenMask;
  if (overEverything(results)) copyGroups(bitmaps.liveCounts, unchosen | G_FLAGS, grouped);
  else countGroups(index, results, unchosen | G_FLAGS, grouped);
  let categoryAll = total;
  let passingAllButDistance: Bitmap | undefined;
  for (const c of chosen) {
    if (c.group === G_FLAGS) continue;
    const others = chosen.filter((o) => o !== c).map((o) => o.pass);
    const passingOthers = others.length === 0 ? base : intersection(base, others, searchBitmaps);
    if (c.group === G_DISTANCE) {
      // Counted per radius from the stores' bitmaps afterwards (distanceCounts).
      passingAllButDistance = passingOthers;
      continue;
    }
    if (overEverything(passingOthers)) copyGroups(bitmaps.liveCounts, c.group, grouped);
    else countGroups(index, passingOthers, c.group, grouped);
    if (c.group === G_CATEGORY)
      categoryAll = passingOthers === bitmaps.alive ? bitmaps.liveTotal : popcount(passingOthers);
  }

  const counts: FacetCounts = {
    category: new Int32Array(index.categories.length),
    categoryAll,
    store: grouped.store,
    brand: grouped.brand,
    condition: grouped.condition,
    postage: grouped.postage,
    pickup: grouped.pickup,
    colour: grouped.colour,
    storage: grouped.storage,
    priceBand: grouped.priceBand,
    onSale: grouped.onSale,
    hasPictures: grouped.hasPictures,
  };
  for (let c = 0; c < index.categories.length; c++) {
    const own = grouped.directCategory[c] as number;
    if (own === 0) continue;
    for (const ancestor of index.categories[c]?.lineage ?? []) counts.category[ancestor] += own;
  }
  let docs: Int32Array | null = null;
  return {
    total,
    counts,
    docs: () => {
      docs ??= documentsOf(results, total, bitmapDocs);
      return docs;
    },
    member: results,
    ...(passingAllButDistance ? { passingAllButDistance } : {}),
  };
}

/** The groups the query chooses in, each as the bitmap of items passing it (within `base` for a price scan). */
function chosenGroups(
  index: CatalogueIndex,
  bitmaps: BuiltBitmaps,
  query: EngineQuery,
  base: Bitmap,
  near: Near | null,
): Chosen[] {
  const { words } = bitmaps;
  const chosen: Chosen[] = [];
  // Values outside a dictionary (unknown slugs are -1) add nothing: the group then finds nothing.
  const anyOf = (list: Bitmap[], values: Iterable<number>) =>
    union(
      words,
      [...values].map((v) => (v >= 0 && v < list.length ? list[v] : undefined)),
      searchBitmaps,
    );
  if (query.category !== null) {
    const pass = bitmaps.category[query.category] ?? searchBitmaps.take(words);
    chosen.push({ group: G_CATEGORY, pass });
  }
  if (query.stores) chosen.push({ group: G_LOCATION, pass: anyOf(bitmaps.store, query.stores) });
  if (query.brands) chosen.push({ group: G_BRAND, pass: anyOf(bitmaps.brand, query.brands) });
  if (query.conditions) chosen.push({ group: G_CONDITION, pass: anyOf(bitmaps.condition, query.conditions) });
  if (query.delivery !== 0) {
    const ways = [
      query.delivery & Flag.Postage ? bitmaps.postage : undefined,
      query.delivery & Flag.Pickup ? bitmaps.pickup : undefined,
    ];
    chosen.push({ group: G_DELIVERY, pass: union(words, ways, searchBitmaps) });
  }
  if (query.colours) chosen.push({ group: G_COLOUR, pass: anyOf(bitmaps.colour, query.colours) });
  if (query.storages) chosen.push({ group: G_STORAGE, pass: anyOf(bitmaps.storage, query.storages) });
  if (query.prices) chosen.push({ group: G_PRICE, pass: priceBitmap(index, bitmaps, query.prices, base) });
  if (query.onSale || query.hasPictures) {
    const required = [query.onSale ? bitmaps.onSale : null, query.hasPictures ? bitmaps.hasPictures : null].filter(
      (b): b is Bitmap => b !== null,
    );
    chosen.push({ group: G_FLAGS, pass: intersection(required[0] as Bitmap, required.slice(1), searchBitmaps) });
  }
  const withinStores = near?.withinStores;
  if (withinStores) {
    const stores: number[] = [];
    for (let s = 0; s < withinStores.length; s++) if (withinStores[s] === 1) stores.push(s);
    chosen.push({ group: G_DISTANCE, pass: anyOf(bitmaps.store, stores) });
  }
  return chosen;
}

/**
 * The items in any of the price ranges: a union of the price facet's bands when every range starts
 * and ends on band edges (as the page's own choices do), else a look at each item of `base`.
 */
function priceBitmap(index: CatalogueIndex, bitmaps: BuiltBitmaps, prices: PriceRange[], base: Bitmap): Bitmap {
  const onEdges = prices.every(
    (r) =>
      PRICE_BANDS.some((b) => b.from === r.from) &&
      (r.to === null || r.to <= r.from || PRICE_BANDS.some((b) => b.to === r.to)),
  );
  if (onEdges) {
    const bands = PRICE_BANDS.map((band, i) =>
      prices.some((r) => band.from >= r.from && (r.to === null || (band.to !== null && band.to <= r.to)))
        ? bitmaps.priceBand[i]
        : undefined,
    );
    return union(bitmaps.words, bands, searchBitmaps);
  }
  const ranges = prices.map((r) => ({ from: r.from * 100, to: r.to === null ? Infinity : r.to * 100 }));
  const pass = searchBitmaps.take(bitmaps.words);
  const { price } = index;
  for (let w = 0; w < base.length; w++) {
    let bits = base[w] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const p = price[(w << 5) + 31 - Math.clz32(lowest)] as number;
      if (ranges.some((r) => p >= r.from && p < r.to)) pass[w] = (pass[w] as number) | lowest;
    }
  }
  return pass;
}

/**
 * Counts every group over `docs` (all of them results) from the packed records: one pass, one
 * 8-byte read per result. Flags are counted as combinations (16 of them) and summed after.
 */
function countRecords(records: Uint32Array, docs: Int32Array, directCategory: Int32Array, into: FacetCounts): void {
  const { store, brand, condition, priceBand } = into;
  const colourPlusOne = new Int32Array(RECORD.colourMask + 1);
  const storagePlusOne = new Int32Array(RECORD.storageMask + 1);
  const flagSets = new Int32Array(RECORD.flagsMask + 1);
  const { storeMask, brandShift, categoryMask, conditionShift, conditionMask, bandShift, bandMask } = RECORD;
  const { flagsShift, flagsMask, colourShift, colourMask, storageShift } = RECORD;
  for (let i = 0; i < docs.length; i++) {
    const at = (docs[i] as number) << 1;
    const a = records[at] as number;
    const b = records[at + 1] as number;
    const s = a & storeMask;
    store[s] = (store[s] as number) + 1;
    const br = a >>> brandShift;
    brand[br] = (brand[br] as number) + 1;
    const c = b & categoryMask;
    directCategory[c] = (directCategory[c] as number) + 1;
    const cond = (b >>> conditionShift) & conditionMask;
    condition[cond] = (condition[cond] as number) + 1;
    const band = (b >>> bandShift) & bandMask;
    priceBand[band] = (priceBand[band] as number) + 1;
    const f = (b >>> flagsShift) & flagsMask;
    flagSets[f] = (flagSets[f] as number) + 1;
    const col = (b >>> colourShift) & colourMask;
    colourPlusOne[col] = (colourPlusOne[col] as number) + 1;
    const sto = b >>> storageShift;
    storagePlusOne[sto] = (storagePlusOne[sto] as number) + 1;
  }
  addFlagSets(flagSets, G_DELIVERY | G_FLAGS, into);
  addShifted(colourPlusOne, into.colour);
  addShifted(storagePlusOne, into.storage);
}

/** A frequent word's kept counts, as this search's own (the kept ones change with later writes). */
function copyWordCounts(from: GroupCounts, directCategory: Int32Array, into: FacetCounts): void {
  directCategory.set(from.directCategory);
  into.store.set(from.store);
  into.brand.set(from.brand);
  into.condition.set(from.condition);
  into.colour.set(from.colour);
  into.storage.set(from.storage);
  into.priceBand.set(from.priceBand);
  into.postage = from.postage;
  into.pickup = from.pickup;
  into.onSale = from.onSale;
  into.hasPictures = from.hasPictures;
}

/** Adds the counts of each flag combination to the delivery (G_DELIVERY) and on sale / pictures (G_FLAGS) counts. */
function addFlagSets(
  flagSets: Int32Array,
  groups: number,
  into: { postage: number; pickup: number; onSale: number; hasPictures: number },
): void {
  for (let f = 0; f < flagSets.length; f++) {
    const n = flagSets[f] as number;
    if (n === 0) continue;
    if (groups & G_DELIVERY) {
      if (f & Flag.Postage) into.postage += n;
      if (f & Flag.Pickup) into.pickup += n;
    }
    if (groups & G_FLAGS) {
      if (f & Flag.OnSale) into.onSale += n;
      if (f & Flag.HasPictures) into.hasPictures += n;
    }
  }
}

/** Adds counts kept one place up (0 = no value) to the counts of each value. */
function addShifted(plusOne: Int32Array, into: Int32Array): void {
  for (let v = 0; v < into.length; v++) into[v] = (into[v] as number) + (plusOne[v + 1] as number);
}

/** Adds the values of `groups` (G_FLAGS: on sale and has pictures) of every item in `set`. */
function countGroups(index: CatalogueIndex, set: Bitmap, groups: number, into: GroupCounts): void {
  const records = index.facetRecords.usable();
  if (records) countGroupsByRecords(records, set, groups, into);
  else countGroupsByColumns(index, set, groups, into);
}

/** countGroups from the packed records: one 8-byte read per item. */
function countGroupsByRecords(records: Uint32Array, set: Bitmap, groups: number, into: GroupCounts): void {
  // One group alone (each chosen group over the items passing the others): a loop that reads just its field.
  const single = singleField(groups, into);
  if (single) {
    const { word, shift, mask, counts } = single;
    countField(records, set, word, shift, mask, counts);
    if (groups === G_DELIVERY || groups === G_FLAGS) addFlagSets(counts, groups, into);
    else if (groups === G_COLOUR) addShifted(counts, into.colour);
    else if (groups === G_STORAGE) addShifted(counts, into.storage);
    return;
  }
  const { directCategory, store, brand, condition, priceBand } = into;
  const colourPlusOne = new Int32Array(RECORD.colourMask + 1);
  const storagePlusOne = new Int32Array(RECORD.storageMask + 1);
  const flagSets = new Int32Array(RECORD.flagsMask + 1);
  const { storeMask, brandShift, categoryMask, conditionShift, conditionMask, bandShift, bandMask } = RECORD;
  const { flagsShift, flagsMask, colourShift, colourMask, storageShift } = RECORD;
  const byStore = (groups & G_LOCATION) !== 0;
  const byBrand = (groups & G_BRAND) !== 0;
  const byCategory = (groups & G_CATEGORY) !== 0;
  const byCondition = (groups & G_CONDITION) !== 0;
  const byBand = (groups & G_PRICE) !== 0;
  const byFlags = (groups & (G_DELIVERY | G_FLAGS)) !== 0;
  const byColour = (groups & G_COLOUR) !== 0;
  const byStorage = (groups & G_STORAGE) !== 0;
  for (let w = 0; w < set.length; w++) {
    let bits = set[w] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const at = ((w << 5) + 31 - Math.clz32(lowest)) << 1;
      const a = records[at] as number;
      const b = records[at + 1] as number;
      if (byStore) store[a & storeMask] = (store[a & storeMask] as number) + 1;
      if (byBrand) brand[a >>> brandShift] = (brand[a >>> brandShift] as number) + 1;
      if (byCategory) directCategory[b & categoryMask] = (directCategory[b & categoryMask] as number) + 1;
      if (byCondition) {
        const cond = (b >>> conditionShift) & conditionMask;
        condition[cond] = (condition[cond] as number) + 1;
      }
      if (byBand) {
        const band = (b >>> bandShift) & bandMask;
        priceBand[band] = (priceBand[band] as number) + 1;
      }
      if (byFlags) {
        const f = (b >>> flagsShift) & flagsMask;
        flagSets[f] = (flagSets[f] as number) + 1;
      }
      if (byColour) {
        const col = (b >>> colourShift) & colourMask;
        colourPlusOne[col] = (colourPlusOne[col] as number) + 1;
      }
      if (byStorage) storagePlusOne[b >>> storageShift] = (storagePlusOne[b >>> storageShift] as number) + 1;
    }
  }
  if (byFlags) addFlagSets(flagSets, groups, into);
  if (byColour) addShifted(colourPlusOne, into.colour);
  if (byStorage) addShifted(storagePlusOne, into.storage);
}

/**
 * Where one group's value sits in a record (word, shift, mask), and the counts it goes into by name;
 * colour and storage (kept plus one) and the flags (counted as combinations) go into counts of their own.
 */
const FIELDS: Record<number, { word: 0 | 1; shift: number; mask: number; into: keyof GroupCounts | null }> = {
  [G_LOCATION]: { word: 0, shift: 0, mask: RECORD.storeMask, into: 'store' },
  [G_BRAND]: { word: 0, shift: RECORD.brandShift, mask: 0xffff, into: 'brand' },
  [G_CATEGORY]: { word: 1, shift: 0, mask: RECORD.categoryMask, into: 'directCategory' },
  [G_CONDITION]: { word: 1, shift: RECORD.conditionShift, mask: RECORD.conditionMask, into: 'condition' },
  [G_PRICE]: { word: 1, shift: RECORD.bandShift, mask: RECORD.bandMask, into: 'priceBand' },
  [G_DELIVERY]: { word: 1, shift: RECORD.flagsShift, mask: RECORD.flagsMask, into: null },
  [G_FLAGS]: { word: 1, shift: RECORD.flagsShift, mask: RECORD.flagsMask, into: null },
  [G_COLOUR]: { word: 1, shift: RECORD.colourShift, mask: RECORD.colourMask, into: null },
  [G_STORAGE]: { word: 1, shift: RECORD.storageShift, mask: RECORD.storageMask, into: null },
};

/** A group alone: where its value sits in a record, and what to count it into. */
function singleField(
  groups: number,
  into: GroupCounts,
): { word: 0 | 1; shift: number; mask: number; counts: Int32Array } | null {
  const field = FIELDS[groups];
  if (!field) return null;
  const counts = field.into ? (into[field.into] as Int32Array) : new Int32Array(field.mask + 1);
  return { word: field.word, shift: field.shift, mask: field.mask, counts };
}

/** Adds one field of the record of every item in `set` to `counts` (by the field's value). */
function countField(
  records: Uint32Array,
  set: Bitmap,
  word: 0 | 1,
  shift: number,
  mask: number,
  counts: Int32Array,
): void {
  for (let w = 0; w < set.length; w++) {
    let bits = set[w] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const value = ((records[(((w << 5) + 31 - Math.clz32(lowest)) << 1) + word] as number) >>> shift) & mask;
      counts[value] = (counts[value] as number) + 1;
    }
  }
}

/** countGroups column by column (when some value does not fit the packed records). */
function countGroupsByColumns(index: CatalogueIndex, set: Bitmap, groups: number, into: GroupCounts): void {
  const { category, store, brand, condition, flags, colour, storage, priceBand } = index;
  const { directCategory, store: storeCount, brand: brandCount, condition: conditionCount } = into;
  const { colour: colourCount, storage: storageCount, priceBand: bandCount } = into;
  let postage = 0;
  let pickup = 0;
  let onSale = 0;
  let pictures = 0;
  for (let w = 0; w < set.length; w++) {
    let bits = set[w] as number;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const doc = (w << 5) + 31 - Math.clz32(lowest);
      if (groups & G_CATEGORY) directCategory[category[doc] as number]++;
      if (groups & G_LOCATION) storeCount[store[doc] as number]++;
      if (groups & G_BRAND) brandCount[brand[doc] as number]++;
      if (groups & G_CONDITION) conditionCount[condition[doc] as number]++;
      if (groups & G_COLOUR) {
        const c = colour[doc] as number;
        if (c >= 0) colourCount[c]++;
      }
      if (groups & G_STORAGE) {
        const s = storage[doc] as number;
        if (s >= 0) storageCount[s]++;
      }
      if (groups & G_PRICE) bandCount[priceBand[doc] as number]++;
      const f = flags[doc] as number;
      if (groups & G_DELIVERY) {
        if (f & Flag.Postage) postage++;
        if (f & Flag.Pickup) pickup++;
      }
      if (groups & G_FLAGS) {
        if (f & Flag.OnSale) onSale++;
        if (f & Flag.HasPictures) pictures++;
      }
    }
  }
  into.postage += postage;
  into.pickup += pickup;
  into.onSale += onSale;
  into.hasPictures += pictures;
}

/** Takes the kept counts of the whole live catalogue for `groups`. */
function copyGroups(from: GroupCounts, groups: number, into: GroupCounts): void {
  if (groups & G_CATEGORY) into.directCategory.set(from.directCategory);
  if (groups & G_LOCATION) into.store.set(from.store);
  if (groups & G_BRAND) into.brand.set(from.brand);
  if (groups & G_CONDITION) into.condition.set(from.condition);
  if (groups & G_COLOUR) into.colour.set(from.colour);
  if (groups & G_STORAGE) into.storage.set(from.storage);
  if (groups & G_PRICE) into.priceBand.set(from.priceBand);
  if (groups & G_DELIVERY) {
    into.postage = from.postage;
    into.pickup = from.pickup;
  }
  if (groups & G_FLAGS) {
    into.onSale = from.onSale;
    into.hasPictures = from.hasPictures;
  }
}

/** Picks a page of results by walking a precomputed order, keeping the documents set in `member`. */
function walkOrderOver(order: Int32Array, member: Bitmap, offset: number, limit: number): number[] {
  const page: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && page.length < limit; i++) {
    const doc = order[i] as number;
    if (((member[doc >>> 5] as number) >>> (doc & 31)) & 1) {
      if (seen >= offset) page.push(doc);
      seen++;
    }
  }
  return page;
}

/** Picks a page of results by walking a precomputed whole-catalogue ordering. */
function walkOrder(
  index: CatalogueIndex,
  order: Int32Array,
  results: Int32Array,
  offset: number,
  limit: number,
  /** When given, only results with a non-zero here count (the others are sold). */
  keep: Uint8Array | null = null,
): number[] {
  const marks = index.resultMarks;
  if (keep) for (const doc of results) marks[doc] = keep[doc] === 0 ? 0 : 1;
  else for (const doc of results) marks[doc] = 1;
  const page: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && page.length < limit; i++) {
    const doc = order[i] as number;
    if (marks[doc] === 1) {
      if (seen >= offset) page.push(doc);
      seen++;
    }
  }
  for (const doc of results) marks[doc] = 0;
  return page;
}

/** `before(a, b)`: a ranks ahead of b. Ties fall to the newest listing, then the lower document number. */
function comparator(index: CatalogueIndex, query: EngineQuery, scores: Float32Array | null) {
  const { listed, price, condition } = index;
  const newest = (a: number, b: number) => {
    const la = listed[a] as number;
    const lb = listed[b] as number;
    return la !== lb ? la > lb : a < b;
  };
  const descending = query.descending;
  switch (query.sort) {
    // Within a store (one distance), the distance order is relevance's.
    case 'distance':
    case 'relevance':
      if (!scores) return newest;
      return (a: number, b: number) => {
        const sa = scores[a] as number;
        const sb = scores[b] as number;
        return sa !== sb ? sa > sb : newest(a, b);
      };
    case 'listed':
      return descending ? newest : (a: number, b: number) => newest(b, a);
    case 'price':
      return (a: number, b: number) => {
        const pa = price[a] as number;
        const pb = price[b] as number;
        if (pa !== pb) return descending ? pa > pb : pa < pb;
        return newest(a, b);
      };
    case 'condition':
      return (a: number, b: number) => {
        const ca = condition[a] as number;
        const cb = condition[b] as number;
        if (ca !== cb) return descending ? ca > cb : ca < cb;
        return newest(a, b);
      };
  }
}

/**
 * Each store's count of results: the Location group's counts, which are over the results when no
 * location is chosen, and over the results for the chosen stores when some are (the others hold none).
 */
function resultsPerStore(storeCounts: Int32Array, chosenStores: Set<number> | null): Int32Array {
  if (!chosenStores) return storeCounts;
  const perStore = new Int32Array(storeCounts.length);
  for (const s of chosenStores) if (s >= 0 && s < storeCounts.length) perStore[s] = storeCounts[s] as number;
  return perStore;
}

/**
 * The Distance group's counts: per radius, the items in stores within it that pass every other
 * filter. Worked out per store, never per item: from a scan's per-store counts, from the Location
 * group's counts when no radius is chosen (the results are then exactly the items passing every
 * other filter), or, with a radius chosen on the bitmap way, as the overlap of the items passing
 * every other filter with the union of the stores' bitmaps, growing ring by ring.
 */
function distanceCounts(
  bitmaps: BuiltBitmaps | null,
  query: EngineQuery,
  selection: Selection,
  near: Near,
): Int32Array {
  const { storeKm } = near;
  const counts = new Int32Array(DISTANCE_RADII_KM.length);
  const addPerStore = (perStore: ArrayLike<number>) => {
    for (let s = 0; s < storeKm.length; s++) {
      const n = perStore[s] as number;
      if (n === 0) continue;
      const km = storeKm[s] as number;
      for (let r = 0; r < DISTANCE_RADII_KM.length; r++) if (km <= DISTANCE_RADII_KM[r]) counts[r] += n;
    }
  };
  if (selection.distanceByStore) {
    addPerStore(selection.distanceByStore);
    return counts;
  }
  const passing = selection.passingAllButDistance;
  if (passing && bitmaps) {
    if (passing === bitmaps.alive) {
      addPerStore(bitmaps.liveCounts.store);
      return counts;
    }
    const ring = searchBitmaps.take(bitmaps.words);
    let inRing = 0;
    let previous = 0;
    for (let r = 0; r < DISTANCE_RADII_KM.length; r++) {
      const radius = DISTANCE_RADII_KM[r] as number;
      let added = 0;
      for (let s = 0; s < storeKm.length; s++) {
        const km = storeKm[s] as number;
        const storeBits = bitmaps.store[s];
        if (km > radius || (r > 0 && km <= previous) || !storeBits) continue;
        for (let w = 0; w < ring.length; w++) ring[w] = (ring[w] as number) | (storeBits[w] as number);
        added++;
      }
      inRing += added;
      // No store further out in this ring: the same count as the last radius.
      counts[r] = added === 0 ? (r > 0 ? (counts[r - 1] as number) : 0) : inRing === 0 ? 0 : popcountAnd(ring, passing);
      previous = radius;
    }
    return counts;
  }
  addPerStore(resultsPerStore(selection.counts.store, query.stores));
  return counts;
}

/** How many documents two bitmaps share. */
function popcountAnd(a: Bitmap, b: Bitmap): number {
  let total = 0;
  for (let w = 0; w < a.length; w++) {
    let v = (a[w] as number) & (b[w] as number);
    if (v === 0) continue;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/**
 * A page of the distance order: nearest store first (farthest with `descending`), the items of
 * stores at the same distance by relevance (then newest, then the lower document), so the order is
 * total and pages never overlap or skip. The stores are ordered by their count of results (known
 * from the counts), and only the items of the stores the page reaches into are ranked.
 */
function distancePage(
  index: CatalogueIndex,
  bitmaps: BuiltBitmaps | null,
  query: EngineQuery,
  selection: Selection,
  match: TextMatch | null,
  near: Near,
): number[] {
  const { storeKm } = near;
  const perStore = resultsPerStore(selection.counts.store, query.stores);
  const stores: number[] = [];
  for (let s = 0; s < perStore.length; s++) if ((perStore[s] as number) > 0) stores.push(s);
  const sign = query.descending ? -1 : 1;
  stores.sort((a, b) => sign * ((storeKm[a] as number) - (storeKm[b] as number)) || a - b);

  const wanted = query.offset + query.limit;
  const groups: { stores: number[]; start: number; count: number }[] = [];
  let seen = 0;
  for (let i = 0; i < stores.length && seen < wanted; ) {
    const km = storeKm[stores[i] as number] as number;
    const group = { stores: [] as number[], start: seen, count: 0 };
    while (i < stores.length && storeKm[stores[i] as number] === km) {
      const s = stores[i] as number;
      group.stores.push(s);
      group.count += perStore[s] as number;
      i++;
    }
    if (seen + group.count > query.offset) groups.push(group);
    seen += group.count;
  }
  if (groups.length === 0) return [];

  const docsOf: number[][] = groups.map(() => []);
  const member = selection.member;
  if (member && bitmaps) {
    groups.forEach((group, g) => {
      const into = docsOf[g] as number[];
      for (const s of group.stores) {
        const storeBits = bitmaps.store[s];
        if (!storeBits) continue;
        for (let w = 0; w < storeBits.length; w++) {
          let bits = (storeBits[w] as number) & (member[w] as number);
          while (bits !== 0) {
            const lowest = bits & -bits;
            bits ^= lowest;
            into.push((w << 5) + 31 - Math.clz32(lowest));
          }
        }
      }
    });
  } else {
    const groupOf = new Int32Array(storeKm.length).fill(-1);
    groups.forEach((group, g) => {
      for (const s of group.stores) groupOf[s] = g;
    });
    const keep = selection.mayHoldDead ? index.alive : null;
    const { store } = index;
    for (const doc of selection.docs()) {
      if (keep && keep[doc] === 0) continue;
      const g = groupOf[store[doc] as number] as number;
      if (g >= 0) (docsOf[g] as number[]).push(doc);
    }
  }

  const before = comparator(index, query, match?.scores ?? null);
  const page: number[] = [];
  groups.forEach((group, g) => {
    const docs = docsOf[g] as number[];
    const need = Math.min(docs.length, wanted - group.start);
    const ranked =
      need <= HEAP_LIMIT
        ? topK(docs, need, before, match?.scores)
        : docs.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(0, need);
    for (let i = Math.max(0, query.offset - group.start); i < ranked.length; i++) page.push(ranked[i] as number);
  });
  return page.slice(0, query.limit);
}
