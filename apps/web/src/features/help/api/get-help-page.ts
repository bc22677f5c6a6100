import type { HelpPageValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

export function helpPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['help-page', slug],
    queryFn: ({ signal }) => apiGet<HelpPageValue>(`/c3api/content/helppage?${new URLSearchParams({ slug })}`, signal),
    staleTime: 10 * 60_000,
    // A missing page stays missing: asking again would only delay the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** One of the region's help pages (/help/:slug); an unknown slug is a 404. Null asks nothing. */
export function useHelpPage(slug: string | null) {
  return useApiQuery({ ...helpPageQueryOptions(slug ?? ''), enabled: slug !== null });
}
