import {
  countFilters,
  describeZodError,
  FACET_KEYS,
  type SearchFormData,
  SearchResultsQuerySchema,
  shapeSearchQuery,
  zodFieldErrors,
} from '@shop/contract';
import { BadRequestError, invalidInput } from '../../lib/errors.js';

/** The search page's path: a saved search's link is this plus its query string. */
export const SEARCH_PAGE_PATH = '/search-results';

export interface NormalisedSearch {
  /** The query string as the search page runs it, without '?' and without paging. */
  queryString: string;
  term: string;
  filtersNumber: number;
}

/**
 * Turns what the page sent ('/search-results?query=phone&location=WA&page=3', or just the query
 * string) into the search exactly as the search page runs it: parsed by the search call's own
 * schema (so a saved search can always be run), written back by the contract's shaping (so two
 * spellings of one search are one string), with paging dropped; the term is its query and the
 * filter count the contract's.
 */
export function normaliseSearchUrl(searchUrl: string): NormalisedSearch {
  const raw = searchUrl.trim();
  let queryString: string;
  if (raw.startsWith('/')) {
    const [path = '', ...rest] = raw.split('?');
    if (path.replace(/\/+$/, '') !== SEARCH_PAGE_PATH)
      throw invalidInput('SearchUrl', `must be a ${SEARCH_PAGE_PATH} address or a query string`);
    queryString = rest.join('?');
  } else {
    queryString = raw.startsWith('?') ? raw.slice(1) : raw;
  }
  const params = new URLSearchParams(queryString.split('#')[0] ?? '');
  // The search page reads each key once (the first value), as URLSearchParams.get does.
  const input: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in input) && value !== '') input[key] = value;
  // Which page was open, and how many rows it showed, are not part of the search.
  delete input.page;
  delete input.NumberOfResults;
  const parsed = SearchResultsQuerySchema.safeParse(input);
  if (!parsed.success) {
    // The Message has always named only the first field under SearchUrl; the data names each.
    throw new BadRequestError(
      describeZodError(parsed.error).replace('Invalid input. ', 'Invalid input. SearchUrl.'),
      zodFieldErrors(parsed.error).map((f) => ({ ...f, Field: `SearchUrl.${f.Field}` })),
    );
  }
  const query = parsed.data;
  const facets: Record<string, string[]> = {};
  for (const key of FACET_KEYS) {
    const values = query[key];
    if (values && values.length > 0) facets[key] = values;
  }
  const form: SearchFormData = {
    ...(query.query ? { query: query.query } : {}),
    ...(query.Sort ? { Sort: query.Sort } : {}),
    ...(query.category ? { category: query.category } : {}),
    // Location values keep their order: the shaping joins states and stores into one list.
    ...(query.location && query.location.length > 0 ? { stores: query.location } : {}),
    facets,
    ...(query.price && query.price.length > 0 ? { price: query.price } : {}),
    onsale: query.onsale === 'true',
    haspictures: query.haspictures === 'true',
    // The place goes with its radius and the distance sort, which are refused without it.
    ...(query.near ? { near: query.near, ...(query.within !== undefined ? { within: query.within } : {}) } : {}),
  };
  const shaped = shapeSearchQuery(form);
  return {
    queryString: shaped.toString(),
    term: query.query ?? '',
    filtersNumber: countFilters(shaped),
  };
}

/** The link a saved search opens. */
export function searchPageUrl(queryString: string): string {
  return queryString === '' ? SEARCH_PAGE_PATH : `${SEARCH_PAGE_PATH}?${queryString}`;
}
