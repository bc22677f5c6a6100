/**
 * The search's query-string keys and small tests on them, without the schemas (search-request.ts),
 * so the search bar and the refine form do not load the schema library.
 */

/** Facet groups that live in the query string under their own key (values comma-joined guids). */
export const UPPER_FACET_KEYS = ['delivery', 'brand', 'condition'] as const;
export const LOWER_FACET_KEYS = ['colour', 'storage'] as const;
export const FACET_KEYS = [...UPPER_FACET_KEYS, ...LOWER_FACET_KEYS] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const FILTER_FACET_KEYS = ['onsale', 'haspictures'] as const;
export type FilterFacetKey = (typeof FILTER_FACET_KEYS)[number];

/** Sort keys are a key name plus '+' (ascending) or '-' (descending). */
export const SORT_KEY_NAMES = ['relevance', 'listed', 'price', 'condition'] as const;
export type SortKeyName = (typeof SORT_KEY_NAMES)[number];
export const STATE_CODE = /^[A-Z]{2,3}$/;

export function isStateLocation(value: string): boolean {
  return STATE_CODE.test(value);
}
