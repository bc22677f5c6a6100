import { createContext, useContext } from 'react';

/**
 * Who is using the shop, as the pages see it: a guest until accounts arrive, then a signed-in
 * customer (the account issue fills this from GET /c3api/whoami and calls resetViewerData on
 * every change).
 */
export type Viewer = { kind: 'guest' } | { kind: 'customer'; email: string; firstName: string };

export const GUEST: Viewer = { kind: 'guest' };

export const ViewerContext = createContext<Viewer>(GUEST);

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
