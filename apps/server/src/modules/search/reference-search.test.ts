import { type Region, SearchResultsQuerySchema, statesOf } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { slugify } from '../../lib/slug.js';
import { Random } from '../../seed/random.js';
import { seedCatalogue } from '../../seed/seed.js';
import { countsByKey, readReferenceCatalogue } from '../../test/reference-catalogue.js';
import {
  type CountsByKey,
  type ReferenceCatalogue,
  type ReferenceItem,
  ReferenceSearch,
  type SearchAnswer,
} from '../../test/reference-search.js';
import { type TestDatabase, testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { ContentService } from '../content/content.service.js';
import { StoresService } from '../stores/stores.service.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { PRICE_BANDS } from './facet-values.js';
import { SearchService, searchPageQuery } from './search.service.js';
import { runSearch } from './search-engine.js';
import { SearchIndexHolder } from './search-index.holder.js';

/**
 * The engine against a plain reference (reference-search.ts): a demo catalogue, a few thousand
 * random search-page queries (words from the catalogue, some misspelt or cut short; random filter
 * choices, sorts, page sizes and pages, deep ones too) and, for each, the page's items in order,
 * the total and every facet count must be the reference's. Any faster engine must keep this
 * passing: it says "the same answers as before" for queries nobody wrote by hand.
 *
 * Left out on purpose: a filter key with no value ('condition=', 'price='). The engine finds
 * nothing for those two while 'brand=' and the others mean no choice, as the reference reads all
 * of them; the page never writes an empty key, and which is right is left open.
 */

const PRODUCTS = 6000;
const CATALOGUE_SEED = 20261126;
const QUERIES_PER_REGION = 1500;
const DIGESTS_PER_REGION = 150;

describe.each(testDatabaseTargets())('the search engine against a plain reference, on $name', (target) => {
  const regions = new Map<
    Region,
    { index: CatalogueIndex; reference: ReferenceSearch; service: SearchService; catalogue: ReferenceCatalogue }
  >();
  const { database } = useTestShop(target, {
    seed: async (database) => {
      await seedCatalogue(database.handle, { products: PRODUCTS, seed: CATALOGUE_SEED });
      await listSomeInBulk(database);
    },
    server: false,
  });

  beforeAll(async () => {
    for (const region of ['AU', 'UK'] as const) {
      const ctx = systemContext(database.handle, region);
      const stores = new StoresService();
      const catalogueService = new CatalogueService(stores, async () => undefined);
      const holder = new SearchIndexHolder(ctx, catalogueService, stores);
      const catalogue = await readReferenceCatalogue(database, region);
      regions.set(region, {
        index: await holder.current(),
        reference: new ReferenceSearch(catalogue),
        service: new SearchService(region, holder, catalogueService, new ContentService()),
        catalogue,
      });
    }
  }, 120_000);

  it.each(['AU', 'UK'] as const)(
    'gives the reference’s items, totals and facet counts for %s random search-page queries',
    (region) => {
      const { index, reference, catalogue } = regions.get(region) ?? fail();
      const random = new Random(region === 'AU' ? 1 : 2);
      const queryMaker = new QueryMaker(catalogue, reference.words(), random);
      const seen = {
        withResults: 0,
        withText: 0,
        textHits: 0,
        beyondFirstPage: 0,
        heap: 0,
        near: 0,
        withinFinding: 0,
        byDistance: 0,
      };
      let first: { url: string; engine: SearchAnswer; reference: SearchAnswer } | null = null;
      let mismatches = 0;
      for (let i = 0; i < QUERIES_PER_REGION; i++) {
        const url = queryMaker.next();
        const query = SearchResultsQuerySchema.parse(Object.fromEntries(new URLSearchParams(url)));
        // Every third query ranks with the heap instead of the precomputed orders, every fourth
        // filters and counts by scanning instead of with the facet bitmaps: all ways must agree.
        index.sortOrders.enabled = i % 3 !== 0;
        index.facetBitmaps.enabled = i % 4 !== 1;
        const { engineQuery } = searchPageQuery(index, query, pointOf(query.near));
        const result = runSearch(index, engineQuery);
        const engine: SearchAnswer = {
          total: result.total,
          productIds: result.docs.map((doc) => index.productId[doc] as number),
          counts: countsByKey(index, result.counts, result.distance),
        };
        const expected = reference.search(query);
        if (!sameAnswer(engine, expected)) {
          mismatches++;
          first ??= { url, engine, reference: expected };
        }
        if (expected.total > 0) seen.withResults++;
        if (query.query) seen.withText++;
        if (query.query && expected.total > 0) seen.textHits++;
        if (engineQuery.offset > 0 && expected.productIds.length > 0) seen.beyondFirstPage++;
        if (!index.sortOrders.enabled) seen.heap++;
        if (query.near) seen.near++;
        if (query.within !== undefined && expected.total > 0) seen.withinFinding++;
        if (query.Sort?.startsWith('distance') && expected.productIds.length > 1) seen.byDistance++;
      }
      index.sortOrders.enabled = true;
      index.facetBitmaps.enabled = true;
      if (first)
        expect(first.engine, `${mismatches} of ${QUERIES_PER_REGION} differ; first: ${first.url}`).toEqual(
          first.reference,
        );
      // The queries reach what they are meant to: results, text that finds things, later pages.
      expect(seen.withResults).toBeGreaterThan(QUERIES_PER_REGION * 0.4);
      expect(seen.textHits).toBeGreaterThan(seen.withText * 0.3);
      expect(seen.beyondFirstPage).toBeGreaterThan(QUERIES_PER_REGION * 0.05);
      expect(seen.near).toBeGreaterThan(QUERIES_PER_REGION * 0.15);
      expect(seen.withinFinding).toBeGreaterThan(QUERIES_PER_REGION * 0.03);
      // About 3 % of the queries sort by distance with two or more results (44 of 1,500 in one UK run on
      // PostgreSQL, moving with the demo's dates): a floor of 2 % still proves the kind is reached.
      expect(seen.byDistance).toBeGreaterThan(QUERIES_PER_REGION * 0.02);
    },
    60_000,
  );

  it.each(['AU', 'UK'] as const)(
    'finds among given items what the reference does (saved-search digests), in %s',
    async (region) => {
      const { reference, service, catalogue } = regions.get(region) ?? fail();
      const random = new Random(region === 'AU' ? 3 : 4);
      const queryMaker = new QueryMaker(catalogue, reference.words(), random);
      const allIds = catalogue.items.map((item) => item.id);
      const ctx = systemContext(database.handle, region);
      for (let i = 0; i < DIGESTS_PER_REGION; i++) {
        const url = queryMaker.next();
        const query = SearchResultsQuerySchema.parse(Object.fromEntries(new URLSearchParams(url)));
        // Mostly a handful of items; now and then more than the engine ranks with a heap (5,000).
        const ids =
          i % 25 === 0
            ? [...allIds, ...Array.from({ length: 5200 }, (_, k) => 10_000_000 + k)]
            : Array.from({ length: random.int(1, 40) }, () => random.pick(allIds));
        const unique = [...new Set(ids)];
        const found = await service.matchesAmong(ctx, query, unique);
        const expected = reference.search(query, { within: new Set(unique), offset: 0, limit: unique.length });
        expect(found, url).toEqual(expected.productIds);
      }
    },
    60_000,
  );
});

/** `near` as the tests write it ('lat,lng'), as the point the service resolves it to. */
function pointOf(near: string | undefined): { latitude: number; longitude: number } | null {
  if (near === undefined) return null;
  const [latitude, longitude] = near.split(',').map(Number);
  return { latitude: latitude as number, longitude: longitude as number };
}

function fail(): never {
  throw new Error('the catalogue was not set up');
}

/**
 * A bulk import lists many items in the same second: a quarter of the catalogue gets one of three
 * listing times (two of them in one second), so that ties in price, condition and listing time
 * are common and the order among equals is checked too.
 */
async function listSomeInBulk(database: TestDatabase): Promise<void> {
  const db = database.handle.db;
  const ids = (await db.selectFrom('products').select('id').orderBy('id').execute())
    .map((row) => row.id)
    .filter((id) => id % 4 === 0);
  const stamps = ['2026-03-01T09:00:00.000Z', '2026-03-01T09:00:00.400Z', '2026-06-15T12:30:00.000Z'];
  for (const [k, stamp] of stamps.entries()) {
    const batch = ids.filter((_, i) => i % stamps.length === k);
    await db.updateTable('products').set({ listed_at: stamp }).where('id', 'in', batch).execute();
  }
}

function sameAnswer(a: SearchAnswer, b: SearchAnswer): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

/** The answer with every count record's keys in one order, so two answers compare as text. */
function sorted(answer: SearchAnswer): SearchAnswer {
  const counts = Object.fromEntries(
    Object.entries(answer.counts).map(([group, value]) => [
      group,
      typeof value === 'number'
        ? value
        : Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))),
    ]),
  ) as unknown as CountsByKey;
  return { ...answer, counts };
}

