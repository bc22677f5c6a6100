import type { ConsoleCategory, ConsoleItem, ConsoleMeValue } from '@shop/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { ConsoleContext } from '../../lib/use-console-store';
import { StockRoutes } from './stock-routes';

/** Test fixtures for the stock pages: a staff member of store 7, its categories and items. */
export const STORE = { Id: 7, Name: 'Ballarat', Region: 'AU' as const };
export const ME: ConsoleMeValue = { Email: 'staff@example.com', Role: 'store_staff', Stores: [STORE] };
export const ITEMS_URL = '/c3api/console/stores/7/items';

export const CATEGORIES: ConsoleCategory[] = [
  { Id: 1, Slug: 'music', Name: 'Music', Path: 'Music', Depth: 0 },
  { Id: 2, Slug: 'guitars', Name: 'Guitars', Path: 'Music › Guitars', Depth: 1 },
  { Id: 3, Slug: 'cameras', Name: 'Cameras', Path: 'Cameras', Depth: 0 },
];

export function stockItem(overrides: Partial<ConsoleItem> = {}): ConsoleItem {
  return {
    Code: 'SH100',
    Slug: 'fender-stratocaster',
    Title: 'Fender Stratocaster',
    CategoryId: 2,
    CategoryName: 'Guitars',
    Brand: 'Fender',
    Condition: 4,
    Description: 'Plays well.',
    PriceMinor: 125_000,
    Price: '$1,250.00',
    RrpMinor: 0,
    Rrp: '$0.00',
    Promotion: null,
    Colour: null,
    Storage: null,
    WeightGrams: 4000,
    LengthCm: 100,
    WidthCm: 40,
    HeightCm: 12,
    Postable: true,
    PictureCount: 1,
    Thumbnail: '/c3api/images/product/SH100/1?w=300',
    Status: 'available',
    InLiveOrder: false,
    ListedAt: '2026-11-20T01:00:00.000Z',
    UpdatedAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the stock area at `path` (under /store-console/stores/7/stock) for store 7's staff. */
export function renderStock(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConsoleContext.Provider value={{ me: ME, store: STORE }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/store-console/stores/7/stock/*" element={<StockRoutes />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </ConsoleContext.Provider>
    </QueryClientProvider>,
  );
}
