/**
 * Where the shopper is, and how far things are from it. One formula for the server (search,
 * store finder) and the web (product page, cart), so every distance the shop shows agrees.
 */

/** A place the shopper gave (postcode, suburb, UK district or their location), as resolved. */
export interface ShopperPlace {
  /** What the page shows: "2150", "Parramatta NSW 2150", "M1", "SW1A 1AA", "Your location". */
  Label: string;
  Latitude: number;
  Longitude: number;
  /** The postcode or district the place stands for, when it is one (postage can be quoted from it). */
  Postcode: string | null;
}

/** The Distance refine group's radii, in kilometres. */
export const DISTANCE_RADII_KM = [5, 10, 25, 50, 100] as const;

const EARTH_RADIUS_KM = 6371;

/** Great-circle (haversine) distance in kilometres between two points given in degrees. */
export function greatCircleKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, a)));
}

/** A distance as the wire carries it: kilometres to one decimal. */
export function roundDistanceKm(km: number): number {
  return Math.round(km * 10) / 10;
}
