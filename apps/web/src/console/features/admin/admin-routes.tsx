import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useConsoleMe } from '../../lib/get-console-me';
import { BannersPage } from './banners-page';
import { DiscountsPage } from './discounts-page';
import { FlagsPage } from './flags-page';
import { PagesPage } from './pages-page';
import { StaffPage } from './staff-page';
import { StoresPage } from './stores-page';
import './admin.css';

const TABS = [
  { path: 'stores', label: 'Stores' },
  { path: 'staff', label: 'Staff' },
  { path: 'banners', label: 'Banners' },
  { path: 'discount-codes', label: 'Discount codes' },
  { path: 'pages', label: 'Pages' },
  { path: 'flags', label: 'Feature flags' },
] as const;

/**
 * /store-console/admin: the marketplace admin, one area per tab. The server
 * refuses every call to anyone but an admin; this only decides what to show.
 */
export function AdminRoutes() {
  const me = useConsoleMe();
  if (me.status !== 'done') return null;
  if (me.value.Role !== 'marketplace_admin') {
    return (
      <section className="console-section">
        <h1>Marketplace admin</h1>
        <p role="alert">This is for marketplace admins only.</p>
      </section>
    );
  }
  return (
    <div className="admin">
      <h1>Marketplace admin</h1>
      <nav aria-label="Marketplace admin">
        <ul className="admin-tabs">
          {TABS.map((tab) => (
            <li key={tab.path}>
              <NavLink to={`/store-console/admin/${tab.path}`}>{tab.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to="stores" replace />} />
        <Route path="stores" element={<StoresPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route path="banners" element={<BannersPage />} />
        <Route path="discount-codes" element={<DiscountsPage />} />
        <Route path="pages" element={<PagesPage />} />
        <Route path="flags" element={<FlagsPage />} />
        <Route path="*" element={<Navigate to="stores" replace />} />
      </Routes>
    </div>
  );
}
