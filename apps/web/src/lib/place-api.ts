import type { ShopperPlace } from '@shop/contract';
import { ApiError, apiGet } from './api-client';

/**
 * Turning what the shopper gave into a place: GET /c3api/places/resolve for typed text, and the
 * browser's geolocation (asked only when the shopper presses "Use my location") for their own.
 * Failures come back as a sentence the form shows under its field.
 */

export class PlaceError extends Error {}

/** GET /c3api/places/resolve?q=: a postcode, suburb, UK district or "lat,lng" as a ShopperPlace. */
export async function resolvePlace(text: string, signal?: AbortSignal): Promise<ShopperPlace> {
  try {
    const value = await apiGet<{ Place: ShopperPlace }>(
      `/c3api/places/resolve?${new URLSearchParams({ q: text.trim() })}`,
      signal,
    );
    return value.Place;
  } catch (error) {
    if (error instanceof ApiError) {
      // The server's sentence names the place: "We couldn't find "xyz". Try a postcode or suburb."
      const message = error.fieldErrors.find((field) => field.Field === 'q')?.Message ?? error.message;
      throw new PlaceError(message);
    }
    throw error;
  }
}

/** What a geolocation failure says, in words (its codes: 1 denied, 2 unavailable, 3 timeout). */
export function geolocationMessage(code: number): string {
  if (code === 1) {
    return 'Your browser did not share your location. Allow it in the browser settings, or type a postcode.';
  }
  if (code === 3) return 'Finding your location took too long. Try again, or type a postcode.';
  return 'Your location could not be found. Try again, or type a postcode.';
}

/** The browser's position, asked now (the shopper pressed the button), as "lat,lng" for the resolver. */
export function currentPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation) {
  return new Promise<string>((resolve, reject) => {
    if (!geolocation) {
      reject(new PlaceError('This browser cannot share its location. Type a postcode instead.'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve(`${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`),
      (error) => reject(new PlaceError(geolocationMessage(error.code))),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  });
}

/** The shopper's own location resolved to a place ("Your location"). */
export async function locateShopper(geolocation?: Geolocation): Promise<ShopperPlace> {
  return resolvePlace(await currentPosition(geolocation));
}
