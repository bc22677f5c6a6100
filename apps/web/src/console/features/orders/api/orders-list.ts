import type { ConsoleOrderListValue, ConsoleOrdersQuery } from '@shop/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export type ConsoleOrdersFilter = ConsoleOrdersQuery['status'];

/** The filters in the order the orders page offers them; 'open' (to do) is the default. */
export const CONSOLE_ORDER_FILTERS: readonly ConsoleOrdersFilter[] = [
  'open',
  'ready',
  'dispatched',
  'collected',
  'cancelled',
  'all',
];
export const CONSOLE_ORDERS_PAGE_SIZE = 25;

/** GET /c3api/console/stores/:storeId/orders?status=&page=&pageSize=: a page of the store's shipments. */
export function getConsoleOrders(
  storeId: number,
  status: ConsoleOrdersFilter,
  page: number,
  signal?: AbortSignal,
): Promise<ConsoleOrderListValue> {
  const query = new URLSearchParams({ status, page: String(page), pageSize: String(CONSOLE_ORDERS_PAGE_SIZE) });
  return apiGet<ConsoleOrderListValue>(`/c3api/console/stores/${storeId}/orders?${query}`, signal);
}

/** Every list of one store's orders: an action on one order makes them all stale. */
export const consoleOrdersKey = (storeId: number) => consoleKey('stores', storeId, 'orders');

export function consoleOrdersQueryOptions(storeId: number, status: ConsoleOrdersFilter, page: number) {
  return queryOptions({
    queryKey: [...consoleOrdersKey(storeId), 'list', status, page],
    queryFn: ({ signal }) => getConsoleOrders(storeId, status, page, signal),
    // Paging keeps the old page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useConsoleOrders(storeId: number, status: ConsoleOrdersFilter, page: number) {
  return useApiQuery(consoleOrdersQueryOptions(storeId, status, page));
}
