import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Forgets a query once the page leaves it (another key, or the page unmounted), so a later visit
 * asks afresh instead of drawing what an earlier visit loaded. `gcTime: 0` does this for answers
 * fetched in the browser, but a query the server handed over keeps the cache's default life, and
 * its Load More pages with it. The removal waits a tick and skips a query someone still watches
 * (React's strict mode mounts twice; a remount in the same commit takes the query over).
 */
export function useForgetOnLeave(queryKey: QueryKey): void {
  const client = useQueryClient();
  const hash = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(hash) as QueryKey;
    return () => {
      setTimeout(() => {
        const query = client.getQueryCache().find({ queryKey: key, exact: true });
        if (query && query.getObserversCount() === 0) client.removeQueries({ queryKey: key, exact: true });
      }, 0);
    };
  }, [client, hash]);
}
