import type { HelpPageValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** The returns page's slug: the footer, the terms and the item page all lead there. */
export const RETURNS_PAGE_SLUG = 'returns';

/**
 * The region's returns page (/help/returns), whose description is the policy in brief. The key is
 * the help page's own, so the item page and the returns page share one cached answer; the admin's
 * edit of the page is what the item page says.
 */
export function returnsPolicyQueryOptions() {
  return queryOptions({
    queryKey: ['help-page', RETURNS_PAGE_SLUG],
    queryFn: ({ signal }) =>
      apiGet<HelpPageValue>(`/c3api/content/helppage?${new URLSearchParams({ slug: RETURNS_PAGE_SLUG })}`, signal),
    staleTime: 10 * 60_000,
    // Without it the item page still links to the returns page; no need to hold the page for a retry.
    retry: false,
  });
}

export function useReturnsPolicy() {
  return useApiQuery(returnsPolicyQueryOptions());
}
