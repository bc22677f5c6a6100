import type { AdminDiscount, AdminDiscountCreateInput, AdminDiscountListValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const adminDiscountsKey = consoleKey('admin', 'discount-codes');

/** GET /c3api/console/admin/discount-codes: the region's codes with their rules and uses. */
export function getAdminDiscounts(signal?: AbortSignal): Promise<AdminDiscountListValue> {
  return apiGet<AdminDiscountListValue>('/c3api/console/admin/discount-codes', signal);
}

export function adminDiscountsQueryOptions() {
  return queryOptions({
    queryKey: adminDiscountsKey,
    queryFn: ({ signal }) => getAdminDiscounts(signal),
    retry: false,
  });
}

export function useAdminDiscounts() {
  return useApiQuery(adminDiscountsQueryOptions());
}

/**
 * The list with a just-saved code in it (replaced by id, or added in the server's order, by code), so
 * the list shows it with the "saved" notice rather than a moment later when the refetch lands.
 */
export function withSavedDiscount(list: AdminDiscountListValue, saved: AdminDiscount): AdminDiscountListValue {
  const others = list.Codes.filter((code) => code.Id !== saved.Id);
  const codes = [...others, saved].sort((a, b) => (a.Code < b.Code ? -1 : a.Code > b.Code ? 1 : 0));
  return { ...list, Codes: codes };
}

/** POST .../discount-codes (a new code) or .../discount-codes/{id} (its rules; the code stays). */
export function saveAdminDiscount(id: number | null, body: AdminDiscountCreateInput): Promise<AdminDiscount> {
  if (id === null) return apiPost<AdminDiscount>('/c3api/console/admin/discount-codes', body);
  const { Code: _code, ...rules } = body;
  return apiPost<AdminDiscount>(`/c3api/console/admin/discount-codes/${id}`, rules);
}

/** POST .../discount-codes/{id}/deactivate: checkout refuses it from now on. */
export function deactivateAdminDiscount(id: number): Promise<AdminDiscount> {
  return apiPost<AdminDiscount>(`/c3api/console/admin/discount-codes/${id}/deactivate`, {});
}
