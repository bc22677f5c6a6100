// @vitest-environment jsdom
import type { ShopperPlace } from '@shop/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, invalidInputReply, stubFetch } from '../test/fetch-stub';
import { PlaceForm } from './place-form';

const place: ShopperPlace = { Label: '2150', Latitude: -33.8148, Longitude: 151.0017, Postcode: '2150' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubGeolocation(get: Geolocation['getCurrentPosition']) {
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: get } });
}

describe('PlaceForm', () => {
  it('resolves a typed postcode and hands the place over', async () => {
    const calls = stubFetch({ 'GET /c3api/places/resolve': () => envelope({ Place: place }) });
    const onPlace = vi.fn();
    render(<PlaceForm region="AU" onPlace={onPlace} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode or suburb' }), { target: { value: ' 2150 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set location' }));
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith(place));
    expect(calls[0]?.url).toBe('/c3api/places/resolve?q=2150');
  });

  it("says under the field when the place is unknown, in the server's words", async () => {
    const message = 'We couldn\'t find "Atlantis". Try a postcode or suburb.';
    stubFetch({ 'GET /c3api/places/resolve': () => invalidInputReply([{ Field: 'q', Message: message }]) });
    const onPlace = vi.fn();
    render(<PlaceForm region="AU" onPlace={onPlace} />);
    const field = screen.getByRole('textbox', { name: 'Postcode or suburb' });
    fireEvent.change(field, { target: { value: 'Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set location' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onPlace).not.toHaveBeenCalled();
  });

  it('asks for a place before asking the server', () => {
    const calls = stubFetch({});
    render(<PlaceForm region="UK" onPlace={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Set location' }));
    expect(screen.getByText('Enter a postcode or district.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Postcode or district' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('asks the browser for its location only when pressed, and resolves the point', async () => {
    const own: ShopperPlace = { Label: 'Your location', Latitude: -33.86882, Longitude: 151.2093, Postcode: null };
    const calls = stubFetch({ 'GET /c3api/places/resolve': () => envelope({ Place: own }) });
    const get = vi.fn<Geolocation['getCurrentPosition']>((success) =>
      success({ coords: { latitude: -33.868821, longitude: 151.209296 } } as GeolocationPosition),
    );
    stubGeolocation(get);
    const onPlace = vi.fn();
    render(<PlaceForm region="AU" onPlace={onPlace} />);
    expect(get).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith(own));
    expect(calls[0]?.url).toBe(`/c3api/places/resolve?q=${encodeURIComponent('-33.86882,151.20930')}`);
  });

  it('says so in words when the browser refuses the location', async () => {
    stubFetch({});
    stubGeolocation((_success, failure) => failure?.({ code: 1 } as GeolocationPositionError));
    render(<PlaceForm region="AU" onPlace={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your browser did not share your location');
  });

  it('offers the radius on the search page', () => {
    const onChange = vi.fn();
    render(<PlaceForm region="AU" onPlace={vi.fn()} radius={{ value: '', onChange }} />);
    const select = screen.getByRole('combobox', { name: 'Distance' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Any distance',
      'Within 5 km',
      'Within 10 km',
      'Within 25 km',
      'Within 50 km',
      'Within 100 km',
    ]);
    fireEvent.change(select, { target: { value: '25' } });
    expect(onChange).toHaveBeenCalledWith('25');
  });
});
