import { Route, Routes } from 'react-router';
import { AuditPage } from './audit-page';
import { OrderPage } from './order-page';
import { OrdersListPage } from './orders-list-page';
import './orders.css';

/**
 * /store-console/stores/:storeId/orders/*: the store's online orders: the
 * list by state, one order with its after-sale moves, and the store's audit trail.
 */
export function OrderRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersListPage />} />
      <Route path="audit" element={<AuditPage />} />
      <Route path=":reference" element={<OrderPage />} />
    </Routes>
  );
}
