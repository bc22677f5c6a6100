import { type AdminStore, type Region, Regions } from '@shop/contract';

/** Stores shown on one page of the admin's list. */
export const STORES_PAGE_SIZE = 24;

export type StoreFilters = { query: string; region: Region | ''; page: number };

/** The list's filters as the URL holds them (?query=&region=&page=), so Back returns to the same list. */
export function storeFiltersFrom(params: URLSearchParams): StoreFilters {
  const region = params.get('region') ?? '';
  const page = Number(params.get('page'));
  return {
    query: (params.get('query') ?? '').slice(0, 100),
    region: (Regions as readonly string[]).includes(region) ? (region as Region) : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function storeParamsFrom(filters: StoreFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.region) params.set('region', filters.region);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The stores matching every word of the query in their name, town, state or county, postcode or
 * slug, in the region chosen. The API returns every store at once (a couple of hundred), so the
 * filtering happens here rather than on the server.
 */
export function filterStores(stores: readonly AdminStore[], filters: Pick<StoreFilters, 'query' | 'region'>) {
  const words = fold(filters.query).split(/\s+/).filter(Boolean);
  return stores.filter((store) => {
    if (filters.region && store.Region !== filters.region) return false;
    const haystack = fold([store.Name, store.Suburb, store.State, store.Postcode, store.Slug].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
