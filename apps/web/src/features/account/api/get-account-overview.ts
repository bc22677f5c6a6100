import type { AccountOverviewValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/account/overview: the dashboard's orders, wishlist and saved-search figures (account.md 2.1). */
export function getAccountOverview(signal?: AbortSignal): Promise<AccountOverviewValue> {
  return apiGet<AccountOverviewValue>('/c3api/account/overview', signal);
}

export function accountOverviewQueryOptions() {
  return queryOptions({
    queryKey: viewerKey('account', 'overview'),
    queryFn: ({ signal }) => getAccountOverview(signal),
    staleTime: 0,
  });
}

export function useAccountOverview() {
  return useApiQuery(accountOverviewQueryOptions());
}
