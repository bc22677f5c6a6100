import type { ConsoleStoreSettingsValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const storeSettingsKey = (storeId: number) => consoleKey('stores', storeId, 'settings');

/** GET /c3api/console/stores/:storeId/settings: contact and hours, pickup, postage table, invoice identity. */
export function getStoreSettings(storeId: number, signal?: AbortSignal) {
  return apiGet<ConsoleStoreSettingsValue>(`/c3api/console/stores/${storeId}/settings`, signal);
}

export function storeSettingsQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: storeSettingsKey(storeId),
    queryFn: ({ signal }) => getStoreSettings(storeId, signal),
    retry: false,
  });
}

export function useStoreSettings(storeId: number) {
  return useApiQuery(storeSettingsQueryOptions(storeId));
}
