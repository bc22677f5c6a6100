import { type CatalogueIndex, Flag, PRICE_BANDS } from './catalogue-index.js';
import type { OrderKey } from './sort-orders.js';
import { topK } from './top-k.js';

/**
 * Runs one search over a CatalogueIndex: text match, then a single pass over the matches that both
 * filters and counts every facet. Facets are disjunctive: a group's counts apply every other
 * group's filters but not its own, so each count is what choosing that value would return.
 */

export type SortKey = 'relevance' | 'listed' | 'price' | 'condition';

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

/** Above this many results to rank, sorting everything beats a heap. */
const HEAP_LIMIT = 5000;

export function runSearch(index: CatalogueIndex, query: EngineQuery): EngineResult {
  const text = query.text.trim();
  const match = text ? index.text.match(text) : null;

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
    requiredFlags === 0;

  const candidates = match ? match.docs : null;
  const candidateCount = candidates ? candidates.length : index.size;
  const within = query.within ?? null;
  const resultDocs = new Int32Array(candidateCount);
  let resultCount = 0;

  for (let i = 0; i < candidateCount; i++) {
    const doc = candidates ? (candidates[i] as number) : i;
    if (alive[doc] === 0 || (within !== null && within[doc] !== 1)) continue;
    const docFlags = flags[doc] as number;
    let fail = 0;
    if (!noFilters) {
      if (hasCategory && categoryAllowed[category[doc] as number] === 0) fail |= G_CATEGORY;
      if (storeMask && storeMask[store[doc] as number] === 0) fail |= G_LOCATION;
      if (brandMask && brandMask[brand[doc] as number] !== 1) fail |= G_BRAND;
      if (conditionMask && conditionMask[condition[doc] as number] !== 1) fail |= G_CONDITION;
      if (delivery !== 0 && (docFlags & delivery) === 0) fail |= G_DELIVERY;
      if (colourMask && colourMask[colour[doc] as number] !== 1) fail |= G_COLOUR;
      if (storageMask && storageMask[storage[doc] as number] !== 1) fail |= G_STORAGE;
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
    }

    if (fail === 0) {
      resultDocs[resultCount++] = doc;
      directCategory[category[doc] as number]++;
      categoryAll++;
      storeCount[store[doc] as number]++;
      brandCount[brand[doc] as number]++;
      conditionCount[condition[doc] as number]++;
      if (docFlags & Flag.Postage) postage++;
      if (docFlags & Flag.Pickup) pickup++;
      const c = colour[doc] as number;
      if (c >= 0) colourCount[c]++;
      const s = storage[doc] as number;
      if (s >= 0) storageCount[s]++;
      bandCount[priceBand[doc] as number]++;
      if (docFlags & Flag.OnSale) onSale++;
      if (docFlags & Flag.HasPictures) pictures++;
      continue;
    }
    // Failing exactly one group: the item counts for that group's other choices only.
    switch (fail) {
      case G_CATEGORY:
        directCategory[category[doc] as number]++;
        categoryAll++;
        break;
      case G_LOCATION:
        storeCount[store[doc] as number]++;
        break;
      case G_BRAND:
        brandCount[brand[doc] as number]++;
        break;
      case G_CONDITION:
        conditionCount[condition[doc] as number]++;
        break;
      case G_DELIVERY:
        if (docFlags & Flag.Postage) postage++;
        if (docFlags & Flag.Pickup) pickup++;
        break;
      case G_COLOUR: {
        const c = colour[doc] as number;
        if (c >= 0) colourCount[c]++;
        break;
      }
      case G_STORAGE: {
        const s = storage[doc] as number;
        if (s >= 0) storageCount[s]++;
        break;
      }
      case G_PRICE:
        bandCount[priceBand[doc] as number]++;
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

  // Roll category counts up the tree: a category counts everything beneath it.
  for (let c = 0; c < index.categories.length; c++) {
    const own = directCategory[c] as number;
    if (own === 0) continue;
    for (const ancestor of index.categories[c]?.lineage ?? []) counts.category[ancestor] += own;
  }

  const wanted = query.offset + query.limit;
  let page: number[];
  const orderKey: OrderKey | null =
    query.sort === 'relevance' ? (match ? null : 'listed-') : `${query.sort}${query.descending ? '-' : '+'}`;
  const order = orderKey && query.offset < results.length ? index.sortOrders.current(orderKey) : null;
  if (query.offset >= results.length) page = [];
  else if (order) page = walkOrder(index, order, results, query.offset, query.limit);
  else {
    const before = comparator(index, query, match?.scores ?? null);
    const ranked =
      wanted <= HEAP_LIMIT
        ? topK(results, wanted, before)
        : Array.from(results).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    page = ranked.slice(query.offset, wanted);
  }
  return {
    total: results.length,
    docs: page,
    counts,
    corrections: match?.corrections ?? [],
  };
}

/** Picks a page of results by walking a precomputed whole-catalogue ordering. */
function walkOrder(
  index: CatalogueIndex,
  order: Int32Array,
  results: Int32Array,
  offset: number,
  limit: number,
): number[] {
  const marks = index.resultMarks;
  for (const doc of results) marks[doc] = 1;
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
