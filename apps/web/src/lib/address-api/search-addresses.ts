import { ADDRESS_LOOKUP_MIN_EXCLUSIVE, ADDRESS_SUGGESTION_COUNT, type AddressSuggestion } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';

/** GET /c3api/address?query=: up to 7 suggestions for what the shopper typed (more than 3 characters). */
export async function searchAddresses(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  const found = await apiGet<AddressSuggestion[]>(`/c3api/address?query=${encodeURIComponent(query)}`, signal);
  return (found ?? []).slice(0, ADDRESS_SUGGESTION_COUNT);
}

export function addressSuggestionsQueryOptions(query: string) {
  const text = query.trim();
  return queryOptions({
    queryKey: ['address', 'suggestions', text],
    queryFn: ({ signal }) => searchAddresses(text, signal),
    enabled: text.length > ADDRESS_LOOKUP_MIN_EXCLUSIVE,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
