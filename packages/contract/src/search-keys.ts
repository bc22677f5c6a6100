/**
 * The search's query-string keys and small tests on them, without the schemas (search-request.ts),
 * so the search bar and the refine form do not load the schema library.
 */

/** Facet groups that live in the query string under their own key (values comma-joined guids). */
const UPPER_FACET_KEYS = ['delivery', 'brand', 'condition'] as const;
const LOWER_FACET_KEYS = ['colour', 'storage'] as const;
export const FACET_KEYS = [...UPPER_FACET_KEYS, ...LOWER_FACET_KEYS] as const;

export const FILTER_FACET_KEYS = ['onsale', 'haspictures'] as const;

export const STATE_CODE = /^[A-Z]{2,3}$/;

export function isStateLocation(value: string): boolean {
  return STATE_CODE.test(value);
}

/** The search's distance keys: where the shopper is, and how far from it (km). */
export const NEAR_KEY = 'near';
export const WITHIN_KEY = 'within';
/** The Sort value that orders items nearest store first. */
export const DISTANCE_SORT = 'distance+';
