import type { GstInvoiceValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/**
 * GET /c3api/invoice?id={ref}[&key=]: an order's tax invoice (a VAT receipt in the UK), one part per
 * store. The owner's session or the order e-mail's signed key opens it; anyone else gets a 404.
 */
export function getInvoice(reference: string, key: string | null, signal?: AbortSignal): Promise<GstInvoiceValue> {
  const query = new URLSearchParams({ id: reference });
  if (key) query.set('key', key);
  return apiGet<GstInvoiceValue>(`/c3api/invoice?${query}`, signal);
}

export function invoiceQueryOptions(reference: string, key: string | null) {
  return queryOptions({
    queryKey: ['invoice', reference, key ?? ''],
    queryFn: ({ signal }) => getInvoice(reference, key, signal),
    enabled: reference !== '',
    // A 404 stays a 404, and the page already says to try again later.
    retry: false,
  });
}

export function useInvoice(reference: string, key: string | null) {
  return useApiQuery(invoiceQueryOptions(reference, key));
}
