// @vitest-environment jsdom
import type { ShopperPlace } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPlace, rememberPlace } from '../../../lib/shopper-place';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { StoreDistance, storeDistanceText } from './store-distance';

const cbd: ShopperPlace = { Label: '2000', Latitude: -33.8688, Longitude: 151.2093, Postcode: '2000' };
const parramatta = { Id: 7, Name: 'Parramatta', Latitude: -33.815, Longitude: 151.0011 };

afterEach(() => {
  cleanup();
  forgetPlace('AU');
  vi.unstubAllGlobals();
});

describe("a cart store's distance", () => {
  it('is whole kilometres from the place', () => {
    expect(storeDistanceText(parramatta, cbd)).toBe('20 km from 2000');
  });

  it("is asked only once there is a place, and found by the store's id", async () => {
    const calls = stubFetch({
      'GET /c3api/store/query/': () => envelope({ Stores: [parramatta], TotalStores: 1, SortOptions: [] }),
    });
    const { unmount } = render(withQueryClient(<StoreDistance storeId={7} />));
    expect(calls).toEqual([]);
    unmount();
    rememberPlace('AU', cbd);
    render(withQueryClient(<StoreDistance storeId={7} />));
    expect((await screen.findByText(/20 km from 2000/)).textContent).toBe(' · 20 km from 2000');
    expect(calls.map((c) => c.url)).toEqual(['/c3api/store/query/?sort=name']);
  });
});
