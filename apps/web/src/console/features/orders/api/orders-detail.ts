import type { ConsoleOrder } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleOrdersKey } from './orders-list';

/** GET /c3api/console/stores/:storeId/orders/:reference: one order as the store sees it (another store's: 404). */
export function getConsoleOrder(storeId: number, reference: string, signal?: AbortSignal): Promise<ConsoleOrder> {
  return apiGet<ConsoleOrder>(`/c3api/console/stores/${storeId}/orders/${encodeURIComponent(reference)}`, signal);
}

export const consoleOrderKey = (storeId: number, reference: string) => [...consoleOrdersKey(storeId), 'one', reference];

export function consoleOrderQueryOptions(storeId: number, reference: string) {
  return queryOptions({
    queryKey: consoleOrderKey(storeId, reference),
    queryFn: ({ signal }) => getConsoleOrder(storeId, reference, signal),
    staleTime: 0,
    // A 404 stays a 404.
    retry: false,
  });
}

export function useConsoleOrder(storeId: number, reference: string) {
  return useApiQuery(consoleOrderQueryOptions(storeId, reference));
}
