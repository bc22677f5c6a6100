import type { WhoamiValue } from '@shop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../../../lib/api-client';
import { GUEST, VIEWER_LOADING, type Viewer } from '../../../lib/viewer';
import { viewerKey } from '../../../lib/viewer-scope';

/** GET /c3api/whoami: the signed-in customer, or a plain string for anyone else (storefront.md 7). */
export function getWhoami(signal?: AbortSignal): Promise<WhoamiValue> {
  return apiGet<WhoamiValue>('/c3api/whoami', signal);
}

/** Under the 'account' scope, so every sign-in and sign-out (resetViewerData) asks again. */
export const whoamiKey = viewerKey('account', 'whoami');

export function whoamiQueryOptions() {
  return queryOptions({ queryKey: whoamiKey, queryFn: ({ signal }) => getWhoami(signal), staleTime: 5 * 60_000 });
}

/** A whoami reply as the pages see the viewer: a string (or no answer at all) is a guest. */
export function viewerFrom(value: WhoamiValue): Viewer {
  if (typeof value === 'string' || !value.Email) return GUEST;
  return { kind: 'customer', email: value.Email, firstName: value.FirstName, lastName: value.LastName };
}

/**
 * The viewer from whoami: loading until the first answer; a failed call counts as a guest (the
 * account stays hidden rather than shown to someone we cannot identify).
 */
export function useWhoamiViewer(): Viewer {
  const { data, isError } = useQuery(whoamiQueryOptions());
  // One object per answer, so the context's readers re-render only when the viewer changes.
  return useMemo(() => {
    if (data !== undefined) return viewerFrom(data);
    return isError ? GUEST : VIEWER_LOADING;
  }, [data, isError]);
}
