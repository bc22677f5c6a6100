import type { ConsoleAuditValue } from '@shop/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const CONSOLE_AUDIT_PAGE_SIZE = 50;

/** GET /c3api/console/stores/:storeId/audit?page=&pageSize=: who did what and when, newest first. */
export function getConsoleAudit(storeId: number, page: number, signal?: AbortSignal): Promise<ConsoleAuditValue> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(CONSOLE_AUDIT_PAGE_SIZE) });
  return apiGet<ConsoleAuditValue>(`/c3api/console/stores/${storeId}/audit?${query}`, signal);
}

export const consoleAuditKey = (storeId: number) => consoleKey('stores', storeId, 'audit');

export function consoleAuditQueryOptions(storeId: number, page: number) {
  return queryOptions({
    queryKey: [...consoleAuditKey(storeId), page],
    queryFn: ({ signal }) => getConsoleAudit(storeId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useConsoleAudit(storeId: number, page: number) {
  return useApiQuery(consoleAuditQueryOptions(storeId, page));
}
