// @vitest-environment jsdom
import type { ShopperPlace } from '@shop/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPlace, rememberPlace } from '../../lib/shopper-place';
import { envelope, invalidInputReply, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/query-wrapper';
import { StoreFinderPage } from './store-finder-page';

const place: ShopperPlace = { Label: '2150', Latitude: -33.8148, Longitude: 151.0017, Postcode: '2150' };
const answer = (distance: number | null) =>
  envelope({
    Stores: [
      {
        Id: 1,
        Slug: 'parramatta-nsw',
        Name: 'Parramatta',
        NameWithState: 'Parramatta NSW',
        State: 'NSW',
        StateName: 'New South Wales',
        Address: '1 Church St, Parramatta NSW 2150',
        Phone: '(02) 9999 0000',
        Url: '/stores/parramatta-nsw',
        DistanceKm: distance,
        OpenNow: true,
        TodayHours: '9:00 am - 5:30 pm',
      },
    ],
    TotalStores: 1,
    SortOptions: [],
  });

afterEach(() => {
  cleanup();
  forgetPlace('AU');
  vi.unstubAllGlobals();
});

describe('/stores', () => {
  it("lists the stores nearest first from the URL's place", async () => {
    const calls = stubFetch({ 'GET /c3api/store/query/': () => answer(0.3) });
    renderRoute('/stores?near=2150', '/stores', <StoreFinderPage />);
    expect(await screen.findByText('0.3 km away')).toBeTruthy();
    expect(calls[0]?.url).toBe('/c3api/store/query/?sort=distance&near=2150');
  });

  it('takes the remembered place when the URL has none', async () => {
    rememberPlace('AU', place);
    const calls = stubFetch({ 'GET /c3api/store/query/': (call) => answer(call.url.includes('near') ? 0.3 : null) });
    renderRoute('/stores', '/stores', <StoreFinderPage />);
    expect(await screen.findByText('0.3 km away')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/c3api/store/query/?sort=distance&near=2150'));
  });

  it('says when the place cannot be found, and lists the stores by state', async () => {
    const message = 'We couldn\'t find "Atlantis". Try a postcode or suburb.';
    stubFetch({
      'GET /c3api/store/query/': (call) =>
        call.url.includes('near') ? invalidInputReply([{ Field: 'near', Message: message }]) : answer(null),
    });
    renderRoute('/stores?near=Atlantis', '/stores', <StoreFinderPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(await screen.findByRole('heading', { name: 'New South Wales' })).toBeTruthy();
  });
});
