import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /c3api/footer/warningaboutborrowing: the region's notice as HTML (not yet sanitised). */
export async function getFooterNotice(signal?: AbortSignal): Promise<string> {
  return (await apiGet<{ Html: string }>('/c3api/footer/warningaboutborrowing', signal)).Html;
}

/** The same on every page: one request serves the whole visit. */
export function footerNoticeQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'footer-notice'],
    queryFn: ({ signal }) => getFooterNotice(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The notice's HTML, or null until it arrives or if it fails (the footer goes without it). */
export function useFooterNotice(): string | null {
  return useQuery(footerNoticeQueryOptions()).data ?? null;
}
