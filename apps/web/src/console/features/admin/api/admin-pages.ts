import type { AdminPage, AdminPageInput, AdminPageListValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const adminPagesKey = consoleKey('admin', 'pages');

/** GET /c3api/console/admin/pages: the region's help pages, the policies first. */
export function getAdminPages(signal?: AbortSignal): Promise<AdminPageListValue> {
  return apiGet<AdminPageListValue>('/c3api/console/admin/pages', signal);
}

export function adminPagesQueryOptions() {
  return queryOptions({ queryKey: adminPagesKey, queryFn: ({ signal }) => getAdminPages(signal), retry: false });
}

export function useAdminPages() {
  return useApiQuery(adminPagesQueryOptions());
}

/** POST .../pages/{slug}: the server sanitises the body before it stores it. */
export function saveAdminPage(slug: string, body: AdminPageInput): Promise<AdminPage> {
  return apiPost<AdminPage>(`/c3api/console/admin/pages/${encodeURIComponent(slug)}`, body);
}
