import type { OrderDetailValue } from '@shop/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/**
 * GET /c3api/account/orders/{orderid}[?key=]: one order's detail (account.md 2.3). A customer asks
 * through the session; a guest with the signed key of the order e-mail. Anyone else gets a 404.
 */
export function getOrderDetail(reference: string, key: string | null, signal?: AbortSignal): Promise<OrderDetailValue> {
  const query = key ? `?${new URLSearchParams({ key })}` : '';
  return apiGet<OrderDetailValue>(`/c3api/account/orders/${encodeURIComponent(reference)}${query}`, signal);
}

export function orderDetailQueryKey(reference: string, key: string | null) {
  return viewerKey('orders', 'detail', reference, key ?? '');
}

export function orderDetailQueryOptions(reference: string, key: string | null) {
  return queryOptions({
    queryKey: orderDetailQueryKey(reference, key),
    queryFn: ({ signal }) => getOrderDetail(reference, key, signal),
    enabled: reference !== '',
    staleTime: 0,
    // A 404 stays a 404: asking again would not find the order.
    retry: false,
  });
}

export function useOrderDetail(reference: string, key: string | null) {
  return useApiQuery(orderDetailQueryOptions(reference, key));
}

/**
 * Leaving the order's page clears the order (account.md 4): its query leaves the cache, so the
 * order (and a guest's key) is not kept in memory and a later visit asks afresh. The removal waits
 * a tick and skips a query someone still watches (React's strict mode mounts twice; a second view
 * of the same order may be on screen).
 */
export function useClearOrderOnLeave(reference: string, key: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    const queryKey = orderDetailQueryKey(reference, key);
    return () => {
      setTimeout(() => {
        const query = client.getQueryCache().find({ queryKey, exact: true });
        if (query && query.getObserversCount() === 0) client.removeQueries({ queryKey, exact: true });
      }, 0);
    };
  }, [client, reference, key]);
}
