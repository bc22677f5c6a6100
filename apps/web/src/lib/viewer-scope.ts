import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The first segment of every query key whose answer depends on who is asking: the guest's cart
 * and wishlist now; the account, orders, saved searches and alerts when accounts arrive. Each
 * endpoint file builds its keys from these, so signing in or out can reset exactly them.
 */
const VIEWER_SCOPES = ['cart', 'wishlist', 'account', 'orders', 'saved-searches', 'alerts', 'console'] as const;
type ViewerScope = (typeof VIEWER_SCOPES)[number];

export function viewerKey(scope: ViewerScope, ...rest: unknown[]): QueryKey {
  return [scope, ...rest];
}

export function dependsOnViewer(key: QueryKey): boolean {
  return (VIEWER_SCOPES as readonly unknown[]).includes(key[0]);
}

/**
 * The one place that forgets what belonged to the previous viewer (sign-in, sign-out, a merged
 * guest cart): their queries are dropped, and those on screen fetch again for the new viewer.
 * Catalogue data (search, products, banners) is everyone's and stays.
 */
export async function resetViewerData(client: QueryClient): Promise<void> {
  const predicate = (query: { queryKey: QueryKey }) => dependsOnViewer(query.queryKey);
  await client.cancelQueries({ predicate });
  client.removeQueries({ predicate, type: 'inactive' });
  await client.resetQueries({ predicate, type: 'active' });
}
