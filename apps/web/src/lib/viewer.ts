import { createContext, useContext } from 'react';

/**
 * Who is using the shop, as the pages see it: 'loading' until GET /c3api/whoami first answers (so
 * the account guard does not send a signed-in customer to /login on a fresh page load), then a guest
 * or a signed-in customer. The app's ViewerProvider fills it; every sign-in and sign-out goes
 * through lib/session.ts, which resets the viewer's data (and so asks whoami again).
 */
export type Viewer =
  | { kind: 'loading' }
  | { kind: 'guest' }
  | { kind: 'customer'; email: string; firstName: string; lastName: string };

export const GUEST: Viewer = { kind: 'guest' };
export const VIEWER_LOADING: Viewer = { kind: 'loading' };

export const ViewerContext = createContext<Viewer>(GUEST);

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
