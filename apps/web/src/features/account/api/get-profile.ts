import type { ProfileValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/account/profile: the details checkout prefills. */
export function getProfile(signal?: AbortSignal): Promise<ProfileValue> {
  return apiGet<ProfileValue>('/c3api/account/profile', signal);
}

export const profileKey = viewerKey('account', 'profile');

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useApiQuery(profileQueryOptions());
}
