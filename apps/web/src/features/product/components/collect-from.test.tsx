// @vitest-environment jsdom
import type { ShopperPlace, Store } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPlace, rememberPlace } from '../../../lib/shopper-place';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { CollectFrom, collectFromText, storeDayText } from './collect-from';

// Parramatta's store, and Sydney's CBD: about 20 km apart by great circle (the 'about 19 km' pair).
const store = {
  Id: 7,
  Slug: 'parramatta-nsw',
  Name: 'Parramatta',
  Latitude: -33.815,
  Longitude: 151.0011,
} as Store;
const cbd: ShopperPlace = { Label: '2000', Latitude: -33.8688, Longitude: 151.2093, Postcode: '2000' };

afterEach(() => {
  cleanup();
  forgetPlace('AU');
  vi.unstubAllGlobals();
});

describe('collect from', () => {
  it('says the store alone without a place, and the whole kilometres from the place with one', () => {
    expect(collectFromText(store, null)).toBe('Collect from Parramatta');
    expect(collectFromText(store, cbd)).toBe('Collect from Parramatta, 20 km from 2000');
    expect(collectFromText(store, { ...cbd, Label: 'Your location', Postcode: null })).toBe(
      'Collect from Parramatta, 20 km from your location',
    );
  });

  it("says the store's day", () => {
    expect(storeDayText({ OpenNow: true, TodayHours: '9:00 am - 5:30 pm' })).toBe('Open now · Today 9:00 am - 5:30 pm');
    expect(storeDayText({ OpenNow: false, TodayHours: 'Closed' })).toBe('Closed now · Closed today');
    expect(storeDayText({ OpenNow: false, TodayHours: '' })).toBe('Closed now');
  });

  it('measures from the remembered place and shows the day the store finder reads', async () => {
    const calls = stubFetch({
      'GET /c3api/store/query/': () =>
        envelope({
          Stores: [{ ...store, OpenNow: true, TodayHours: '9:00 am - 5:30 pm' }],
          TotalStores: 1,
          SortOptions: [],
        }),
    });
    rememberPlace('AU', cbd);
    render(withQueryClient(<CollectFrom store={store} />));
    expect(screen.getByText('Collect from Parramatta, 20 km from 2000')).toBeTruthy();
    expect(await screen.findByText('Open now · Today 9:00 am - 5:30 pm')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change location' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/c3api/store/query/?query=parramatta&sort=name');
  });

  it('offers to set a place when there is none, without repeating the store the pickup card names', () => {
    stubFetch({});
    render(withQueryClient(<CollectFrom store={store} />));
    expect(screen.queryByText(/^Collect from/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Set your location' })).toBeTruthy();
  });
});
