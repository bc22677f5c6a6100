// @vitest-environment jsdom
import type { ShopperPlace } from '@shop/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetPlace, rememberedPlace } from '../../../lib/shopper-place';
import { installDialogPolyfill } from '../../../test/dialog';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { NearButton, PlaceButton } from './place-button';

const place: ShopperPlace = { Label: '2150', Latitude: -33.8176, Longitude: 151.0053, Postcode: '2150' };

function Where() {
  const location = useLocation();
  return <output aria-label="url">{`${location.pathname}${location.search}`}</output>;
}

function show(path: string, ui: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
    </MemoryRouter>,
  );
}

const url = () => screen.getByRole('status', { name: 'url' }).textContent;

beforeAll(() => {
  installDialogPolyfill();
  // jsdom draws nothing to scroll: applying a place goes back to the top of the results.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  forgetPlace('AU');
  vi.unstubAllGlobals();
});

describe('the location controls', () => {
  it('search page: a place and a radius go into the URL, nearest first, and the place is remembered', async () => {
    stubFetch({ 'GET /c3api/places/resolve': () => envelope({ Place: place }) });
    show('/search-results?query=lamp&Sort=price-&page=3', <NearButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Near me' }));
    const field = await screen.findByRole('textbox', { name: 'Postcode or suburb' });
    fireEvent.change(field, { target: { value: '2150' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Distance' }), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show items near here' }));
    await waitFor(() => expect(url()).toBe('/search-results?query=lamp&Sort=distance%2B&near=2150&within=25'));
    expect(rememberedPlace('AU')).toEqual(place);
    expect(screen.getByRole('button', { name: 'Near 2150' })).toBeTruthy();
  });

  it('header: elsewhere the place is only remembered; Clear location forgets it', async () => {
    stubFetch({ 'GET /c3api/places/resolve': () => envelope({ Place: place }) });
    show('/product/sh1/lamp', <PlaceButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Your location' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Postcode or suburb' }), { target: { value: '2150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set location' }));
    await screen.findByRole('button', { name: 'Near 2150' });
    expect(url()).toBe('/product/sh1/lamp');
    fireEvent.click(screen.getByRole('button', { name: 'Near 2150' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear location' }));
    await screen.findByRole('button', { name: 'Your location' });
    expect(rememberedPlace('AU')).toBeNull();
  });
});
