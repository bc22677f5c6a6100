import {
  type CategoryFacetItem,
  ConditionLabel,
  DISTANCE_RADII_KM,
  type FacetGroup,
  type FacetItem,
  isStateLocation,
  PageSize,
  PICKUP_SERVICE,
  type ProductListItem,
  type Region,
  roundDistanceKm,
  type SearchResultsQuery,
  type SearchResultsValue,
  type SortOption,
  type StoreFacetGroup,
  stateName,
  statesOf,
} from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { invalidInput } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { ContentService } from '../content/content.service.js';
import { PlacesService, unknownPlaceMessage } from '../places/places.service.js';
import type { CatalogueIndex, ValueDictionary } from './catalogue-index.js';
import { ContentSearch } from './content-search.js';
import { Flag, PRICE_BANDS } from './facet-values.js';
import {
  type EngineQuery,
  type EngineResult,
  type GeoPoint,
  type PriceRange,
  runSearch,
  type SortKey,
} from './search-engine.js';
import type { SearchIndexHolder } from './search-index.holder.js';

const SORTS: { key: SortKey; descending: boolean; name: string }[] = [
  { key: 'relevance', descending: true, name: 'Relevance' },
  { key: 'listed', descending: true, name: 'Newest' },
  { key: 'price', descending: false, name: 'Price: low to high' },
  { key: 'price', descending: true, name: 'Price: high to low' },
  { key: 'condition', descending: true, name: 'Best condition' },
  // Offered only with a place (`near`).
  { key: 'distance', descending: false, name: 'Distance: nearest first' },
];

const PILL_COLOURS = [
  '#0b6e4f',
  '#1d4e89',
  '#7a3e9d',
  '#b5462f',
  '#8a6d00',
  '#00707a',
  '#a23b72',
  '#3d5a80',
  '#5c6b00',
  '#6b4226',
];
const MAX_BRANDS = 40;

export function parseSort(sort: string | undefined, hasText: boolean): { key: SortKey; descending: boolean } {
  if (!sort) return hasText ? { key: 'relevance', descending: true } : { key: 'listed', descending: true };
  const key = sort.replace(/[+-]$/, '') as SortKey;
  const sign = sort.at(-1);
  if (sign === '+') return { key, descending: false };
  if (sign === '-') return { key, descending: true };
  return { key, descending: key !== 'price' && key !== 'distance' };
}

function sortValue(key: SortKey, descending: boolean): string {
  return `${key}${descending ? '-' : '+'}`;
}

/**
 * The engine query of one page of the search page: its sort (relevance when there is text, else
 * newest), page and page size (at most PageSize.searchMax). The reference comparison test asks
 * the engine through this too, so it checks exactly what the page runs.
 */
/** Each name's place in alphabetical order (localeCompare, ties in list order), by the list it came from. */
const ranksByList = new WeakMap<readonly unknown[], { length: number; ranks: Int32Array }>();

/**
 * The facets are listed by name on every search; comparing names with localeCompare each time
 * showed in a search request's profile (sorting the stores alone: 0.015-0.025 ms), so each list's
 * order is worked out once (again when it grows).
 */
export function nameRanks<T>(list: readonly T[], nameOf: (item: T) => string): Int32Array {
  const kept = ranksByList.get(list);
  if (kept && kept.length === list.length) return kept.ranks;
  const names = list.map(nameOf);
  const order = names.map((_, i) => i).sort((a, b) => (names[a] ?? '').localeCompare(names[b] ?? ''));
  const ranks = new Int32Array(names.length);
  order.forEach((at, rank) => {
    ranks[at] = rank;
  });
  ranksByList.set(list, { length: list.length, ranks });
  return ranks;
}

const asName = (name: string) => name;

export function searchPageQuery(
  index: CatalogueIndex,
  query: SearchResultsQuery,
  /** Where `near` is, resolved (null: the query has no `near`). */
  place: GeoPoint | null = null,
): { sort: { key: SortKey; descending: boolean }; page: number; pageSize: number; engineQuery: EngineQuery } {
  const pageSize = Math.min(query.NumberOfResults, PageSize.searchMax);
  const page = query.page ?? 1;
  const sort = parseSort(query.Sort, (query.query ?? '').trim().length > 0);
  return {
    sort,
    page,
    pageSize,
    engineQuery: toEngineQuery(index, query, sort, (page - 1) * pageSize, pageSize, place),
  };
}

