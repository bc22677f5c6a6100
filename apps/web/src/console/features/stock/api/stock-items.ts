import type { ConsoleItem, ConsoleItemListValue, ConsoleItemStatus } from '@shop/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

/** What the stock list asks for; it lives in the page's URL so Back returns to the same list. */
export interface StockFilters {
  query: string;
  status: ConsoleItemStatus | '';
  category: string;
  page: number;
}

export const STOCK_PAGE_SIZE = 25;

/** Every stock query of a store starts with this key, so a change refreshes the list and the item. */
export const stockKey = (storeId: number, ...rest: unknown[]) => consoleKey('stores', storeId, 'stock', ...rest);

export function stockItemsPath(storeId: number, filters: StockFilters): string {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.status) params.set('status', filters.status);
  if (filters.category) params.set('category', filters.category);
  params.set('page', String(filters.page));
  params.set('pageSize', String(STOCK_PAGE_SIZE));
  return `/c3api/console/stores/${storeId}/items?${params}`;
}

/** GET /c3api/console/stores/:storeId/items: a page of the store's items, newest first, with the total. */
export function getStockItems(storeId: number, filters: StockFilters, signal?: AbortSignal) {
  return apiGet<ConsoleItemListValue>(stockItemsPath(storeId, filters), signal);
}

export function useStockItems(storeId: number, filters: StockFilters) {
  return useApiQuery(
    queryOptions({
      queryKey: stockKey(storeId, 'list', filters),
      queryFn: ({ signal }) => getStockItems(storeId, filters, signal),
      // The next page or filter keeps the rows on screen until its answer arrives (no jump).
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** GET /c3api/console/stores/:storeId/items/:code: one of the store's items (404 for another store's). */
export function getStockItem(storeId: number, code: string, signal?: AbortSignal) {
  return apiGet<ConsoleItem>(`/c3api/console/stores/${storeId}/items/${encodeURIComponent(code)}`, signal);
}

export function stockItemKey(storeId: number, code: string) {
  return stockKey(storeId, 'item', code);
}

export function useStockItem(storeId: number, code: string) {
  return useApiQuery(
    queryOptions({
      queryKey: stockItemKey(storeId, code),
      queryFn: ({ signal }) => getStockItem(storeId, code, signal),
      retry: false,
    }),
  );
}
