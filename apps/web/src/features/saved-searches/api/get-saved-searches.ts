import type { SavedSearchListValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/savedsearch/list: the signed-in customer's saved searches ({searches, totalSearches}). */
export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearchListValue> {
  return apiGet<SavedSearchListValue>('/c3api/savedsearch/list', signal);
}

export const savedSearchesKey = viewerKey('saved-searches', 'list');

export function savedSearchesQueryOptions() {
  return queryOptions({
    queryKey: savedSearchesKey,
    queryFn: ({ signal }) => getSavedSearches(signal),
    staleTime: 0,
  });
}

export function useSavedSearches() {
  return useApiQuery(savedSearchesQueryOptions());
}
