import type { ProductDetail } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useRendersServerHtml } from '../../../lib/ssr-state';
import { useApiQuery } from '../../../lib/use-api-query';

export function productPath(code: string): string {
  return `/c3api/product/query?${new URLSearchParams({ code })}`;
}

export function getProduct(code: string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(productPath(code), signal);
}

/** Codes are case-insensitive: one cache entry per item. Each page view asks again (it counts a view). */
export function productQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['product', code.toUpperCase()],
    queryFn: ({ signal }) => getProduct(code, signal),
    staleTime: 0,
  });
}

/** The product page's item. Sold items still come back (IsAvailable false); an unknown code is a 404. */
export function useProduct(code: string | null) {
  // Hydrating a server-rendered page: the server asked (and counted the view); its answer, or its
  // 404, stands until the shopper comes to the page again.
  const fromServer = useRendersServerHtml();
  return useApiQuery({
    ...productQueryOptions(code ?? ''),
    enabled: code !== null,
    refetchOnMount: !fromServer,
    retryOnMount: !fromServer,
  });
}
