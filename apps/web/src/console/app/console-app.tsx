import { Navigate, Route, Routes } from 'react-router';
import { RequireViewer } from '../../app/require-viewer';
import { AdminRoutes } from '../features/admin/admin-routes';
import { InvitationPage } from '../features/invitation/invitation-page';
import { OrderRoutes } from '../features/orders/order-routes';
import { StoreSettingsPage } from '../features/settings/store-settings-page';
import { StockRoutes } from '../features/stock/stock-routes';
import { ConsoleLayout } from './console-layout';
import { ConsoleHome } from './pages/console-home';
import { ConsoleNotFound } from './pages/console-not-found';
import { StoreArea } from './pages/store-area';
import { RequireStaff } from './require-staff';
import './console.css';

/**
 * /store-console: the stores' side of the shop, with its own layout made for a tablet at the
 * counter. The shop's router mounts this lazily, so none of it loads on the shop's pages. Guests go
 * to /login and come back; a customer without a staff role is told so. The server checks the role
 * on every call: this only decides what to show.
 */
export function ConsoleApp() {
  return (
    <Routes>
      <Route path="invitation" element={<InvitationPage />} />
      <Route element={<RequireViewer />}>
        <Route element={<RequireStaff />}>
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
      </Route>
    </Routes>
  );
}
