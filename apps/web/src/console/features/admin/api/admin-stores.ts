import type { AdminStore, AdminStoreInput, AdminStoreListValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const adminStoresKey = consoleKey('admin', 'stores');

/** GET /c3api/console/admin/stores: every store of the marketplace (both regions). */
export function getAdminStores(signal?: AbortSignal): Promise<AdminStoreListValue> {
  return apiGet<AdminStoreListValue>('/c3api/console/admin/stores', signal);
}

export function adminStoresQueryOptions() {
  return queryOptions({ queryKey: adminStoresKey, queryFn: ({ signal }) => getAdminStores(signal), retry: false });
}

export function useAdminStores() {
  return useApiQuery(adminStoresQueryOptions());
}

/** POST /c3api/console/admin/stores (a new store) or .../stores/{id} (a change to one). */
export function saveAdminStore(id: number | null, body: AdminStoreInput): Promise<AdminStore> {
  return apiPost<AdminStore>(id === null ? '/c3api/console/admin/stores' : `/c3api/console/admin/stores/${id}`, body);
}