/** The search page's URL filters as the engine's query: slugs to index numbers, price terms to ranges. */
export function toEngineQuery(
  index: CatalogueIndex,
  query: SearchResultsQuery,
  sort: { key: SortKey; descending: boolean },
  offset: number,
  limit: number,
  place: GeoPoint | null = null,
): EngineQuery {
  const lookup = (dictionary: ValueDictionary, values: string[] | undefined) =>
    values && values.length > 0 ? new Set(values.map((v) => dictionary.find(v) ?? -1)) : null;
  let stores: Set<number> | null = null;
  // 'all' (every location, every category) is the same as not filtering.
  if (query.location && query.location.length > 0 && !query.location.includes('all')) {
    stores = new Set();
    for (const value of query.location) {
      if (isStateLocation(value)) {
        for (const store of index.stores) if (store.state === value) stores.add(store.index);
      } else {
        const store = index.storeBySlug.get(value);
        if (store !== undefined) stores.add(store);
      }
    }
  }
  let delivery = 0;
  for (const value of query.delivery ?? []) {
    // An unknown delivery value still filters, and matches nothing.
    delivery |= value === 'postage' ? Flag.Postage : value === 'pickup' ? Flag.Pickup : 0x80;
  }
  const prices: PriceRange[] | null = query.price
    ? query.price.map((term) => {
        const [from, to] = term.split('-');
        return { from: Number(from), to: to ? Number(to) : null };
      })
    : null;
  return {
    text: query.query ?? '',
    category: query.category && query.category !== 'all' ? (index.categoryBySlug.get(query.category) ?? -1) : null,
    stores,
    brands: lookup(index.brands, query.brand),
    conditions: query.condition ? new Set(query.condition.map((c) => (/^[0-5]$/.test(c) ? Number(c) : -1))) : null,
    delivery,
    colours: lookup(index.colours, query.colour),
    storages: lookup(index.storages, query.storage),
    prices,
    onSale: query.onsale === 'true',
    hasPictures: query.haspictures === 'true',
    sort: sort.key,
    descending: sort.descending,
    offset,
    limit,
    place,
    withinKm: place ? (query.within ?? null) : null,
  };
}

/** The search page's API: text and facet search over the region's items, shaped as the spec's reply. */
export class SearchService {
  private readonly contentSearch: ContentSearch;

  constructor(
    private readonly region: Region,
    private readonly holder: SearchIndexHolder,
    private readonly catalogue: CatalogueService,
    content: Pick<ContentService, 'pages'>,
    /** Resolves `near` (its tables are shared by every PlacesService: one made here costs nothing more). */
    private readonly places: Pick<PlacesService, 'resolve'> = new PlacesService(),
  ) {
    this.contentSearch = new ContentSearch(content);
  }

  /** The point `near` names, or null without `near`; a place we cannot find is a 400 on `near`. */
  private placeOf(query: SearchResultsQuery): GeoPoint | null {
    if (query.near === undefined) return null;
    const place = this.places.resolve(this.region, query.near);
    if (!place) throw invalidInput('near', unknownPlaceMessage(this.region, query.near));
    return { latitude: place.latitude, longitude: place.longitude };
  }

  async search(ctx: Ctx, query: SearchResultsQuery): Promise<SearchResultsValue> {
    const place = this.placeOf(query);
    const index = await this.holder.current();
    const text = query.query ?? '';
    const { sort, page, pageSize, engineQuery } = searchPageQuery(index, query, place);
    const result = runSearch(index, engineQuery);
    const productIds = result.docs.map((doc) => index.productId[doc] as number);
    const [cards, content] = await Promise.all([
      this.catalogue.productCards(ctx, productIds, 'Search Results'),
      this.contentSearch.search(ctx, text, (page - 1) * pageSize, pageSize),
    ]);
    const items = withDistances(index, result, cards);
    return {
      ProductList: { ProductListItems: items, ProductListItemCount: result.total },
      ContentListResults: { ContentListItems: content.items, ContentListItemCount: content.total },
      CategoryFacetGroupList: [this.categoryGroup(index, result, query)],
      StoreFacetGroupList: this.storeGroups(index, result, query),
      UpperFacetGroupList: this.upperGroups(index, result, query),
      LowerFacetGroupList: this.lowerGroups(index, result, query),
      PriceRangeGroupItem: {
        Name: 'Price',
        GroupName: 'price',
        PriceRangeFacetItems: PRICE_BANDS.map((band, i) => {
          const term = `${band.from}-${band.to ?? ''}`;
          return {
            Term: term,
            From: band.from,
            To: band.to,
            TotalAvaibleItems: result.counts.priceBand[i] ?? 0,
            Selected: query.price?.includes(term) ?? false,
          };
        }),
      },
      FilterFacetList: [
        {
          Name: 'On sale',
          GroupName: 'onsale',
          Term: 'true',
          Count: result.counts.onSale,
          Selected: query.onsale === 'true',
        },
        {
          Name: 'Has pictures',
          GroupName: 'haspictures',
          Term: 'true',
          Count: result.counts.hasPictures,
          Selected: query.haspictures === 'true',
        },
      ],
      SortOptions: this.sortOptions(text, sort, place !== null),
      SearchPills: this.pills(index, result, query),
      Breadcrumbs: this.breadcrumbs(index, query),
      MaxResults: pageSize,
      Page: page,
    };
  }

