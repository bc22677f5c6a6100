// @vitest-environment jsdom
import type { StoreFinderStore } from '@shop/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { placeErrorOf } from '../api/get-store-finder';
import { byState, distanceText, StoreFinder, storeItemsUrl } from './store-finder';

afterEach(cleanup);

function store(id: number, name: string, state: string, overrides: Partial<StoreFinderStore> = {}): StoreFinderStore {
  return {
    Id: id,
    Slug: `${name.toLowerCase()}-${state.toLowerCase()}`,
    Name: name,
    NameWithState: `${name} ${state}`,
    State: state,
    StateName: state === 'NSW' ? 'New South Wales' : 'Victoria',
    Address: `1 Main St, ${name} ${state}`,
    Suburb: name,
    Postcode: '2150',
    Phone: '(02) 9999 0000',
    Email: '',
    OpeningHours: [],
    BusinessNumber: '',
    DealerLicences: [],
    PickupDisabled: false,
    Latitude: -33.8,
    Longitude: 151,
    Region: 'AU',
    Url: `/stores/${name.toLowerCase()}-${state.toLowerCase()}`,
    DistanceKm: null,
    OpenNow: true,
    TodayHours: '9:00 am - 5:30 pm',
    ...overrides,
  };
}

function show(stores: StoreFinderStore[], place: string | null) {
  render(
    <MemoryRouter>
      <StoreFinder region="AU" stores={stores} place={place} placeError={null} onPlace={vi.fn()} onClear={vi.fn()} />
    </MemoryRouter>,
  );
}

describe('StoreFinder', () => {
  it('lists the stores nearest first with distance, address, day, phone and a link to their items', () => {
    show(
      [
        store(1, 'Parramatta', 'NSW', { DistanceKm: 0.4 }),
        store(2, 'Penrith', 'NSW', { DistanceKm: 31.2, OpenNow: false, TodayHours: 'Closed' }),
      ],
      '2150',
    );
    expect(screen.getByText('Nearest first from 2150.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Stores, nearest first' });
    const [first, second] = within(list).getAllByRole('article');
    if (!first || !second) throw new Error('two stores expected');
    expect(within(first).getByRole('heading', { name: 'Parramatta NSW' })).toBeTruthy();
    expect(first.textContent).toContain('0.4 km away');
    expect(first.textContent).toContain('Open now · Today: 9:00 am - 5:30 pm');
    expect(within(first).getByRole('link', { name: '(02) 9999 0000' }).getAttribute('href')).toBe('tel:0299990000');
    expect(
      within(first).getByRole('link', { name: "Shop this store's items (Parramatta NSW)" }).getAttribute('href'),
    ).toBe('/search-results?location=parramatta-nsw');
    expect(second.textContent).toContain('31.2 km away');
    expect(second.textContent).toContain('Closed now · Today: Closed');
  });

  it('groups the stores by state without a place', () => {
    show([store(1, 'Parramatta', 'NSW'), store(2, 'Penrith', 'NSW'), store(3, 'Ballarat', 'VIC')], null);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'New South Wales',
      'Victoria',
    ]);
    expect(screen.queryByText(/km away/)).toBeNull();
  });

  it('says distances to one decimal and builds the items link', () => {
    expect(distanceText(12)).toBe('12.0 km away');
    expect(storeItemsUrl('lewisham')).toBe('/search-results?location=lewisham');
    expect(byState([store(1, 'A', 'NSW'), store(2, 'B', 'VIC'), store(3, 'C', 'NSW')]).map((g) => g.state)).toEqual([
      'New South Wales',
      'Victoria',
      'New South Wales',
    ]);
  });
});

describe('placeErrorOf', () => {
  it("says the server's sentence, from its field or from a handed-over message alike", () => {
    const sentence = 'We couldn\'t find "Atlantis". Try a postcode or suburb.';
    expect(
      placeErrorOf(new ApiError(`Invalid input. near: ${sentence}`, 400, [{ Field: 'near', Message: sentence }])),
    ).toBe(sentence);
    expect(placeErrorOf(new ApiError(`Invalid input. near: ${sentence}`, 400))).toBe(sentence);
    expect(placeErrorOf(new ApiError('Server error', 500))).toBeNull();
  });
});
