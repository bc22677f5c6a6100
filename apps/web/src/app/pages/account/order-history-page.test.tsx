// @vitest-environment jsdom
import type { Region } from '@shop/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { historyPage } from '../../../test/order-fixtures';
import { withQueryClient } from '../../../test/query-wrapper';
import { OrderHistoryPage } from './order-history-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, region: Region = 'AU') {
  const settings = siteSettingsFrom({
    ...DEFAULT_SITE_SETTINGS,
    Region: region,
    CurrencyCode: region === 'AU' ? 'AUD' : 'GBP',
  });
  render(
    withQueryClient(
      <SiteSettingsContext.Provider value={settings}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/my-account/orders" element={<OrderHistoryPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SiteSettingsContext.Provider>,
    ),
  );
}

/** The history call answers the page asked for, of `total` orders (the last page beyond the end). */
function stubHistory(total: number) {
  return stubFetch({
    'GET /c3api/account/orders': (call) => {
      const asked = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      const last = Math.max(1, Math.ceil(total / 12));
      return envelope(historyPage(Math.min(asked, last), total));
    },
  });
}

const asked = (calls: RecordedCall[]) => calls.map((call) => call.url);

/** A phone's viewport for the media query the table listens to. */
function stubPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('Order History', () => {
  it('shows the first page when the address has no page, in a table with the five columns', async () => {
    const calls = stubHistory(30);
    renderAt('/my-account/orders');
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Past orders' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(asked(calls)).toEqual(['/c3api/account/orders?page=1&pageSize=12']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order number', 'Order date', 'Order details', 'Total', 'Status']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    const link = within(first).getByRole('link', { name: 'ORD-0000-0000-0001' });
    expect(link.getAttribute('href')).toBe('/my-account/orders/ORD-0000-0000-0001');
    // 23:30 UTC on the 24th is the 25th in AEST.
    expect(within(first).getByText('25/11/2026')).toBeTruthy();
    expect(within(first).getByText('3 items at 2 stores')).toBeTruthy();
    expect(within(first).getByText('$10.00')).toBeTruthy();
    expect(within(first).getByText('Processing')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('Displaying orders: 1 - 12 of 30')).toBeTruthy();
    expect(document.title).toBe('Order History | Secondhand');
  });

  it.each([
    ['abc', 1],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['', 1],
    ['2', 2],
    [' 3 ', 3],
  ])('reads page=%j from the address as page %i', async (value, page) => {
    const calls = stubHistory(30);
    renderAt(`/my-account/orders?page=${encodeURIComponent(value)}`);
    await screen.findByRole('table');
    expect(asked(calls)).toEqual([`/c3api/account/orders?page=${page}&pageSize=12`]);
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe(String(page));
  });

  it('shows the page the server answered for a page beyond the end', async () => {
    stubHistory(30);
    renderAt('/my-account/orders?page=99');
    expect(await screen.findByText('Displaying orders: 25 - 30 of 30')).toBeTruthy();
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('3');
  });

  it('moves between pages through the address bar', async () => {
    const calls = stubHistory(12 * 7);
    renderAt('/my-account/orders?page=4');
    await screen.findByText('Displaying orders: 37 - 48 of 84');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Displaying orders: 49 - 60 of 84')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/my-account/orders?page=5');
    fireEvent.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(await screen.findByText('Displaying orders: 73 - 84 of 84')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/my-account/orders?page=7');
    expect(asked(calls)).toEqual([
      '/c3api/account/orders?page=4&pageSize=12',
      '/c3api/account/orders?page=5&pageSize=12',
      '/c3api/account/orders?page=7&pageSize=12',
    ]);
  });

  it('invites a customer without orders to shop', async () => {
    stubHistory(0);
    renderAt('/my-account/orders');
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/search-results');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Displaying orders/)).toBeNull();
  });

  it('notes AEST in Australia only, and shows UK dates in UK time', async () => {
    stubHistory(3);
    renderAt('/my-account/orders', 'AU');
    expect(await screen.findByText('All dates are based on AEST.')).toBeTruthy();
    cleanup();
    stubHistory(3);
    renderAt('/my-account/orders', 'UK');
    await screen.findByRole('table');
    expect(screen.queryByText('All dates are based on AEST.')).toBeNull();
    expect(screen.getAllByText('24/11/2026').length).toBe(3);
  });

  it('stops loading without a message when the call fails', async () => {
    stubFetch({ 'GET /c3api/account/orders': () => envelope(null, 500, 'Boom') });
    renderAt('/my-account/orders');
    // A 500 is asked once more (the app's retry rule) before loading stops.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 4000 });
    expect(screen.queryByText(/Boom/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Past orders' })).toBeTruthy();
  });

  it('lists orders as labelled cards on a phone, with no table', async () => {
    stubPhone(true);
    stubHistory(2);
    renderAt('/my-account/orders');
    const list = await screen.findByRole('list', { name: 'Past orders' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = cards[0] as HTMLElement;
    expect(within(card).getByText('Order number')).toBeTruthy();
    expect(within(card).getByText('Order date')).toBeTruthy();
    expect(within(card).getByText('Status')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'ORD-0000-0000-0001' }).getAttribute('href')).toBe(
      '/my-account/orders/ORD-0000-0000-0001',
    );
  });
});