  /**
   * Which of `productIds` the search page would find for `query` (the same parsing, engine and
   * filters), in the search's own order: saved-search digests ask this about the items listed or
   * reduced since their last alert. Items not on sale (reserved, sold) are never found.
   */
  async matchesAmong(ctx: Ctx, query: SearchResultsQuery, productIds: number[]): Promise<number[]> {
    void ctx;
    if (productIds.length === 0) return [];
    const index = await this.holder.upToDate();
    const within = new Uint8Array(index.alive.length);
    for (const id of productIds) {
      const doc = index.docByProduct.get(id);
      if (doc !== undefined) within[doc] = 1;
    }
    const sort = parseSort(query.Sort, (query.query ?? '').trim().length > 0);
    // A saved search's place that no longer resolves filters nothing by distance (a digest must not fail).
    let place: GeoPoint | null = null;
    try {
      place = this.placeOf(query);
    } catch {
      place = null;
    }
    const engineQuery = { ...toEngineQuery(index, query, sort, 0, productIds.length, place), within };
    return runSearch(index, engineQuery).docs.map((doc) => index.productId[doc] as number);
  }

  /** A search-results URL for the current query with one key changed. */
  private urlWith(query: SearchResultsQuery, key: string, value: string | null): string {
    const params = new URLSearchParams();
    if (query.query) params.set('query', query.query);
    if (query.category) params.set('category', query.category);
    if (query.location?.length) params.set('location', query.location.join(','));
    if (query.near) params.set('near', query.near);
    if (query.near && query.within !== undefined) params.set('within', String(query.within));
    if (value === null) params.delete(key);
    else params.set(key, value);
    const qs = params.toString();
    return qs ? `/search-results?${qs}` : '/search-results';
  }

  private categoryGroup(index: CatalogueIndex, result: EngineResult, query: SearchResultsQuery) {
    const selected = query.category ? index.categoryBySlug.get(query.category) : undefined;
    const selectedLineage = new Set(selected !== undefined ? (index.categories[selected]?.lineage ?? []) : []);
    const build = (c: number): CategoryFacetItem | null => {
      const node = index.categories[c];
      if (!node) return null;
      const count = result.counts.category[c] ?? 0;
      if (count === 0 && !selectedLineage.has(c)) return null;
      return {
        Term: `${node.name}|${node.slug}`,
        Name: node.name,
        Guid: node.slug,
        Count: count,
        Selected: c === selected,
        Url: this.urlWith(query, 'category', node.slug),
        FacetItems: node.children.map(build).filter((x): x is CategoryFacetItem => x !== null),
      };
    };
    const roots = index.categories.filter((c) => c.parent < 0).sort((a, b) => a.position - b.position);
    return {
      Name: 'Category',
      GroupName: 'category' as const,
      Count: result.counts.categoryAll,
      FacetItems: roots.map((r) => build(r.index)).filter((x): x is CategoryFacetItem => x !== null),
    };
  }

