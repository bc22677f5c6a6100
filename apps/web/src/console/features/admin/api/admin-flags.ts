import type { AdminFlagsBody, AdminFlagsValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const adminFlagsKey = consoleKey('admin', 'flags');

/** GET /c3api/console/admin/flags: each flag's admin switch, environment switch and effect. */
export function getAdminFlags(signal?: AbortSignal): Promise<AdminFlagsValue> {
  return apiGet<AdminFlagsValue>('/c3api/console/admin/flags', signal);
}

export function adminFlagsQueryOptions() {
  return queryOptions({ queryKey: adminFlagsKey, queryFn: ({ signal }) => getAdminFlags(signal), retry: false });
}

export function useAdminFlags() {
  return useApiQuery(adminFlagsQueryOptions());
}

/** POST /c3api/console/admin/flags */
export function saveAdminFlags(body: AdminFlagsBody): Promise<AdminFlagsValue> {
  return apiPost<AdminFlagsValue>('/c3api/console/admin/flags', body);
}
