import type { Passkey } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/account/passkeys: the customer's passkeys. */
export async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  const value = await apiGet<{ Passkeys: Passkey[] }>('/c3api/account/passkeys', signal);
  return value.Passkeys;
}

export const passkeysKey = viewerKey('account', 'passkeys');

export function passkeysQueryOptions() {
  return queryOptions({ queryKey: passkeysKey, queryFn: ({ signal }) => getPasskeys(signal), staleTime: 0 });
}

export function usePasskeys() {
  return useApiQuery(passkeysQueryOptions());
}
