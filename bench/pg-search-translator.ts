/**
 * The search page's URL as PostgreSQL full text over the comparison table (pg-fulltext.ts): the
 * same parameters (parsed by the contract's own schema) meaning what the engine makes of them in
 * search.service.ts toEngineQuery/parseSort. Each filter group is kept apart so that facet counts
 * can be disjunctive: a chosen group is counted under the other groups' filters only.
 */
import { isStateLocation, PageSize, SearchResultsQuerySchema } from '@shop/contract';
import { parseSort } from '../apps/server/src/modules/search/search.service.js';
import { isStopWord } from '../apps/server/src/modules/search/text-analysis.js';

/** The filter groups the engine counts disjunctively (search-engine.ts G_*); flags are always applied. */
export const FACET_GROUPS = [
  'category',
  'location',
  'brand',
  'condition',
  'delivery',
  'colour',
  'storage',
  'price',
] as const;
export type FacetGroupName = (typeof FACET_GROUPS)[number];

export interface CategoryEntry {
  id: number;
  slug: string;
  parentId: number | null;
}

export interface StoreEntry {
  id: number;
  slug: string;
  state: string;
}

export interface Dictionaries {
  categories: CategoryEntry[];
  stores: StoreEntry[];
}

/** Collects positional parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A WHERE condition, written against the statement's parameters. */
export type Condition = (params: Params) => string;

export interface PgSearch {
  /** to_tsquery('english', ...) text, e.g. "iphone & 13 & pro:*"; null without text. */
  tsquery: string | null;
  /** Text was given but held no word (the engine then finds nothing either). */
  matchesNothing: boolean;
  groups: Partial<Record<FacetGroupName, Condition>>;
  /** On sale / has pictures: required of every counted item, as in the engine. */
  flags: Condition | null;
  /** ORDER BY, given a maker of the relevance expression (called only when ranking by it). */
  orderBy: (rank: () => string) => string;
  offset: number;
  limit: number;
}

/** The engine's query words: lower-case, accents off, split on anything but letters and digits. */
export function queryWords(text: string): string[] {
  const all = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  const meaningful = all.filter((w) => !isStopWord(w));
  return meaningful.length > 0 ? meaningful : all;
}

/** Every word required; the last one a prefix, as the engine expands a word still being typed. */
export function toTsquery(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Parses a /c3api/search/results URL (path and query string) into the comparison's SQL pieces. */
export function translateSearchUrl(url: string, dictionaries: Dictionaries): PgSearch {
  const parsedUrl = new URL(url, 'http://bench.invalid');
  const raw: Record<string, string> = {};
  for (const [key, value] of parsedUrl.searchParams) raw[key] = value;
  const parsed = SearchResultsQuerySchema.safeParse(raw);
  if (!parsed.success) throw new Error(`The comparison cannot read ${url}: ${parsed.error.message}`);
  const query = parsed.data;

  const text = (query.query ?? '').trim();
  const words = text ? queryWords(text) : [];
  const groups: Partial<Record<FacetGroupName, Condition>> = {};

  if (query.category && query.category !== 'all') {
    const ids = categorySubtree(dictionaries.categories, query.category);
    groups.category = (p) => `category_id = ANY(${p.add(ids)}::int[])`;
  }
  if (query.location && query.location.length > 0 && !query.location.includes('all')) {
    const ids = new Set<number>();
    for (const value of query.location) {
      for (const store of dictionaries.stores) {
        if (isStateLocation(value) ? store.state === value : store.slug === value) ids.add(store.id);
      }
    }
    groups.location = (p) => `store_id = ANY(${p.add([...ids])}::int[])`;
  }
  if (query.brand && query.brand.length > 0) {
    const slugs = query.brand;
    groups.brand = (p) => `brand_slug = ANY(${p.add(slugs)}::text[])`;
  }
  if (query.condition && query.condition.length > 0) {
    // Anything but 0-5 is a condition no item has, as in the engine.
    const values = query.condition.map((c) => (/^[0-5]$/.test(c) ? Number(c) : -1));
    groups.condition = (p) => `condition = ANY(${p.add(values)}::int[])`;
  }
  if (query.delivery && query.delivery.length > 0) {
    const ways = query.delivery.map((d) => (d === 'postage' ? 'postage' : d === 'pickup' ? 'pickup' : 'false'));
    groups.delivery = () => `(${[...new Set(ways)].join(' OR ')})`;
  }
  if (query.colour && query.colour.length > 0) {
    const slugs = query.colour;
    groups.colour = (p) => `colour_slug = ANY(${p.add(slugs)}::text[])`;
  }
  if (query.storage && query.storage.length > 0) {
    const slugs = query.storage;
    groups.storage = (p) => `storage_slug = ANY(${p.add(slugs)}::text[])`;
  }
  if (query.price && query.price.length > 0) {
    // Terms are whole major units, from inclusive, to exclusive; the engine compares minor units.
    const ranges = query.price.map((term) => {
      const [from, to] = term.split('-');
      return { from: Number(from) * 100, to: to ? Number(to) * 100 : null };
    });
    groups.price = (p) =>
      `(${ranges
        .map((r) =>
          r.to === null
            ? `price_minor >= ${p.add(r.from)}::int`
            : `(price_minor >= ${p.add(r.from)}::int AND price_minor < ${p.add(r.to)}::int)`,
        )
        .join(' OR ')})`;
  }
  const flagTerms = [query.onsale === 'true' ? 'on_sale' : null, query.haspictures === 'true' ? 'has_pictures' : null];
  const flagSql = flagTerms.filter((t) => t !== null).join(' AND ');

  const pageSize = Math.min(query.NumberOfResults, PageSize.searchMax);
  const page = query.page ?? 1;
  const sort = parseSort(query.Sort, text.length > 0);
  // Ties as the engine breaks them: newer first (whole seconds), then the earlier item.
  const newest = 'listed_s DESC, id ASC';
  const direction = sort.descending ? 'DESC' : 'ASC';
  const orderBy = (rank: () => string): string => {
    switch (sort.key) {
      // The comparison asks no searches by distance (PG_KINDS): relevance stands in.
      case 'distance':
      case 'relevance':
        return words.length > 0 ? `${rank()} DESC, ${newest}` : newest;
      case 'listed':
        return sort.descending ? newest : 'listed_s ASC, id DESC';
      case 'price':
        return `price_minor ${direction}, ${newest}`;
      case 'condition':
        return `condition ${direction}, ${newest}`;
    }
  };

  return {
    tsquery: words.length > 0 ? toTsquery(words) : null,
    matchesNothing: text.length > 0 && words.length === 0,
    groups,
    flags: flagSql ? () => flagSql : null,
    orderBy,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  };
}

/** A category and everything beneath it; an unknown slug is a category nothing is in. */
function categorySubtree(categories: CategoryEntry[], slug: string): number[] {
  const root = categories.find((c) => c.slug === slug);
  if (!root) return [];
  const ids = [root.id];
  for (let i = 0; i < ids.length; i++) {
    for (const c of categories) if (c.parentId === ids[i]) ids.push(c.id);
  }
  return ids;
}
