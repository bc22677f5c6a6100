import { DISTANCE_RADII_KM, greatCircleKm, PageSize, type Region, type SearchResultsQuery } from '@shop/contract';
import { slugify } from '../lib/slug.js';
import { promotionOf, shippingOf } from '../modules/catalogue/catalogue.mapper.js';
import { PRICE_BANDS } from '../modules/search/facet-values.js';
import { editDistanceWithin, isStopWord, queryWords, stem, words } from '../modules/search/text-analysis.js';
import { typoCost } from '../modules/search/typo-cost.js';

/**
 * The search page's answers worked out the slow, plain way, to check the engine against
 * (reference-search.test.ts): no index, no bit masks, no precomputed orders, no heap. Every
 * question is answered by looking at every item: does it match the words, does it pass each filter
 * group, and, for a group's counts, does it pass every group but that one. Only the words' reading
 * (lower-case words, stems, stop words, the typing-slip cost) is shared with the engine, as the
 * definition of the language; which words a query word stands for, how matches are scored and how
 * results are ordered are written out again here from the rules:
 *
 * - Text: every query word (stop words dropped unless that leaves none) must be found in the item's
 *   title, brand, category names, category keywords or colour. The category names are its own
 *   category's, and each one's above it without the words that a category below that one has in
 *   its name ('Laptops & Computers' lends 'computers' to a tablet, not 'laptops'). A word
 *   stands for its own stem; for up to 40 stems of the 80 commonest catalogue words it begins (at
 *   least 3 letters, 2 for the last word; never for a number); and, only when it stands for
 *   nothing else (4 letters or more, not a number), for the known words one slip away (two from
 *   8 letters) whose slip costs at most 1 per slip allowed, cheapest slip first, never a stop word
 *   or a word with other digits: the near misses about as likely as the best, or all of them (up
 *   to 8) when those find nothing.
 *   A query of nothing but punctuation finds nothing; an empty one finds everything.
 * - Relevance: per query word, the item's best field weight for the first of the word's readings it
 *   holds (title 3, brand 2, category names 1, keywords 4, colour 1), times that reading's quality
 *   (own stem 1, a word it begins 0.7, a slip 0.55 per slip) and rarity (ln(1 + items / items with
 *   it)), summed over the words and divided by 0.8 + 0.2 x the item's words / the average item's;
 *   plus 8192 for each query word whose reading (its own stem or a slip, not a word it begins) is
 *   in the item's title, brand or colour: an item holding the words itself ranks above one found
 *   only through its category.
 *   The engine keeps scores in 32-bit floats; so does this, or near ties would order differently.
 * - Filters: an item is a result when it is available and passes every chosen group. Within a
 *   group, choices are alternatives (any may hold); an unknown choice matches nothing; 'all' in
 *   location or category means no choice.
 * - Counts are disjunctive: a group's count for a value is the number of available items matching
 *   the words and every other group's choices (not its own) that have the value. A category counts
 *   everything beneath it. On sale and Has pictures are counted among the results.
 * - Order: relevance (with text), else newest; ties go to the newest listing (whole seconds), then
 *   to the item indexed first: the lower id, as the index reads the catalogue in id order.
 * - Distance (with a place: `near` as 'lat,lng', or a point given): the place is rounded to 5
 *   decimals; an item's distance is its store's great-circle distance from it (exact, not the
 *   one decimal shown). `within` keeps the items whose store is at most that far; the Distance
 *   counts are, per radius, the items passing every other group whose store is within it;
 *   Sort=distance orders by that distance (farthest first with '-'), equal distances by relevance
 *   as above (with text; else newest), then newest, then the lower id.
 */

export interface ReferenceCategory {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  keywords: string;
}

export interface ReferenceStore {
  id: number;
  slug: string;
  state: string;
  pickupDisabled: boolean;
  latitude: number;
  longitude: number;
}