  private storeGroups(index: CatalogueIndex, result: EngineResult, query: SearchResultsQuery): StoreFacetGroup[] {
    const chosen = new Set(query.location ?? []);
    const storeRank = nameRanks(index.stores, (s) => s.name);
    const storeIndex = index.storeBySlug;
    return statesOf(this.region).flatMap((state) => {
      const stores: FacetItem[] = index.stores
        .filter((s) => s.state === state.code)
        .map((s) => ({
          Term: `${s.name}|${s.slug}`,
          Name: s.name,
          Guid: s.slug,
          Count: result.counts.store[s.index] ?? 0,
          Selected: chosen.has(s.slug),
        }))
        .filter((s) => s.Count > 0 || s.Selected)
        .sort((a, b) => (storeRank[storeIndex.get(a.Guid) ?? 0] ?? 0) - (storeRank[storeIndex.get(b.Guid) ?? 0] ?? 0));
      const total = stores.reduce((sum, s) => sum + s.Count, 0);
      if (stores.length === 0 && !chosen.has(state.code)) return [];
      return [
        {
          Name: stateName(state.code),
          Term: `${stateName(state.code)}|${state.code}`,
          Guid: state.code,
          Count: total,
          TotalStores: stores.filter((s) => s.Count > 0).length,
          TotalItemsInState: total,
          Selected: chosen.has(state.code),
          Stores: stores,
        },
      ];
    });
  }

  private valueGroup(
    name: string,
    groupName: string,
    dictionary: ValueDictionary,
    counts: Int32Array,
    selected: string[] | undefined,
    order: (a: number, b: number) => number,
    limit = Number.POSITIVE_INFINITY,
  ): FacetGroup | null {
    const chosen = new Set(selected ?? []);
    const items = dictionary.names
      .map((_, i) => i)
      .filter((i) => (counts[i] ?? 0) > 0 || chosen.has(dictionary.slugs[i] ?? ''))
      .sort(order)
      .slice(0, limit)
      .map((i) => ({
        Term: `${displayName(dictionary.names[i] ?? '')}|${dictionary.slugs[i]}`,
        Name: displayName(dictionary.names[i] ?? ''),
        Guid: dictionary.slugs[i] ?? '',
        Count: counts[i] ?? 0,
        Selected: chosen.has(dictionary.slugs[i] ?? ''),
      }));
    return items.length > 0 ? { Name: name, GroupName: groupName, FacetItems: items } : null;
  }

  private upperGroups(index: CatalogueIndex, result: EngineResult, query: SearchResultsQuery): FacetGroup[] {
    const delivery = new Set(query.delivery ?? []);
    const conditions = new Set(query.condition ?? []);
    const groups: (FacetGroup | null)[] = [
      this.distanceGroup(result, query),
      {
        Name: 'Delivery',
        GroupName: 'delivery',
        FacetItems: [
          {
            Term: 'Postage|postage',
            Name: 'Postage',
            Guid: 'postage',
            Count: result.counts.postage,
            Selected: delivery.has('postage'),
          },
          {
            // Named as the region names its pickup service everywhere else.
            Term: `${PICKUP_SERVICE[this.region].label}|pickup`,
            Name: PICKUP_SERVICE[this.region].label,
            Guid: 'pickup',
            Count: result.counts.pickup,
            Selected: delivery.has('pickup'),
          },
        ],
      },
      this.valueGroup(
        'Brand',
        'brand',
        index.brands,
        result.counts.brand,
        query.brand,
        (a, b) =>
          (result.counts.brand[b] ?? 0) - (result.counts.brand[a] ?? 0) ||
          (nameRanks(index.brands.names, asName)[a] ?? 0) - (nameRanks(index.brands.names, asName)[b] ?? 0),
        MAX_BRANDS,
      ),
      {
        Name: 'Condition',
        GroupName: 'condition',
        FacetItems: [5, 4, 3, 2, 1, 0]
          .filter((c) => (result.counts.condition[c] ?? 0) > 0 || conditions.has(String(c)))
          .map((c) => ({
            Term: `${ConditionLabel[c]}|${c}`,
            Name: ConditionLabel[c] ?? String(c),
            Guid: String(c),
            Count: result.counts.condition[c] ?? 0,
            Selected: conditions.has(String(c)),
          })),
      },
    ];
    return groups.filter((g): g is FacetGroup => g !== null && g.FacetItems.length > 0);
  }

  private lowerGroups(index: CatalogueIndex, result: EngineResult, query: SearchResultsQuery): FacetGroup[] {
    const groups = [
      this.valueGroup(
        'Colour',
        'colour',
        index.colours,
        result.counts.colour,
        query.colour,
        (a, b) => (nameRanks(index.colours.names, asName)[a] ?? 0) - (nameRanks(index.colours.names, asName)[b] ?? 0),
      ),
      this.valueGroup(
        'Storage',
        'storage',
        index.storages,
        result.counts.storage,
        query.storage,
        (a, b) => index.storageRank(a) - index.storageRank(b),
      ),
    ];
    return groups.filter((g): g is FacetGroup => g !== null);
  }

