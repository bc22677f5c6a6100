import type { ConsoleMeValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { viewerKey } from '../../lib/viewer-scope';

/** GET /c3api/console/me: the staff member's role and the stores of this region they run (403 for customers). */
export function getConsoleMe(signal?: AbortSignal): Promise<ConsoleMeValue> {
  return apiGet<ConsoleMeValue>('/c3api/console/me', signal);
}

/** Every console query key starts with this, so signing out forgets the console's data too. */
export const consoleKey = (...rest: unknown[]) => viewerKey('console', ...rest);

export const consoleMeKey = consoleKey('me');

export function consoleMeQueryOptions() {
  return queryOptions({ queryKey: consoleMeKey, queryFn: ({ signal }) => getConsoleMe(signal), retry: false });
}

export function useConsoleMe() {
  return useApiQuery(consoleMeQueryOptions());
}
