import type { ConsoleAddItemBody, ConsoleEditItemBody, ConsoleItem } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api-client';
import { stockItemKey, stockKey } from './stock-items';

const itemPath = (storeId: number, code: string) =>
  `/c3api/console/stores/${storeId}/items/${encodeURIComponent(code)}`;

/** POST /c3api/console/stores/:storeId/items: a new item, pictures as base64. */
export function addStockItem(storeId: number, body: ConsoleAddItemBody) {
  return apiPost<ConsoleItem>(`/c3api/console/stores/${storeId}/items`, body);
}

/** POST .../items/:code/edit: the same fields; Pictures, when given, replace the old ones. */
export function editStockItem(storeId: number, code: string, body: ConsoleEditItemBody) {
  return apiPost<ConsoleItem>(`${itemPath(storeId, code)}/edit`, body);
}

/** POST .../items/:code/price */
export function changeStockPrice(storeId: number, code: string, priceMinor: number) {
  return apiPost<ConsoleItem>(`${itemPath(storeId, code)}/price`, { PriceMinor: priceMinor });
}

/** POST .../items/:code/sell (sold over the counter) or .../withdraw (taken off sale). */
export function endStockItem(storeId: number, code: string, how: 'sell' | 'withdraw') {
  return apiPost<ConsoleItem>(`${itemPath(storeId, code)}/${how}`, {});
}

/**
 * A mutation of the store's stock: the answer (the item as it now is) goes into the item's cache,
 * and the store's lists are asked again.
 */
export function useStockChange<V>(storeId: number, change: (variables: V) => Promise<ConsoleItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (item) => {
      queryClient.setQueryData(stockItemKey(storeId, item.Code), item);
      void queryClient.invalidateQueries({ queryKey: stockKey(storeId, 'list') });
    },
  });
}
