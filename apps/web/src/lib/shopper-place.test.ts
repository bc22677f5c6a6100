// @vitest-environment jsdom
import type { ShopperPlace } from '@shop/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetConsent, giveConsent } from '../test/consent';
import { forgetPlace, fromPlaceText, nearOf, parsePlace, rememberedPlace, rememberPlace } from './shopper-place';
import { rememberedPostcode } from './shopper-postcode';

const parramatta: ShopperPlace = { Label: '2150', Latitude: -33.8148, Longitude: 151.0017, Postcode: '2150' };
const own: ShopperPlace = { Label: 'Your location', Latitude: -33.868821, Longitude: 151.209296, Postcode: null };

afterEach(() => {
  forgetPlace('AU');
  forgetPlace('UK');
  forgetConsent();
  window.localStorage.clear();
});

describe('shopper place', () => {
  it('is kept per region, and across visits only with consent', () => {
    rememberPlace('AU', parramatta);
    expect(rememberedPlace('AU')).toEqual(parramatta);
    expect(rememberedPlace('UK')).toBeNull();
    expect(window.localStorage.getItem('place-AU')).toBeNull();

    giveConsent('accepted');
    rememberPlace('AU', parramatta);
    expect(parsePlace(window.localStorage.getItem('place-AU'))).toEqual(parramatta);
  });

  it('remembers its postcode for the postage box, but not a UK district', () => {
    rememberPlace('UK', { Label: 'SW1A 1AA', Latitude: 51.501, Longitude: -0.1416, Postcode: 'SW1A 1AA' });
    expect(rememberedPostcode('UK')).toBe('SW1A 1AA');
    rememberPlace('UK', { Label: 'M1', Latitude: 53.4773, Longitude: -2.2351, Postcode: 'M1' });
    expect(rememberedPostcode('UK')).toBe('SW1A 1AA');
  });

  it('reads back only a whole place', () => {
    expect(parsePlace(JSON.stringify(parramatta))).toEqual(parramatta);
    expect(parsePlace('{"Label":"2150","Latitude":"x","Longitude":151,"Postcode":null}')).toBeNull();
    expect(parsePlace('{"Label":"2150","Latitude":-91,"Longitude":151,"Postcode":null}')).toBeNull();
    expect(parsePlace('not json')).toBeNull();
    expect(parsePlace(null)).toBeNull();
  });

  it("says a place in a URL by its label, the shopper's own location by its point", () => {
    expect(nearOf(parramatta)).toBe('2150');
    expect(nearOf({ ...parramatta, Label: 'Parramatta NSW 2150' })).toBe('Parramatta NSW 2150');
    expect(nearOf(own)).toBe('-33.8688,151.2093');
    expect(fromPlaceText(parramatta)).toBe('from 2150');
    expect(fromPlaceText(own)).toBe('from your location');
  });
});
