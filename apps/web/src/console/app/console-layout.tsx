import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useConsoleMe } from '../lib/get-console-me';
import { consolePaths } from '../lib/use-console-store';

/** The console's frame: its header (store picker, areas, who is signed in) around the page. */
export function ConsoleLayout() {
  const me = useConsoleMe();
  const { pathname } = useLocation();
  // RequireStaff shows nothing else until the console knows who this is.
  if (me.status !== 'done') return null;
  const current = /^\/store-console\/stores\/(\d+)/.exec(pathname)?.[1];
  const store = me.value.Stores.find((s) => String(s.Id) === current) ?? null;
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-header">
        <Link to={consolePaths.home} className="console-brand">
          Store console
        </Link>
        <StorePicker stores={me.value.Stores} current={store?.Id ?? null} />
        <nav aria-label="Console" className="console-nav">
          {store && (
            <>
              <NavLink to={consolePaths.stock(store.Id)}>Stock</NavLink>
              <NavLink to={consolePaths.orders(store.Id)}>Orders</NavLink>
              <NavLink to={consolePaths.settings(store.Id)}>Settings</NavLink>
            </>
          )}
          {me.value.Role === 'marketplace_admin' && <NavLink to={consolePaths.admin}>Admin</NavLink>}
        </nav>
        <p className="console-who">
          <span className="console-email">{me.value.Email}</span> <Link to="/">Back to the shop</Link>{' '}
          {/* A tablet at the counter is shared: signing out is one tap from every console page. */}
          <Link to="/logout">Sign out</Link>
        </p>
      </header>
      <main id="main" tabIndex={-1} className="console-main">
        <Outlet />
      </main>
    </div>
  );
}

/** The store to work on, for staff of more than one store (and admins): changing it keeps the area. */
function StorePicker({ stores, current }: { stores: { Id: number; Name: string }[]; current: number | null }) {
  const navigate = useNavigate();
  if (stores.length === 0) return null;
  if (stores.length === 1 && current === stores[0]?.Id) return <p className="console-store">{stores[0]?.Name}</p>;
  return (
    <label className="console-store">
      <span>Store</span>
      <select
        value={current ?? ''}
        onChange={(event) => {
          const id = Number(event.target.value);
          if (!id) return;
          const area = /\/stores\/\d+\/(stock|orders|settings)/.exec(window.location.pathname)?.[1] ?? 'stock';
          navigate(`/store-console/stores/${id}/${area}`);
        }}
      >
        {current === null && <option value="">Choose a store</option>}
        {stores.map((s) => (
          <option key={s.Id} value={s.Id}>
            {s.Name}
          </option>
        ))}
      </select>
    </label>
  );
}
