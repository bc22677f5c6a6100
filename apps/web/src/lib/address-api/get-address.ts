import type { AddressDetail } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';

/** GET /c3api/address?reference=: the parts of the suggestion the shopper chose. */
export function getAddress(reference: string, signal?: AbortSignal): Promise<AddressDetail> {
  return apiGet<AddressDetail>(`/c3api/address?reference=${encodeURIComponent(reference)}`, signal);
}

export function addressDetailQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ['address', 'detail', reference],
    queryFn: ({ signal }) => getAddress(reference, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
