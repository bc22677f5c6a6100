// @vitest-environment jsdom
import type { ConsoleItemListValue } from '@shop/contract';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { CATEGORIES, ITEMS_URL, renderStock, stockItem } from './stock-fixtures';

// A shared two-core machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

let calls: RecordedCall[];
let total: number;

beforeEach(() => {
  total = 2;
  calls = stubFetch({
    [`GET ${ITEMS_URL}`]: () =>
      envelope({
        Items: [
          stockItem(),
          stockItem({ Code: 'SH101', Title: 'Canon AE-1', Price: '$90.00', Status: 'sold', Thumbnail: null }),
        ],
        TotalCount: total,
        Page: 1,
        PageSize: 25,
      } satisfies ConsoleItemListValue),
    'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;
const listCalls = () => calls.filter((c) => c.url.startsWith(ITEMS_URL)).map((c) => c.url);

describe('the stock list', () => {
  it('shows each item with its picture, code, title, price and status, and the count in a live region', async () => {
    renderStock('/store-console/stores/7/stock');
    const list = await screen.findByRole('list', { name: 'Items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Fender Stratocaster' }).getAttribute('href')).toBe(
      '/store-console/stores/7/stock/SH100',
    );
    expect(first.textContent).toContain('SH100');
    expect(first.textContent).toContain('$1,250.00');
    expect(first.textContent).toContain('Available');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/c3api/images/product/SH100/1?w=300');
    expect((rows[1] as HTMLElement).textContent).toContain('Sold');
    expect(screen.getByText('2 items').getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { level: 1, name: 'Stock' })).toBeTruthy();
  });

  it('puts the search words, status and category in the URL and asks the API for them, page 1 again', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock?page=2');
    await screen.findByRole('list', { name: 'Items' });
    expect(listCalls()[0]).toBe(`${ITEMS_URL}?page=2&pageSize=25`);
    await user.type(screen.getByLabelText('Search title, brand or code'), 'fender{Enter}');
    expect(location()).toBe('/store-console/stores/7/stock?query=fender');
    await user.selectOptions(screen.getByLabelText('Status'), 'Sold');
    await screen.findByRole('option', { name: 'Music › Guitars' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Music › Guitars');
    expect(location()).toBe('/store-console/stores/7/stock?query=fender&status=sold&category=guitars');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe(`${ITEMS_URL}?query=fender&status=sold&category=guitars&page=1&pageSize=25`),
    );
  });

  it('pages through a long list, and reads the filters back from the URL (Back keeps the list)', async () => {
    total = 60;
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock?status=available&category=cameras');
    await screen.findByRole('list', { name: 'Items' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('available');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/store-console/stores/7/stock?status=available&category=cameras&page=2');
  });

  it('says when nothing matches, and shows the API’s message when it fails', async () => {
    total = 0;
    stubFetch({
      [`GET ${ITEMS_URL}`]: () => envelope({ Items: [], TotalCount: 0, Page: 1, PageSize: 25 }),
      'GET /c3api/console/stores/7/categories': () => envelope(null, 500, 'Database is down'),
    });
    renderStock('/store-console/stores/7/stock?query=zzz');
    expect(await screen.findByText('No items match these filters.')).toBeTruthy();
    cleanup();
    stubFetch({ [`GET ${ITEMS_URL}`]: () => envelope(null, 404, 'No such store') });
    renderStock('/store-console/stores/7/stock');
    expect((await screen.findByRole('alert')).textContent).toBe('No such store');
  });
});