/** An item as the database holds it (any status). */
export interface ReferenceItem {
  id: number;
  title: string;
  brand: string;
  category_id: number;
  condition: number;
  price_minor: number;
  rrp_minor: number;
  promo_method: 'Percentage' | 'Value' | null;
  promo_amount: number | null;
  promo_code: string | null;
  store_id: number;
  image_count: number;
  colour: string | null;
  storage: string | null;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  postable: number;
  /** The least its store's table rates charge for it anywhere; null: it cannot be posted. */
  postage_from_minor: number | null;
  disable_in_store_pickup: number;
  status: string;
  listed_at: string;
}

export interface ReferenceCatalogue {
  region: Region;
  categories: ReferenceCategory[];
  stores: ReferenceStore[];
  items: ReferenceItem[];
}

/** Facet counts keyed as the URL names the values; values counted zero are left out. */
export interface CountsByKey {
  category: Record<string, number>;
  categoryAll: number;
  location: Record<string, number>;
  brand: Record<string, number>;
  condition: Record<string, number>;
  delivery: Record<string, number>;
  colour: Record<string, number>;
  storage: Record<string, number>;
  price: Record<string, number>;
  onsale: number;
  haspictures: number;
  /** With a place only: per radius (km, as the URL's `within`), the items within it passing every other filter. */
  distance?: Record<string, number>;
}

export interface SearchAnswer {
  total: number;
  /** The page's items, in order. */
  productIds: number[];
  counts: CountsByKey;
}

export interface ReferenceOptions {
  /** Only these items may be found (a saved search's digest asks about new items only). */
  within?: ReadonlySet<number>;
  /** Instead of the query's page: this slice of the ordered results. */
  offset?: number;
  limit?: number;
  /** Where `near` is, when it is not a 'lat,lng' (a postcode or suburb the test resolved). */
  place?: { latitude: number; longitude: number };
}

type Group =
  | 'category'
  | 'location'
  | 'brand'
  | 'condition'
  | 'delivery'
  | 'colour'
  | 'storage'
  | 'price'
  | 'flags'
  | 'distance';
const GROUPS: Group[] = [
  'category',
  'location',
  'brand',
  'condition',
  'delivery',
  'colour',
  'storage',
  'price',
  'flags',
  'distance',
];

interface Document {
  item: ReferenceItem;
  store: ReferenceStore;
  /** This item's category and every one above it, as slugs. */
  categoryLineage: string[];
  /** The item's values as the URL names them. */
  brand: string;
  colour: string | null;
  storage: string | null;
  condition: string;
  priceBand: string;
  /** Stem -> the heaviest field it appears in. */
  terms: Map<string, number>;
  /** Stems in the item's own words: title, brand, colour. */
  ownTerms: Set<string>;
  length: number;
  listedSeconds: number;
  onSale: boolean;
  canPost: boolean;
  canPickup: boolean;
}

interface Reading {
  term: string;
  quality: number;
  /** The word as typed or a slip for it; false for a longer word it begins. */
  typed: boolean;
}

interface NearMiss {
  word: string;
  term: string;
  distance: number;
}

interface WordReadings {
  readings: Reading[];
  nearMisses: NearMiss[];
  likely: number;
}

const EXACT = 1;
const PREFIX = 0.7;
const SLIP = 0.55;
const MAX_PREFIX_READINGS = 40;
const MAX_NEAR_MISSES = 8;
const POPULARITY = 0.05;
const AS_LIKELY = 0.3;
const MOST_SLIP_COST = 1;
const OWN_TIER = 8192;

export class ReferenceSearch {
  private readonly documents: Document[] = [];
  /** Every catalogue word: its stem and how many times it was written. */
  private readonly vocabulary = new Map<string, { term: string; written: number }>();
  /** Stem -> how many items hold it. */
  private readonly itemsWithTerm = new Map<string, number>();
  private readonly averageLength: number;

