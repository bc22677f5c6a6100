import { Link, Outlet } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useConsoleMe } from '../lib/get-console-me';

/**
 * The console's guard, inside the shop's sign-in guard: until the server says who this is in the
 * console nothing shows; a customer without a staff role (403) is told so, with a way back.
 */
export function RequireStaff() {
  const me = useConsoleMe();
  useDocumentTitle('Store console');
  if (me.status === 'loading') {
    return (
      <div className="console" aria-busy="true">
        <p role="status">Opening the store console...</p>
      </div>
    );
  }
  if (me.status === 'error') {
    return (
      <div className="console console--message">
        <main id="main" tabIndex={-1}>
          <h1>Store console</h1>
          <p role="alert">{me.httpStatus === 403 ? 'This is for store staff only.' : me.message}</p>
          <p>
            <Link to="/">Back to the shop</Link>
          </p>
        </main>
      </div>
    );
  }
  return <Outlet />;
}
