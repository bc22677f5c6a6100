import type { SiteValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /c3api/site: region, currency and feature flags; the same for the whole visit. */
export function getSiteSettings(signal?: AbortSignal): Promise<SiteValue> {
  return apiGet<SiteValue>('/c3api/site', signal);
}

export function siteSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => getSiteSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