  constructor(catalogue: ReferenceCatalogue) {
    const categories = new Map(catalogue.categories.map((c) => [c.id, c]));
    const stores = new Map(catalogue.stores.map((s) => [s.id, s]));
    const lineageOf = (id: number): ReferenceCategory[] => {
      const lineage: ReferenceCategory[] = [];
      for (let c = categories.get(id); c; c = c.parentId === null ? undefined : categories.get(c.parentId)) {
        lineage.push(c);
      }
      return lineage;
    };
    // Each category's name words, less those a category below it is named by.
    const namedBelow = new Map<number, Set<string>>();
    for (const category of catalogue.categories) {
      for (const above of lineageOf(category.id).slice(1)) {
        const set = namedBelow.get(above.id) ?? new Set<string>();
        for (const word of words(category.name)) set.add(word);
        namedBelow.set(above.id, set);
      }
    }
    const categoryNames = (lineage: ReferenceCategory[]) =>
      lineage.flatMap((c, i) => words(c.name).filter((word) => i === 0 || !namedBelow.get(c.id)?.has(word))).join(' ');
    let totalLength = 0;
    for (const item of [...catalogue.items].sort((a, b) => a.id - b.id)) {
      const store = stores.get(item.store_id);
      const lineage = lineageOf(item.category_id);
      if (!store || lineage.length === 0) continue;
      const fields = [
        { text: item.title, weight: 3, own: true },
        { text: item.brand, weight: 2, own: true },
        { text: categoryNames(lineage), weight: 1, own: false },
        { text: lineage[0]?.keywords ?? '', weight: 4, own: false },
      ];
      if (item.colour) fields.push({ text: item.colour, weight: 1, own: true });
      const terms = new Map<string, number>();
      const ownTerms = new Set<string>();
      let length = 0;
      for (const field of fields) {
        for (const word of words(field.text)) {
          length++;
          const known = this.vocabulary.get(word);
          const term = known?.term ?? stem(word);
          this.vocabulary.set(word, { term, written: (known?.written ?? 0) + 1 });
          terms.set(term, Math.max(terms.get(term) ?? 0, field.weight));
          if (field.own) ownTerms.add(term);
        }
      }
      for (const term of terms.keys()) this.itemsWithTerm.set(term, (this.itemsWithTerm.get(term) ?? 0) + 1);
      totalLength += length;
      const shipping = shippingOf(
        item.postage_from_minor,
        { disableInStorePickup: item.disable_in_store_pickup === 1 },
        store.pickupDisabled,
        catalogue.region,
      );
      this.documents.push({
        item,
        store,
        categoryLineage: lineage.map((c) => c.slug),
        brand: slugify(item.brand),
        colour: item.colour ? slugify(item.colour) : null,
        storage: item.storage ? slugify(item.storage) : null,
        condition: String(item.condition),
        priceBand: priceBandTerm(item.price_minor),
        terms,
        ownTerms,
        length: Math.min(length, 65535),
        listedSeconds: Math.floor(new Date(item.listed_at).getTime() / 1000),
        // What the card shows: a was price above the price, or a promotion badge.
        onSale: item.price_minor < item.rrp_minor || promotionOf(item) !== null,
        canPost: shipping.canPost,
        canPickup: shipping.canPickup,
      });
    }
    this.averageLength = totalLength / this.documents.length || 1;
  }

  /** The catalogue's words (for tests that make up queries). */
  words(): string[] {
    return [...this.vocabulary.keys()];
  }

