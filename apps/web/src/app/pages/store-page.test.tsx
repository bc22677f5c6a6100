// @vitest-environment jsdom
import type { Store, StoreQueryValue } from '@shop/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/query-wrapper';
import { StorePage } from './store-page';

const FYSHWICK: Store = {
  Id: 7,
  Slug: 'fyshwick-act',
  Name: 'Fyshwick',
  NameWithState: 'Fyshwick, ACT',
  State: 'ACT',
  StateName: 'Australian Capital Territory',
  Address: '12 Kembla Street, Fyshwick ACT 2609',
  Suburb: 'Fyshwick',
  Postcode: '2609',
  Phone: '(02) 6123 4567',
  Email: 'fyshwick-act@secondhandstores.com.au',
  OpeningHours: [
    { Day: 'Monday', Hours: '9:00am - 5:30pm' },
    { Day: 'Sunday', Hours: 'Closed' },
  ],
  BusinessNumber: '51 824 753 556',
  DealerLicences: ['Second-hand Dealers and Pawnbrokers Licence ACT-123456'],
  PickupDisabled: false,
  Latitude: -35.32512,
  Longitude: 149.17433,
  Region: 'AU',
  Url: '/stores/fyshwick-act',
  DistanceKm: null,
};

const stores = (list: Store[]): StoreQueryValue => ({
  Stores: list.map((store) => ({ ...store, OpenNow: true, TodayHours: '9:00am - 5:30pm' })),
  TotalStores: list.length,
  SortOptions: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  renderRoute(path, '/stores/:slug', <StorePage />);
}

describe('StorePage', () => {
  it("shows the store's name, address, hours, phone, items link and map coordinates", async () => {
    const other = { ...FYSHWICK, Id: 8, Slug: 'fyshwick-nsw', Name: 'Fyshwick North' };
    const calls = stubFetch({ 'GET /c3api/store/query/': () => envelope(stores([other, FYSHWICK])) });
    renderAt('/stores/fyshwick-act');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fyshwick ACT Store' })).toBeTruthy();
    expect(document.title).toBe('Fyshwick ACT Store | Secondhand');
    expect(calls[0]?.url).toBe('/c3api/store/query/?query=fyshwick&sort=name');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(screen.getByText('12 Kembla Street, Fyshwick ACT 2609')).toBeTruthy();
    const hours = screen.getByRole('region', { name: 'Opening hours' });
    // On the day itself a row also says "(today)" to a screen reader.
    expect(within(hours).getByRole('row', { name: /Monday (\(today\) )?9:00am - 5:30pm/ })).toBeTruthy();
    expect(within(hours).getByRole('row', { name: /Sunday (\(today\) )?Closed/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /\(02\) 6123 4567/ }).getAttribute('href')).toBe('tel:0261234567');
    expect(screen.getByRole('link', { name: FYSHWICK.Email }).getAttribute('href')).toBe(`mailto:${FYSHWICK.Email}`);
    expect(screen.getByRole('link', { name: "Shop this store's items" }).getAttribute('href')).toBe(
      '/search-results?location=fyshwick-act',
    );
    const map = screen.getByRole('link', { name: /View on map/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=-35.32512&mlon=149.17433#map=16/-35.32512/149.17433',
    );
    expect(screen.getByText('-35.32512, 149.17433')).toBeTruthy();
    expect(screen.getByText(/51 824 753 556/)).toBeTruthy();
  });

  it('titles a UK store by its town and names its county', async () => {
    const lewisham: Store = {
      ...FYSHWICK,
      Slug: 'lewisham-lnd',
      Name: 'Lewisham',
      State: 'LND',
      StateName: 'Greater London',
      Region: 'UK',
    };
    stubFetch({ 'GET /c3api/store/query/': () => envelope(stores([lewisham])) });
    renderAt('/stores/lewisham-lnd');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lewisham Store' })).toBeTruthy();
    expect(screen.getByText(/Greater London/)).toBeTruthy();
    expect(screen.queryByText(/LND/)).toBeNull();
  });

  it('says the store is not found when no store of the region has the slug', async () => {
    stubFetch({ 'GET /c3api/store/query/': () => envelope(stores([FYSHWICK])) });
    renderAt('/stores/nowhere-act');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all items' })).toBeTruthy();
  });
});