  /**
   * The Distance group (with a place only): per radius, the items within it passing every other
   * filter. `within` is one radius; any radius at least the chosen one is not "selected" but the
   * chosen one itself, which may be a radius the group does not list (then none is selected).
   */
  private distanceGroup(result: EngineResult, query: SearchResultsQuery): FacetGroup | null {
    if (!result.distance) return null;
    const distance = result.distance;
    return {
      Name: 'Distance',
      GroupName: 'within',
      FacetItems: DISTANCE_RADII_KM.map((km, i) => ({
        Term: `Within ${km} km|${km}`,
        Name: `Within ${km} km`,
        Guid: String(km),
        Count: distance[i] ?? 0,
        Selected: query.within === km,
      })),
    };
  }

  private sortOptions(text: string, current: { key: SortKey; descending: boolean }, hasPlace: boolean): SortOption[] {
    return SORTS.filter(
      (s) => (s.key !== 'relevance' || text.trim().length > 0) && (s.key !== 'distance' || hasPlace),
    ).map((s) => ({
      DisplayName: s.name,
      KeyName: s.key,
      IsDescending: s.descending,
      Value: sortValue(s.key, s.descending),
      Selected: s.key === current.key && s.descending === current.descending,
    }));
  }

  /** Quick links to the most populous categories one level below where the shopper is. */
  private pills(index: CatalogueIndex, result: EngineResult, query: SearchResultsQuery) {
    const selected = query.category ? index.categoryBySlug.get(query.category) : undefined;
    const candidates =
      selected !== undefined
        ? (index.categories[selected]?.children ?? [])
        : index.categories.filter((c) => c.parent < 0).map((c) => c.index);
    return candidates
      .filter((c) => (result.counts.category[c] ?? 0) > 0)
      .sort((a, b) => (result.counts.category[b] ?? 0) - (result.counts.category[a] ?? 0))
      .slice(0, 8)
      .map((c) => {
        const node = index.categories[c];
        const root = node?.lineage[node.lineage.length - 1] ?? 0;
        return {
          DisplayName: node?.name ?? '',
          Url: this.urlWith(query, 'category', node?.slug ?? ''),
          Style: 'category',
          BannerColour: PILL_COLOURS[root % PILL_COLOURS.length] ?? '#0b6e4f',
        };
      });
  }

  private breadcrumbs(index: CatalogueIndex, query: SearchResultsQuery) {
    const crumbs = [{ Label: 'Home', Url: '/' }];
    const text = query.query?.trim();
    crumbs.push({
      Label: text ? `Search results for "${text}"` : 'Search results',
      Url: text ? `/search-results?${new URLSearchParams({ query: text })}` : '/search-results',
    });
    const selected = query.category ? index.categoryBySlug.get(query.category) : undefined;
    if (selected !== undefined) {
      const lineage = [...(index.categories[selected]?.lineage ?? [])].reverse();
      for (const c of lineage) {
        const node = index.categories[c];
        if (node) crumbs.push({ Label: node.name, Url: this.urlWith(query, 'category', node.slug) });
      }
    }
    return crumbs;
  }
}

/**
 * Each card with its store's distance from the place (one decimal), when the search had one; the
 * cards come back as they were otherwise (no DistanceKm key without a place).
 */
function withDistances(index: CatalogueIndex, result: EngineResult, cards: ProductListItem[]): ProductListItem[] {
  const { storeKm } = result;
  if (!storeKm) return cards;
  const kmByProduct = new Map<number, number>();
  for (const doc of result.docs) {
    kmByProduct.set(index.productId[doc] as number, storeKm[index.store[doc] as number] as number);
  }
  return cards.map((card) => {
    const km = kmByProduct.get(card.Id);
    return km === undefined ? card : { ...card, DistanceKm: roundDistanceKm(km) };
  });
}

/** Colours and storage sizes are stored as ids ('rose-gold', '128gb'); shoppers read 'Rose Gold', '128GB'. */
function displayName(value: string): string {
  if (/^\d+(gb|tb)$/i.test(value)) return value.toUpperCase();
  return value
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
