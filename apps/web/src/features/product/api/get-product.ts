import type { ProductDetail } from '@shop/contract';
import { useApi } from '../../../lib/use-api';

export function productPath(code: string): string {
  return `/c3api/product/query?${new URLSearchParams({ code })}`;
}

/** The product page's item. Sold items still come back (IsAvailable false); an unknown code is a 404. */
export function useProduct(code: string | null) {
  return useApi<ProductDetail>(code === null ? null : productPath(code));
}
