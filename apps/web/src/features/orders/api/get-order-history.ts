import { ORDER_HISTORY_PAGE_SIZE, type OrderHistoryValue } from '@shop/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/account/orders?page=N&pageSize=12: one page of the customer's order history (account.md 2.2, 7). */
export function getOrderHistory(page: number, signal?: AbortSignal): Promise<OrderHistoryValue> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ORDER_HISTORY_PAGE_SIZE) });
  return apiGet<OrderHistoryValue>(`/c3api/account/orders?${query}`, signal);
}

export function orderHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: viewerKey('orders', 'history', page),
    queryFn: ({ signal }) => getOrderHistory(page, signal),
    // A status changes when a store acts: look again on each visit.
    staleTime: 0,
    // Paging keeps the page on screen until the next one answers (no flash of "Loading").
    placeholderData: keepPreviousData,
  });
}

export function useOrderHistory(page: number) {
  return useApiQuery(orderHistoryQueryOptions(page));
}
