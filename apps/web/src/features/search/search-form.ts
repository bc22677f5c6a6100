import {
  countFilters,
  DISTANCE_SORT,
  FACET_KEYS,
  FILTER_FACET_KEYS,
  isStateLocation,
  NEAR_KEY,
  type SearchFormData,
  type ShopperPlace,
  shapeSearchQuery,
  WITHIN_KEY,
} from '@shop/contract';
import { functionalStorage } from '../../lib/consent';
import { formatCount } from '../../lib/format-count';
import { nearOf } from '../../lib/shopper-place';

/**
 * The search page's state lives in the URL. These helpers read the URL into the refine form, write
 * the form back as a URL (through the contract's shaping), and hold the page's rules: filter count,
 * Apply enablement, location exclusivity, the remembered location and the deep-page restore plan.
 */

export type SearchLayout = 'list' | 'grid';
export const RESTORE_MAX_PAGES_BACK = 10;
export const REMEMBERED_LOCATION_KEY = 'search-location';

function list(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Reads the URL into the form the refine panel edits. */
export function formFromParams(params: URLSearchParams): SearchFormData {
  const form: SearchFormData = {};
  const query = params.get('query');
  if (query) form.query = query;
  const page = params.get('page');
  if (page !== null && /^\d+$/.test(page.trim())) form.page = page.trim();
  const sort = params.get('Sort');
  if (sort) form.Sort = sort;
  const category = params.get('category');
  if (category) form.category = category;
  const states: string[] = [];
  const stores: string[] = [];
  const locations: string[] = [];
  for (const value of list(params.get('location'))) {
    if (value === 'all') locations.push('all');
    else if (isStateLocation(value)) states.push(value);
    else stores.push(value);
  }
  if (states.length > 0) form.states = states;
  if (stores.length > 0) form.stores = stores;
  if (locations.length > 0) form.locations = locations;
  const facets: Record<string, string[]> = {};
  for (const key of FACET_KEYS) {
    const values = list(params.get(key));
    if (values.length > 0) facets[key] = values;
  }
  if (Object.keys(facets).length > 0) form.facets = facets;
  const price = list(params.get('price'));
  if (price.length > 0) form.price = price;
  for (const key of FILTER_FACET_KEYS) if (params.get(key) === 'true') form[key] = true;
  if (params.has('nonsticky')) form.nonsticky = true;
  const near = params.get(NEAR_KEY)?.trim();
  if (near) form.near = near;
  const within = list(params.get(WITHIN_KEY));
  if (within.length > 0) form.within = within.join(',');
  return form;
}

/** The URL for a form (the contract's shaping); nonsticky is a one-off and is never written back. */
export function paramsFromForm(form: SearchFormData): URLSearchParams {
  return shapeSearchQuery({ ...form, nonsticky: false });
}

/** A comparable string of a form's filters: values sorted, page ignored. */
function filtersKey(form: SearchFormData): string {
  const sorted = (values: string[] | undefined) => (values ? [...values].sort() : undefined);
  const facets: Record<string, string[] | undefined> = {};
  for (const [key, values] of Object.entries(form.facets ?? {})) facets[key] = sorted(values);
  const params = shapeSearchQuery({
    ...form,
    page: undefined,
    nonsticky: false,
    states: sorted(form.states),
    stores: sorted(form.stores),
    price: sorted(form.price),
    facets,
  });
  params.sort();
  return params.toString();
}

/** Apply is disabled while the form equals the current URL filters, ignoring page. */
export function canApply(form: SearchFormData, params: URLSearchParams): boolean {
  return filtersKey(form) !== filtersKey(formFromParams(params));
}

/** The number shown on the Filter button and in the header (the contract's count of the URL). */
export function filterCount(params: URLSearchParams): number {
  return countFilters(params);
}

/** Choosing states clears store and 'all' choices. */
export function toggleState(form: SearchFormData, state: string, on: boolean): SearchFormData {
  const states = new Set(form.states ?? []);
  if (on) states.add(state);
  else states.delete(state);
  return { ...form, states: [...states], stores: [], locations: [] };
}

/** Choosing stores clears state and 'all' choices. */
export function toggleStore(form: SearchFormData, store: string, on: boolean): SearchFormData {
  const stores = new Set(form.stores ?? []);
  if (on) stores.add(store);
  else stores.delete(store);
  return { ...form, stores: [...stores], states: [], locations: [] };
}

/** The 'all locations' choice removes every state and store choice. */
export function chooseAllLocations(form: SearchFormData): SearchFormData {
  return { ...form, states: [], stores: [], locations: ['all'] };
}

export function toggleValue(values: string[] | undefined, value: string, on: boolean): string[] {
  const next = new Set(values ?? []);
  if (on) next.add(value);
  else next.delete(value);
  return [...next];
}

export function toggleFacet(form: SearchFormData, key: string, value: string, on: boolean): SearchFormData {
  return { ...form, facets: { ...form.facets, [key]: toggleValue(form.facets?.[key], value, on) } };
}

/** Clear all: every filter goes; the search text and the sort stay. */
export function clearedForm(form: SearchFormData): SearchFormData {
  const cleared: SearchFormData = {};
  if (form.query) cleared.query = form.query;
  if (form.Sort) cleared.Sort = form.Sort;
  // The place is where the shopper is, not a filter; its radius (within) is one and goes.
  if (form.near) cleared.near = form.near;
  return cleared;
}

/** A search-bar submit on the search page: page back to 1; Sort, locations and category kept. */
export function submittedSearch(current: URLSearchParams, text: string): URLSearchParams {
  const form = formFromParams(current);
  return paramsFromForm({
    query: text,
    Sort: form.Sort,
    category: form.category,
    states: form.states,
    stores: form.stores,
    locations: form.locations,
    near: form.near,
    within: form.within,
  });
}

/** The page asked for in the URL (1 when absent or not a number). */
export function pageOf(params: URLSearchParams): number {
  const page = params.get('page');
  if (page === null || !/^\d+$/.test(page.trim())) return 1;
  return Math.max(1, Number(page));
}

/** Restoring page N: above 10, pages N-10 through N; otherwise 1 through N. */
export function restorePlan(page: number): number[] {
  const first = page > RESTORE_MAX_PAGES_BACK ? page - RESTORE_MAX_PAGES_BACK : 1;
  const pages: number[] = [];
  for (let p = first; p <= page; p++) pages.push(p);
  return pages;
}

/** The URL's filters without the page: two URLs with the same key show the same search. */
export function searchKey(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.delete('page');
  copy.sort();
  return copy.toString();
}

// --- The remembered location (functional storage: kept only with cookie consent) ---

export interface RememberedLocation {
  states: string[];
  stores: string[];
}

export function readRememberedLocation(): RememberedLocation | null {
  const raw = functionalStorage.get(REMEMBERED_LOCATION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedLocation>;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
    const remembered = { states: strings(value.states), stores: strings(value.stores) };
    return remembered.states.length + remembered.stores.length > 0 ? remembered : null;
  } catch {
    return null;
  }
}

/** Remembers the applied state or store choice, or forgets it when there is none. */
export function rememberLocation(form: SearchFormData): void {
  const states = form.states ?? [];
  const stores = form.stores ?? [];
  if (states.length + stores.length === 0) {
    functionalStorage.remove(REMEMBERED_LOCATION_KEY);
    return;
  }
  functionalStorage.set(REMEMBERED_LOCATION_KEY, JSON.stringify({ states, stores }));
}

/**
 * What the page does on start with the remembered location: nonsticky or 'all locations' forget it;
 * a URL without a location gets it back. Returns the URL to replace the current one with, or null.
 */
export function applyRememberedLocation(params: URLSearchParams): URLSearchParams | null {
  const form = formFromParams(params);
  if (form.nonsticky || form.locations?.includes('all')) {
    functionalStorage.remove(REMEMBERED_LOCATION_KEY);
    return null;
  }
  if (params.has('location')) return null;
  const remembered = readRememberedLocation();
  if (!remembered) return null;
  const next = new URLSearchParams(params);
  next.set('location', [...remembered.states, ...remembered.stores].join(','));
  return next;
}

/** A server search URL rewritten for the layout the shopper is on (list or grid). */
export function inLayout(url: string, layout: SearchLayout): string {
  if (layout !== 'grid') return url;
  return url.replace(/^\/search-results(?=[?#]|$)/, '/search-results/grid');
}

export function searchPath(layout: SearchLayout): string {
  return layout === 'grid' ? '/search-results/grid' : '/search-results';
}

/** 'name|guid' facet terms: the name is shown, the guid identifies the value (spec section 3). */
export function splitTerm(term: string): { name: string; guid: string | null } {
  const bar = term.lastIndexOf('|');
  if (bar < 0) return { name: term, guid: null };
  return { name: term.slice(0, bar), guid: term.slice(bar + 1) || null };
}

/** Whether a form holds anything Clear all would remove. */
export function hasFilters(form: SearchFormData): boolean {
  return (
    (form.category !== undefined && form.category !== 'all') ||
    (form.states?.length ?? 0) > 0 ||
    (form.stores?.length ?? 0) > 0 ||
    Object.values(form.facets ?? {}).some((values) => (values?.length ?? 0) > 0) ||
    (form.price?.length ?? 0) > 0 ||
    form.onsale === true ||
    form.haspictures === true ||
    (form.within !== undefined && String(form.within) !== '')
  );
}

/** A price band as shown: '$100 – $250', or '$2,500+' for the open top band. */
export function priceRangeLabel(from: number, to: number | null, symbol: string): string {
  const money = (n: number) => `${symbol}${formatCount(n)}`;
  return to === null ? `${money(from)}+` : `${money(from)} – ${money(to)}`;
}

// --- The shopper's place (near, within, the distance order) ---

/** The radii ticked in the form ('5,10' from the refine panel's Distance group), as a list. */
export function withinValues(form: SearchFormData): string[] {
  return list(form.within === undefined ? null : String(form.within));
}

/** The widest radius ticked ('' for none): what the location control's radius select shows. */
export function widestWithin(form: SearchFormData): string {
  const km = withinValues(form)
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  return km.length > 0 ? String(Math.max(...km)) : '';
}

/**
 * The form with a place: `near` from it, the radius chosen ('' for any distance), and nearest first
 * (the order a shopper who says where they are expects; they can sort otherwise after).
 */
export function withPlace(form: SearchFormData, place: ShopperPlace, within: string): SearchFormData {
  return { ...form, near: nearOf(place), within: within === '' ? undefined : within, Sort: DISTANCE_SORT };
}

/** The form without a place: no `near`, no radius, and no distance order (which needs a place). */
export function withoutPlace(form: SearchFormData): SearchFormData {
  const { near: _near, within: _within, ...rest } = form;
  return rest.Sort?.startsWith('distance') ? { ...rest, Sort: undefined } : rest;
}
