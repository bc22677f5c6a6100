import type { ConsoleCategoriesValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

/** GET /c3api/console/stores/:storeId/categories: every category with its id, in the tree's order. */
export function getStockCategories(storeId: number, signal?: AbortSignal) {
  return apiGet<ConsoleCategoriesValue>(`/c3api/console/stores/${storeId}/categories`, signal);
}

/** The tree hardly changes: asked once per visit. */
export function useStockCategories(storeId: number) {
  return useApiQuery(
    queryOptions({
      queryKey: consoleKey('stores', storeId, 'categories'),
      queryFn: ({ signal }) => getStockCategories(storeId, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );
}
