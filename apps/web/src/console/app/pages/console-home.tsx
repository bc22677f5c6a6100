import { Navigate } from 'react-router';
import { useConsoleMe } from '../../lib/get-console-me';
import { consolePaths } from '../../lib/use-console-store';

/** /store-console: straight to the stock of the first store; an admin without stores to the admin area. */
export function ConsoleHome() {
  const me = useConsoleMe();
  if (me.status !== 'done') return null;
  const first = me.value.Stores[0];
  if (first) return <Navigate to={consolePaths.stock(first.Id)} replace />;
  if (me.value.Role === 'marketplace_admin') return <Navigate to={consolePaths.admin} replace />;
  return (
    <section className="console-section">
      <h1>Store console</h1>
      <p>You are not assigned to a store yet. Ask a marketplace admin to add you to your store.</p>
    </section>
  );
}
