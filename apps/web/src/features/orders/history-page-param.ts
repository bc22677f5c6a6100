import { OrderHistoryQuerySchema } from '@shop/contract';

/**
 * The history's page from the address bar's `page`: 1 when missing, not a whole number or below 1
 * (account.md 2.2, 5). The contract's rule, the same one the server applies to the call.
 */
export function historyPageFrom(search: URLSearchParams): number {
  return OrderHistoryQuerySchema.shape.page.parse(search.get('page') ?? undefined);
}
