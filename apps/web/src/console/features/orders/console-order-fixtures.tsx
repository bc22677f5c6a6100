import type { ConsoleMeValue, ConsoleOrder } from '@shop/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { ConsoleContext } from '../../lib/use-console-store';
import { OrderRoutes } from './order-routes';

/** Test fixtures for the console's orders pages: a staff member of store 7, and an order of it. */
export const STORE = { Id: 7, Name: 'Ballarat', Region: 'AU' as const };
export const ME: ConsoleMeValue = { Email: 'staff@example.com', Role: 'store_staff', Stores: [STORE] };

export function consoleOrder(overrides: Partial<ConsoleOrder> = {}): ConsoleOrder {
  return {
    Reference: 'ORD-AAAA-BBBB-CCCC',
    PlacedAt: '2026-11-20T01:00:00.000Z',
    State: 'open',
    Method: 'postage',
    Service: 'Regular',
    NextStep: 'Pack the items and dispatch them with a tracking number',
    Actions: ['dispatch', 'cancel-item'],
    Customer: { Name: 'Ada Lovelace', Email: 'ada@example.com', Phone: '0412 345 678' },
    Address: { BusinessName: '', Line1: '1 George St', Line2: '', Suburb: 'Sydney', State: 'NSW', PostCode: '2000' },
    Payment: { Option: 'CreditCard', PaidOnline: true, PaidInStoreAt: null, PaidInStoreMinor: null, PaidInStore: null },
    Lines: [
      line({ Code: 'SH1', Title: 'Fender Stratocaster', PriceMinor: 45_000, Price: '$450.00' }),
      line({ Code: 'SH2', Title: 'Guitar amp', PriceMinor: 12_000, Price: '$120.00' }),
    ],
    Totals: {
      ItemsMinor: 57_000,
      Items: '$570.00',
      DiscountMinor: 0,
      Discount: '$0.00',
      PostageMinor: 1195,
      Postage: '$11.95',
      TotalMinor: 58_195,
      Total: '$581.95',
      RefundedMinor: 0,
      Refunded: '$0.00',
    },
    Carrier: null,
    TrackingNumber: null,
    TrackingUrl: null,
    ReadyAt: null,
    DispatchedAt: null,
    CollectedAt: null,
    ...overrides,
  };
}

export function line(overrides: Partial<ConsoleOrder['Lines'][number]>): ConsoleOrder['Lines'][number] {
  return {
    Code: 'SH1',
    Title: 'Item',
    ItemType: 'Guitars',
    PriceMinor: 1000,
    Price: '$10.00',
    DiscountMinor: 0,
    Cancelled: false,
    CancelledAt: null,
    RefundMinor: null,
    Refund: null,
    RefundFailed: false,
    CanCancel: true,
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the orders area at `path` (under /store-console/stores/7/orders) for store 7's staff. */
export function renderOrders(path: string) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ConsoleContext.Provider value={{ me: ME, store: STORE }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/store-console/stores/7/orders/*" element={<OrderRoutes />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </ConsoleContext.Provider>
    </QueryClientProvider>,
  );
  return client;
}
