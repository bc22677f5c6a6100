// @vitest-environment jsdom
import type { AdminStore } from '@shop/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/query-wrapper';
import { StoresPage } from './stores-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function store(n: number, over: Partial<AdminStore> = {}): AdminStore {
  return {
    Id: n,
    Name: `Store ${n}`,
    Slug: `store-${n}`,
    Region: 'AU',
    Address: `${n} Long St`,
    Suburb: 'Dubbo',
    State: 'NSW',
    Postcode: '2830',
    Phone: '02 6800 0000',
    Email: `s${n}@example.com`,
    Latitude: -32,
    Longitude: 148,
    Url: `/stores/store-${n}`,
    ...over,
  };
}

/** 60 stores: Orange in Bathurst NSW, a UK one in Kent, and 58 alike. */
const STORES = [
  store(1, { Name: 'Orange', Slug: 'orange', Suburb: 'Bathurst' }),
  store(2, { Name: 'Maidstone', Slug: 'maidstone', Region: 'UK', Suburb: 'Maidstone', State: 'Kent' }),
  ...Array.from({ length: 58 }, (_, i) => store(i + 3)),
];

/** The URL's query, and Back, as the browser would give them. */
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="query">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderStores(path = '/store-console/admin/stores') {
  stubFetch({ 'GET /c3api/console/admin/stores': () => envelope({ Stores: STORES }) });
  renderRoute(
    path,
    '/store-console/admin/stores',
    <>
      <StoresPage />
      <Probe />
    </>,
  );
}

const cards = () => screen.getAllByRole('listitem');
const names = () => cards().map((card) => within(card).getByRole('heading').textContent);

describe('Admin stores', () => {
  it('shows 24 compact cards a page of the 60, each with its town, region, phone, page and Edit', async () => {
    renderStores();
    expect(await screen.findByText('60 stores')).toBeTruthy();
    expect(cards()).toHaveLength(24);
    const orange = cards()[0] as HTMLElement;
    expect(orange.textContent).toContain('Bathurst, NSW 2830 · Australia');
    expect(within(orange).getByRole('link', { name: '02 6800 0000' }).getAttribute('href')).toBe('tel:0268000000');
    expect(within(orange).getByRole('link', { name: 'Store page of Orange' }).getAttribute('href')).toBe(
      '/stores/store-1',
    );
    fireEvent.click(within(orange).getByRole('button', { name: 'Edit Orange' }));
    // The form opens above the list and takes the focus, so a phone shows it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Edit Orange' }));
    expect(screen.getByRole('form', { name: 'Edit Orange' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a store' })).toBeNull();

    const pager = screen.getByRole('navigation', { name: 'Pages of stores' });
    expect(pager.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pager).getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(names()[0]).toBe('Store 25');
  });

  it('finds stores by town, county or slug and by region, the filter in the URL so Back returns to it', async () => {
    renderStores();
    await screen.findByText('60 stores');
    const box = screen.getByRole('searchbox', { name: 'Name, town, state or county, or slug' });
    fireEvent.change(box, { target: { value: 'bathurst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 store')).toBeTruthy();
    expect(names()).toEqual(['Orange']);
    expect(screen.getByLabelText('query').textContent).toBe('?query=bathurst');

    fireEvent.change(box, { target: { value: 'kent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 store')).toBeTruthy();
    expect(names()).toEqual(['Maidstone']);

    fireEvent.change(box, { target: { value: 'STORE-4' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'AU' } });
    // store-4 and store-40 to store-49.
    expect(await screen.findByText('11 stores')).toBeTruthy();
    expect(screen.getByLabelText('query').textContent).toBe('?query=STORE-4&region=AU');
    fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'UK' } });
    expect(await screen.findByText('No store matches.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('11 stores')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('1 store')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('kent');
  });

  it('opens on the filter and page a link gives', async () => {
    renderStores('/store-console/admin/stores?region=AU&page=3');
    expect(await screen.findByText('59 stores')).toBeTruthy();
    expect(cards()).toHaveLength(11);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveProperty('value', 'AU');
  });
});
