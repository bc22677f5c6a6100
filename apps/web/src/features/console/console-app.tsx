import { Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { RequireViewer } from '../../app/require-viewer';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminRoutes } from './admin/admin-routes';
import { useConsoleMe } from './api/get-console-me';
import { InvitationPage } from './invitation/invitation-page';
import { OrderRoutes } from './orders/order-routes';
import { StoreSettingsPage } from './settings/store-settings-page';
import { StockRoutes } from './stock/stock-routes';
import { ConsoleContext, consolePaths } from './use-console-store';
import './console.css';

/**
 * /store-console: the stores' side of the shop (issue 14), with its own layout made for a tablet at
 * the counter. Guests go to /login and come back; a customer without a staff role is told so. The
 * server checks the role on every call: this only decides what to show.
 */
export function ConsoleApp() {
  return (
    <Routes>
      <Route path="invitation" element={<InvitationPage />} />
      <Route element={<RequireViewer />}>
        <Route element={<ConsoleLayout />}>
          <Route index element={<ConsoleHome />} />
          <Route path="stores/:storeId" element={<StoreArea />}>
            <Route path="stock/*" element={<StockRoutes />} />
            <Route path="orders/*" element={<OrderRoutes />} />
            <Route path="settings" element={<StoreSettingsPage />} />
            <Route path="*" element={<Navigate to="stock" replace />} />
          </Route>
          <Route path="admin/*" element={<AdminRoutes />} />
          <Route path="*" element={<ConsoleNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}

function ConsoleLayout() {
  const me = useConsoleMe();
  const { pathname } = useLocation();
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

/** /store-console: straight to the stock of the first store; an admin without stores to the admin area. */
function ConsoleHome() {
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

/** A store of the path that this staff member runs, provided to the pages under it; any other is not found. */
function StoreArea() {
  const me = useConsoleMe();
  const { storeId } = useParams();
  if (me.status !== 'done') return null;
  const store = me.value.Stores.find((s) => String(s.Id) === storeId);
  if (!store) return <ConsoleNotFound />;
  return (
    <ConsoleContext.Provider value={{ me: me.value, store }}>
      <Outlet />
    </ConsoleContext.Provider>
  );
}

function ConsoleNotFound() {
  return (
    <section className="console-section">
      <h1>Not found</h1>
      <p>There is nothing here, or it is not yours to see.</p>
      <p>
        <Link to={consolePaths.home}>Back to the console</Link>
      </p>
    </section>
  );
}