/**
 * Random search-page query strings, most of them about one item drawn from the catalogue (its
 * words, its category, store, brand...) so that filters and words meet and find something, mixed
 * with choices that find nothing (unknown values, misspellings, prices that exclude everything).
 */
class QueryMaker {
  private readonly brands: string[];
  private readonly colours: string[];
  private readonly storages: string[];

  constructor(
    private readonly catalogue: ReferenceCatalogue,
    private readonly vocabulary: string[],
    private readonly random: Random,
  ) {
    const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v).map(slugify))];
    this.brands = distinct(catalogue.items.map((i) => i.brand));
    this.colours = distinct(catalogue.items.map((i) => i.colour));
    this.storages = distinct(catalogue.items.map((i) => i.storage));
  }

  next(): string {
    const r = this.random;
    const item = r.pick(this.catalogue.items);
    const params = new URLSearchParams();
    if (r.chance(0.55)) params.set('query', this.text(item));
    if (r.chance(0.3)) params.set('category', this.category(item));
    if (r.chance(0.25))
      params.set(
        'location',
        this.several(() => this.location(item)),
      );
    if (r.chance(0.15))
      params.set(
        'delivery',
        this.several(() => r.pick(['postage', 'pickup', 'postage', 'pickup', 'drone'])),
      );
    if (r.chance(0.2))
      params.set(
        'brand',
        this.several(() => this.oneOf(slugify(item.brand), this.brands, 'no-such-brand')),
      );
    if (r.chance(0.15))
      params.set(
        'condition',
        this.several(() => (r.chance(0.03) ? '7' : String(r.int(0, 5)))),
      );
    if (r.chance(0.12))
      params.set(
        'colour',
        this.several(() => this.oneOf(item.colour && slugify(item.colour), this.colours, 'plaid')),
      );
    if (r.chance(0.12))
      params.set(
        'storage',
        this.several(() => this.oneOf(item.storage && slugify(item.storage), this.storages, '3tb')),
      );
    if (r.chance(0.15))
      params.set(
        'price',
        this.several(() => this.price(item)),
      );
    if (r.chance(0.1)) params.set('onsale', r.chance(0.85) ? 'true' : 'false');
    if (r.chance(0.1)) params.set('haspictures', r.chance(0.85) ? 'true' : 'false');
    if (r.chance(0.55))
      params.set('Sort', r.pick(['relevance', 'listed', 'price', 'condition']) + r.pick(['', '+', '-', '-']));
    if (r.chance(0.25)) this.near(item, params);
    if (r.chance(0.25)) params.set('NumberOfResults', String(r.int(1, 60)));
    if (r.chance(0.3)) params.set('page', String(r.int(1, 6)));
    else if (r.chance(0.1)) params.set('page', String(r.int(1, 250)));
    return params.toString();
  }

  /**
   * A place near a store (the item's own, or any), sometimes exactly on it, sometimes tens of km
   * off; half the time a radius (the group's, or any), a third of the time the distance order.
   */
  private near(item: ReferenceItem, params: URLSearchParams): void {
    const r = this.random;
    const store =
      (r.chance(0.6) ? this.catalogue.stores.find((s) => s.id === item.store_id) : undefined) ??
      r.pick(this.catalogue.stores);
    const spread = r.pick([0, 0.01, 0.1, 0.4, 1.5]);
    const at = (degrees: number) => (degrees + (r.next() - 0.5) * spread).toFixed(r.pick([2, 4, 6]));
    params.set('near', `${at(store.latitude)},${at(store.longitude)}`);
    if (r.chance(0.5)) {
      params.set(
        'within',
        r.chance(0.7) ? String(r.pick([5, 10, 25, 50, 100])) : r.pick(['1', '7.5', '300', '5,25', '1000']),
      );
    }
    if (r.chance(0.35)) params.set('Sort', r.pick(['distance', 'distance+', 'distance-', 'distance']));
  }

  private several(make: () => string): string {
    const count = this.random.chance(0.6) ? 1 : this.random.int(2, 3);
    return Array.from({ length: count }, make).join(',');
  }

  /** Mostly the item's own value, else another known one, now and then an unknown one. */
  private oneOf(own: string | null, all: string[], unknown: string): string {
    const roll = this.random.next();
    if (roll < 0.05) return unknown;
    if (roll < 0.6 && own) return own;
    return this.random.pick(all);
  }

  private text(item: ReferenceItem): string {
    const r = this.random;
    if (r.chance(0.02)) return r.pick(['--', '!!', '   ', '&', 'the', 'with']);
    const own = item.title
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    if (own.length >= 2 && r.chance(0.25)) {
      // Two of the item's words, one misspelt: its likeliest reading may miss the item
      // ('geen iphone' where 'gen' is the nearer word), and a less likely one find it.
      const [first, second] = [r.pick(own), r.pick(own)];
      return r.chance(0.5) ? `${slip(first, r)} ${second}` : `${first} ${slip(second, r)}`;
    }
    const count = r.pick([1, 1, 1, 2, 2, 3]);
    const words: string[] = [];
    for (let i = 0; i < count; i++) {
      const base = own.length > 0 && r.chance(0.7) ? r.pick(own) : r.pick(this.vocabulary);
      const roll = r.next();
      if (roll < 0.12) words.push(slip(base, r));
      else if (roll < 0.22) words.push(base.slice(0, Math.max(2, Math.ceil(base.length * 0.6))));
      else if (roll < 0.25) words.push(r.pick(['and', 'for', 'of', 'the']));
      else if (roll < 0.27) words.push('zqxjv');
      else if (roll < 0.3) words.push(base.toUpperCase());
      else words.push(base);
    }
    return words.join(r.chance(0.1) ? '-' : ' ');
  }

  private category(item: ReferenceItem): string {
    const r = this.random;
    const roll = r.next();
    if (roll < 0.03) return 'all';
    if (roll < 0.05) return 'no-such-category';
    const byId = new Map(this.catalogue.categories.map((c) => [c.id, c]));
    if (roll < 0.2) return r.pick(this.catalogue.categories).slug;
    const lineage: string[] = [];
    for (let c = byId.get(item.category_id); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) {
      lineage.push(c.slug);
    }
    return r.pick(lineage);
  }

  private location(item: ReferenceItem): string {
    const r = this.random;
    const own = this.catalogue.stores.find((s) => s.id === item.store_id);
    const roll = r.next();
    if (roll < 0.03) return 'all';
    if (roll < 0.06) return 'nowhere-at-all';
    if (roll < 0.08) return this.catalogue.region === 'AU' ? 'KEN' : 'NSW';
    if (roll < 0.35 && own) return own.slug;
    if (roll < 0.6 && own) return own.state;
    if (roll < 0.8) return r.pick(statesOf(this.catalogue.region)).code;
    return r.pick(this.catalogue.stores).slug;
  }

  private price(item: ReferenceItem): string {
    const r = this.random;
    const roll = r.next();
    if (roll < 0.5) {
      const band = r.pick(PRICE_BANDS);
      return `${band.from}-${band.to ?? ''}`;
    }
    if (roll < 0.8) {
      // A range around the item's own price, its ends sometimes exactly on it.
      const dollars = Math.floor(item.price_minor / 100);
      const from = r.chance(0.3) ? dollars : Math.max(0, dollars - r.int(0, 200));
      return r.chance(0.2) ? `${from}-` : `${from}-${dollars + r.int(0, 300)}`;
    }
    const from = r.int(0, 3000);
    return `${from}-${r.chance(0.3) ? '' : r.int(0, 4000)}`;
  }
}

/** One typing slip: a swapped pair, a dropped, doubled or changed letter. */
function slip(word: string, random: Random): string {
  if (word.length < 3) return word;
  const at = random.int(1, word.length - 2);
  switch (random.int(0, 3)) {
    case 0:
      return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word.charAt(at) + word.slice(at);
    default:
      return `${word.slice(0, at)}${random.pick([...'abcdefghijklmnopqrstuvwxyz'])}${word.slice(at + 1)}`;
  }
}
