import type { ReactNode } from 'react';
import { useWhoamiViewer } from '../features/account/api/get-whoami';
import { ViewerContext } from '../lib/viewer';

/**
 * Who is using the shop, from GET /c3api/whoami, for the whole app: 'loading' until it first
 * answers. Sign-in and sign-out reset the viewer's data (lib/session.ts), which asks whoami again.
 */
export function ViewerProvider({ children }: { children: ReactNode }) {
  const viewer = useWhoamiViewer();
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}
