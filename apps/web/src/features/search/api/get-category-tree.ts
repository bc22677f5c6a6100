import type { CategoryFacetItem, SearchResultsValue } from '@shop/contract';
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';

let cached: Promise<CategoryFacetItem[]> | null = null;

/** The whole category tree, from an unfiltered one-result search; asked once per visit. */
export function getCategoryTree(): Promise<CategoryFacetItem[]> {
  if (!cached) {
    cached = apiGet<SearchResultsValue>('/c3api/search/results?NumberOfResults=1').then(
      (value) => value.CategoryFacetGroupList[0]?.FacetItems ?? [],
    );
    // A failure is not cached: the next opening asks again.
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

export type CategoryTreeState =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; tree: CategoryFacetItem[] };

/** Loads the tree the first time `wanted` is true. */
export function useCategoryTree(wanted: boolean): CategoryTreeState {
  const [state, setState] = useState<CategoryTreeState>({ status: 'idle' });
  const needed = wanted && state.status !== 'done';
  useEffect(() => {
    if (!needed) return;
    let live = true;
    setState({ status: 'loading' });
    getCategoryTree().then(
      (tree) => live && setState({ status: 'done', tree }),
      (error: unknown) =>
        live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return state;
}
