import type { CategoryFacetItem, SearchResultsValue } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The whole category tree, from an unfiltered one-result search. */
export async function getCategoryTree(signal?: AbortSignal): Promise<CategoryFacetItem[]> {
  const value = await apiGet<SearchResultsValue>('/c3api/search/results?NumberOfResults=1', signal);
  return value.CategoryFacetGroupList[0]?.FacetItems ?? [];
}

/** Asked once per visit; a failure is not kept, so the next opening asks again. */
export function categoryTreeQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'category-tree'],
    queryFn: ({ signal }) => getCategoryTree(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type CategoryTreeState =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; tree: CategoryFacetItem[] };

/** Loads the tree the first time `wanted` is true, and keeps it. */
export function useCategoryTree(wanted: boolean): CategoryTreeState {
  const query = useQuery({ ...categoryTreeQueryOptions(), enabled: wanted });
  if (query.data) return { status: 'done', tree: query.data };
  if (query.isError && !query.isFetching) {
    return { status: 'error', message: query.error instanceof Error ? query.error.message : String(query.error) };
  }
  return { status: query.isFetching ? 'loading' : 'idle' };
}