  search(query: SearchResultsQuery, options: ReferenceOptions = {}): SearchAnswer {
    const text = (query.query ?? '').trim();
    const scores = text ? this.matchText(text) : null;
    const place = placeOf(query, options);
    const kmOf = (doc: Document) =>
      place ? greatCircleKm(place.latitude, place.longitude, doc.store.latitude, doc.store.longitude) : 0;
    const chosenFilters = this.filters(query, place ? kmOf : null);

    const results: Document[] = [];
    const counts: CountsByKey = {
      category: {},
      categoryAll: 0,
      location: {},
      brand: {},
      condition: {},
      delivery: {},
      colour: {},
      storage: {},
      price: {},
      onsale: 0,
      haspictures: 0,
      ...(place ? { distance: {} } : {}),
    };
    const add = (record: Record<string, number>, key: string) => {
      record[key] = (record[key] ?? 0) + 1;
    };
    for (const doc of this.documents) {
      if (doc.item.status !== 'available') continue;
      if (options.within && !options.within.has(doc.item.id)) continue;
      if (scores && !scores.has(doc)) continue;
      let failures = 0;
      let failedGroup: Group | null = null;
      for (const filter of chosenFilters) {
        if (!filter.passes(doc)) {
          failures++;
          failedGroup = filter.group;
        }
      }
      const passesAllBut = (group: Group) => failures === 0 || (failures === 1 && failedGroup === group);
      if (failures === 0) results.push(doc);
      if (passesAllBut('category')) {
        counts.categoryAll++;
        for (const slug of doc.categoryLineage) add(counts.category, slug);
      }
      if (passesAllBut('location')) add(counts.location, doc.store.slug);
      if (passesAllBut('brand')) add(counts.brand, doc.brand);
      if (passesAllBut('condition')) add(counts.condition, doc.condition);
      if (passesAllBut('delivery')) {
        if (doc.canPost) add(counts.delivery, 'postage');
        if (doc.canPickup) add(counts.delivery, 'pickup');
      }
      if (passesAllBut('colour') && doc.colour) add(counts.colour, doc.colour);
      if (passesAllBut('storage') && doc.storage) add(counts.storage, doc.storage);
      if (passesAllBut('price')) add(counts.price, doc.priceBand);
      if (failures === 0 && doc.onSale) counts.onsale++;
      if (failures === 0 && doc.item.image_count > 0) counts.haspictures++;
      if (counts.distance && passesAllBut('distance')) {
        const km = kmOf(doc);
        for (const radius of DISTANCE_RADII_KM) if (km <= radius) add(counts.distance, String(radius));
      }
    }

    results.sort(this.order(query, scores, place ? kmOf : null));
    const pageSize = Math.min(query.NumberOfResults, PageSize.searchMax);
    const offset = options.offset ?? ((query.page ?? 1) - 1) * pageSize;
    const limit = options.limit ?? pageSize;
    return {
      total: results.length,
      productIds: results.slice(offset, offset + limit).map((doc) => doc.item.id),
      counts,
    };
  }

  /** A test per filter group with a choice: does this item pass the group's choices? */
  private filters(
    query: SearchResultsQuery,
    kmOf: ((doc: Document) => number) | null,
  ): { group: Group; passes: (doc: Document) => boolean }[] {
    const within = kmOf && query.within !== undefined ? query.within : null;
    const chosen = (values: string[] | undefined) => (values && values.length > 0 ? new Set(values) : null);
    const category = query.category && query.category !== 'all' ? query.category : null;
    const location = query.location?.includes('all') ? null : chosen(query.location);
    const brands = chosen(query.brand);
    const conditions = chosen(query.condition);
    const delivery = chosen(query.delivery);
    const colours = chosen(query.colour);
    const storages = chosen(query.storage);
    const prices = query.price && query.price.length > 0 ? query.price.map(priceRange) : null;
    const tests: Record<Group, ((doc: Document) => boolean) | null> = {
      category: category === null ? null : (doc) => doc.categoryLineage.includes(category),
      location: location === null ? null : (doc) => location.has(doc.store.slug) || location.has(doc.store.state),
      brand: brands === null ? null : (doc) => brands.has(doc.brand),
      condition: conditions === null ? null : (doc) => conditions.has(doc.condition),
      delivery:
        delivery === null
          ? null
          : (doc) => (delivery.has('postage') && doc.canPost) || (delivery.has('pickup') && doc.canPickup),
      colour: colours === null ? null : (doc) => doc.colour !== null && colours.has(doc.colour),
      storage: storages === null ? null : (doc) => doc.storage !== null && storages.has(doc.storage),
      price:
        prices === null
          ? null
          : (doc) => prices.some((r) => doc.item.price_minor >= r.fromMinor && doc.item.price_minor < r.toMinor),
      flags:
        query.onsale !== 'true' && query.haspictures !== 'true'
          ? null
          : (doc) =>
              (query.onsale !== 'true' || doc.onSale) && (query.haspictures !== 'true' || doc.item.image_count > 0),
      distance: within === null || !kmOf ? null : (doc) => kmOf(doc) <= within,
    };
    return GROUPS.flatMap((group) => {
      const passes = tests[group];
      return passes ? [{ group, passes }] : [];
    });
  }

