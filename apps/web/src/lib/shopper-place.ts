import type { Region, ShopperPlace } from '@shop/contract';
import { useSyncExternalStore } from 'react';
import { functionalStorage, onConsentChange } from './consent';
import { rememberPostcode } from './shopper-postcode';

/**
 * Where the shopper is, once they said (a postcode, suburb, district or their location, resolved by
 * GET /c3api/places/resolve): the header shows it, the product page and the cart measure from it,
 * the search page and the store finder start from it. Kept like the postcode: in memory for the
 * visit, across visits in functional storage (only with consent), per region, as a ShopperPlace's JSON.
 */
const inMemory: Partial<Record<Region, ShopperPlace | null>> = {};
const keyOf = (region: Region) => `place-${region}`;
const listeners = new Set<() => void>();

/** The label the place resolver gives the browser's own location. */
export const OWN_LOCATION_LABEL = 'Your location';

function isPlace(value: unknown): value is ShopperPlace {
  if (typeof value !== 'object' || value === null) return false;
  const place = value as Record<string, unknown>;
  return (
    typeof place.Label === 'string' &&
    place.Label !== '' &&
    typeof place.Latitude === 'number' &&
    Number.isFinite(place.Latitude) &&
    Math.abs(place.Latitude) <= 90 &&
    typeof place.Longitude === 'number' &&
    Number.isFinite(place.Longitude) &&
    Math.abs(place.Longitude) <= 180 &&
    (place.Postcode === null || typeof place.Postcode === 'string')
  );
}

/** A stored value read back, or null when it is missing or not a place (an older or edited entry). */
export function parsePlace(raw: string | null): ShopperPlace | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isPlace(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberedPlace(region: Region): ShopperPlace | null {
  if (!(region in inMemory)) inMemory[region] = parsePlace(functionalStorage.get(keyOf(region)));
  return inMemory[region] ?? null;
}

/** A postcode postage can be quoted to: a UK district ("M1") is a place but not a delivery postcode. */
const DELIVERY_POSTCODE: Record<Region, RegExp> = {
  AU: /^\d{4}$/,
  UK: /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/,
};

/** Keeps the place (and its postcode, so the postage box quotes it) and tells the page. */
export function rememberPlace(region: Region, place: ShopperPlace): void {
  inMemory[region] = place;
  functionalStorage.set(keyOf(region), JSON.stringify(place));
  if (place.Postcode && DELIVERY_POSTCODE[region].test(place.Postcode)) rememberPostcode(region, place.Postcode);
  for (const listener of listeners) listener();
}

export function forgetPlace(region: Region): void {
  inMemory[region] = null;
  functionalStorage.remove(keyOf(region));
  for (const listener of listeners) listener();
}

export function onPlaceChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  const stopPlace = onPlaceChange(listener);
  // Accepting cookies makes a stored place readable (another tab may have kept one).
  const stopConsent = onConsentChange(() => {
    for (const region of Object.keys(inMemory) as Region[]) {
      if (inMemory[region] === null) delete inMemory[region];
    }
    listener();
  });
  return () => {
    stopPlace();
    stopConsent();
  };
}

/**
 * The remembered place for a component: null on the server and while hydrating (local storage is
 * this browser's alone, so the first render matches the server's), the place after that.
 */
export function useShopperPlace(region: Region): ShopperPlace | null {
  return useSyncExternalStore(
    subscribe,
    () => rememberedPlace(region),
    () => null,
  );
}

/**
 * What a search or store-finder URL says for the place (`near=`): its label, which the resolver
 * reads back ("2150", "Parramatta NSW 2150", "SW1A 1AA"), or the point itself for the shopper's
 * own location (four decimals: about 10 m).
 */
export function nearOf(place: ShopperPlace): string {
  if (place.Label === OWN_LOCATION_LABEL || place.Label.includes(',')) {
    return `${place.Latitude.toFixed(4)},${place.Longitude.toFixed(4)}`;
  }
  return place.Label;
}

/** "from 2150", "from your location": how the place reads after a distance. */
export function fromPlaceText(place: ShopperPlace): string {
  return place.Label === OWN_LOCATION_LABEL ? 'from your location' : `from ${place.Label}`;
}
