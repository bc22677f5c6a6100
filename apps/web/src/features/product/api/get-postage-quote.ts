import type { PostageQuote } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /c3api/product/postage: the item's postage to a postcode, as checkout charges it. */
export function getPostageQuote(code: string, postcode: string, signal?: AbortSignal): Promise<PostageQuote> {
  return apiGet<PostageQuote>(`/c3api/product/postage?${new URLSearchParams({ code, postcode })}`, signal);
}

export function postageQuoteQueryOptions(code: string, postcode: string | null) {
  const key = (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  return queryOptions({
    queryKey: ['product', 'postage', code, key],
    queryFn: ({ signal }) => getPostageQuote(code, postcode ?? '', signal),
    enabled: postcode !== null,
    // A postcode's price does not change while the shopper is on the page.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