  /** The results' order: a comparator for Array.prototype.sort. */
  private order(
    query: SearchResultsQuery,
    scores: Map<Document, number> | null,
    kmOf: ((doc: Document) => number) | null,
  ): (a: Document, b: Document) => number {
    const newestFirst = (a: Document, b: Document) => b.listedSeconds - a.listedSeconds || a.item.id - b.item.id;
    const hasText = (query.query ?? '').trim().length > 0;
    const sort = query.Sort ?? (hasText ? 'relevance-' : 'listed-');
    const key = sort.replace(/[+-]$/, '');
    const sign = sort.at(-1);
    const descending = sign === '+' ? false : sign === '-' ? true : key !== 'price';
    const by = (value: (doc: Document) => number) => (a: Document, b: Document) =>
      (descending ? value(b) - value(a) : value(a) - value(b)) || newestFirst(a, b);
    switch (key) {
      case 'relevance':
        // Either direction: best match first. Without text, newest first.
        return scores ? (a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || newestFirst(a, b) : newestFirst;
      case 'listed':
        // Oldest first is newest first read backwards, ties included.
        return descending ? newestFirst : (a, b) => newestFirst(b, a);
      case 'price':
        return by((doc) => doc.item.price_minor);
      case 'condition':
        return by((doc) => doc.item.condition);
      case 'distance': {
        if (!kmOf) throw new Error('Sort=distance needs a place');
        const nearest = sign === '-' ? -1 : 1;
        const relevance = this.order({ ...query, Sort: 'relevance' }, scores, null);
        return (a, b) => nearest * (kmOf(a) - kmOf(b)) || relevance(a, b);
      }
      default:
        throw new Error(`unknown sort ${sort}`);
    }
  }

  /** The available and unavailable items holding every query word, with their relevance scores. */
  private matchText(text: string): Map<Document, number> {
    const queryWordList = queryWords(text);
    if (queryWordList.length === 0 || this.documents.length === 0) return new Map();
    const perWord = queryWordList.map((word, i) => this.readingsOf(word, i === queryWordList.length - 1));
    if (perWord.some((w) => w.readings.length === 0)) return new Map();
    const found = this.itemsHoldingAll(perWord.map((w) => w.readings));
    if (found.size > 0 || !perWord.some((w) => w.nearMisses.length > w.likely)) return found;
    // Nothing holds every word as its likeliest reading: try every near miss of the misspelt words.
    return this.itemsHoldingAll(
      perWord.map((w) =>
        w.nearMisses.length > 0
          ? w.nearMisses.map((m) => ({ term: m.term, quality: SLIP / m.distance, typed: true }))
          : w.readings,
      ),
    );
  }

  private itemsHoldingAll(readingsPerWord: Reading[][]): Map<Document, number> {
    const found = new Map<Document, number>();
    const n = this.documents.length;
    const rarity = (term: string) => Math.log(1 + n / Math.max(1, this.itemsWithTerm.get(term) ?? 0));
    const weighed = readingsPerWord.map((readings) => readings.map((r) => ({ ...r, rarity: rarity(r.term) })));
    for (const doc of this.documents) {
      let score = 0;
      let ownWords = 0;
      let holdsAll = true;
      for (const readings of weighed) {
        // The first reading the item holds counts, as the engine reads them in this order.
        const reading = readings.find((r) => doc.terms.has(r.term));
        if (!reading) {
          holdsAll = false;
          break;
        }
        score = Math.fround(score + (doc.terms.get(reading.term) ?? 0) * reading.rarity * reading.quality);
        if (reading.typed && doc.ownTerms.has(reading.term)) ownWords++;
      }
      if (!holdsAll) continue;
      found.set(doc, Math.fround(ownWords * OWN_TIER + score / (0.8 + 0.2 * (doc.length / this.averageLength))));
    }
    return found;
  }

  /** What a query word stands for: its own stem, the words it begins, or the words it is a slip for. */
  private readingsOf(word: string, isLast: boolean): WordReadings {
    const readings: Reading[] = [];
    const taken = (term: string) => readings.some((r) => r.term === term);
    const exact = stem(word);
    if ([...this.vocabulary.values()].some((v) => v.term === exact)) {
      readings.push({ term: exact, quality: EXACT, typed: true });
    }
    const isNumber = /^\d+$/.test(word);
    if (word.length >= (isLast ? 2 : 3) && !isNumber) {
      const begun = [...this.vocabulary.entries()]
        .filter(([candidate]) => candidate.startsWith(word))
        .sort(([a, va], [b, vb]) => vb.written - va.written || a.localeCompare(b))
        .slice(0, 2 * MAX_PREFIX_READINGS);
      for (const [, { term }] of begun) {
        if (readings.length >= MAX_PREFIX_READINGS) break;
        if (!taken(term)) readings.push({ term, quality: PREFIX, typed: false });
      }
    }
    if (readings.length > 0 || word.length < 4 || isNumber) return { readings, nearMisses: [], likely: 0 };

    const maxSlips = word.length >= 8 ? 2 : 1;
    const digits = word.replace(/\D/g, '');
    const candidates = [...this.vocabulary.entries()]
      .filter(
        ([candidate]) =>
          Math.abs(candidate.length - word.length) <= maxSlips &&
          !isStopWord(candidate) &&
          candidate.replace(/\D/g, '') === digits,
      )
      .map(([candidate, { term, written }]) => ({
        word: candidate,
        term,
        distance: editDistanceWithin(word, candidate, maxSlips),
        cost: typoCost(word, candidate) - POPULARITY * Math.log(Math.max(1, written)),
      }))
      .filter((c) => c.distance <= maxSlips && typoCost(word, c.word) <= maxSlips * MOST_SLIP_COST)
      .sort((a, b) => a.cost - b.cost || a.word.localeCompare(b.word));
    const nearMisses: NearMiss[] = [];
    let likely = 0;
    for (const c of candidates) {
      if (nearMisses.length >= MAX_NEAR_MISSES) break;
      if (nearMisses.some((m) => m.term === c.term)) continue;
      nearMisses.push({ word: c.word, term: c.term, distance: c.distance });
      if (c.cost <= (candidates[0]?.cost ?? 0) + AS_LIKELY) likely++;
    }
    for (const miss of nearMisses.slice(0, likely)) {
      readings.push({ term: miss.term, quality: SLIP / miss.distance, typed: true });
    }
    return { readings, nearMisses, likely };
  }
}

/** The search's place rounded as the engine rounds it: a given point, or `near` written as 'lat,lng'. */
function placeOf(query: SearchResultsQuery, options: ReferenceOptions): { latitude: number; longitude: number } | null {
  let point = options.place ?? null;
  if (!point && query.near) {
    const match = /^(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)$/.exec(query.near.trim());
    if (!match) throw new Error(`the reference reads near only as 'lat,lng' (or a given place): ${query.near}`);
    point = { latitude: Number(match[1]), longitude: Number(match[2]) };
  }
  if (!point) return null;
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  return { latitude: round(point.latitude), longitude: round(point.longitude) };
}

/** A price term of the URL ('100-250', '2500-') as minor units, the upper end excluded. */
function priceRange(term: string): { fromMinor: number; toMinor: number } {
  const [from, to] = term.split('-');
  return { fromMinor: Number(from) * 100, toMinor: to ? Number(to) * 100 : Number.POSITIVE_INFINITY };
}

/** The price facet's band holding a price, as its URL term. */
function priceBandTerm(priceMinor: number): string {
  const band = PRICE_BANDS.find((b) => priceMinor >= b.from * 100 && (b.to === null || priceMinor < b.to * 100));
  return band ? `${band.from}-${band.to ?? ''}` : 'none';
}
