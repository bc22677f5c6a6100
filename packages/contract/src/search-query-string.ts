/**
 * The spec's query-string shaping (storefront.md section 5) and filter count (section 4), shared by
 * the web app (which writes the URL) and the server tests (which read it).
 */

export interface SearchFormData {
  query?: string;
  page?: string | number;
  Sort?: string;
  category?: string;
  states?: string[];
  stores?: string[];
  /** 'all' means every location. */
  locations?: string[];
  facets?: Record<string, string[] | undefined>;
  price?: string[];
  onsale?: boolean;
  haspictures?: boolean;
  nonsticky?: boolean;
  NumberOfResults?: number;
  /** Where the shopper is (postcode, suburb, district or 'lat,lng'), as the search's `near`. */
  near?: string;
  /** Km from `near` (needs `near`). */
  within?: string | number;
}

/** Filters are flattened to comma-joined values; stores and states become location; category 'all' is dropped; a non-numeric page is dropped. */
export function shapeSearchQuery(form: SearchFormData): URLSearchParams {
  const params = new URLSearchParams();
  const query = form.query?.trim();
  if (query) params.set('query', query);
  if (form.page !== undefined && /^\d+$/.test(String(form.page).trim())) {
    params.set('page', String(form.page).trim());
  }
  if (form.Sort) params.set('Sort', form.Sort);
  if (form.category && form.category !== 'all') params.set('category', form.category);
  const location = [...(form.states ?? []), ...(form.stores ?? [])];
  if (location.length > 0) params.set('location', location.join(','));
  for (const [key, values] of Object.entries(form.facets ?? {})) {
    if (values && values.length > 0) params.set(key, values.join(','));
  }
  if (form.price && form.price.length > 0) params.set('price', form.price.join(','));
  if (form.onsale) params.set('onsale', 'true');
  if (form.haspictures) params.set('haspictures', 'true');
  if (form.nonsticky) params.set('nonsticky', 'true');
  if (form.NumberOfResults !== undefined) params.set('NumberOfResults', String(form.NumberOfResults));
  const near = form.near?.trim();
  if (near) {
    params.set('near', near);
    if (form.within !== undefined && String(form.within).trim() !== '')
      params.set('within', String(form.within).trim());
  }
  return params;
}

/** Query keys that do not count as filters (spec section 4, "Filter count"); a place alone filters nothing (`within` does). */
const NON_FILTER_KEYS = new Set([
  'Sort',
  'query',
  'page',
  'category',
  'attribute',
  'nonsticky',
  'NumberOfResults',
  'near',
]);
const CAMPAIGN_KEY = /^(utm_[a-z]+|gclid|fbclid|msclkid|dclid)$/i;

export function countFilters(params: URLSearchParams): number {
  const keys = new Set<string>();
  for (const [key, value] of params) {
    if (NON_FILTER_KEYS.has(key) || CAMPAIGN_KEY.test(key)) continue;
    if (key === 'category' && value === 'all') continue;
    if (key === 'location' && value === 'all') continue;
    if (value === '') continue;
    keys.add(key);
  }
  return keys.size;
}
