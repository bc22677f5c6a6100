import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from '../lib/return-path';
import { useViewer } from '../lib/viewer';

/**
 * The account area's guard: a signed-in customer sees the page in the outlet; a guest is sent to
 * /login (replacing this entry, so Back does not bounce them here again) and brought back after
 * signing in. Until whoami answers nothing is decided: a customer opening a bookmark stays put.
 * With `allowSignedKey`, a request carrying `?key=` (the order e-mail's signed link) passes
 * whoever asks: the server decides whether the key opens the page.
 */
export function RequireViewer({ allowSignedKey = false }: { allowSignedKey?: boolean }) {
  const viewer = useViewer();
  const location = useLocation();
  if (viewer.kind === 'customer') return <Outlet />;
  if (allowSignedKey && new URLSearchParams(location.search).get('key')) return <Outlet />;
  if (viewer.kind === 'loading') {
    return (
      <div className="page account-page" aria-busy="true">
        <p role="status">Checking your account...</p>
      </div>
    );
  }
  return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
}
