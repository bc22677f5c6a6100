import type { Region, ShopperPlace } from '@shop/contract';
import { type AuLocality, type AuTables, loadAuTables } from './au-places.js';
import { UK_DISTRICTS } from './uk-districts.data.js';

/** A place the shopper gave, resolved to a point (the wire's ShopperPlace is built from it). */
export interface ResolvedPlace {
  /** What the page shows: "2150", "Parramatta NSW 2150", "M1", "SW1A 1AA", "Your location". */
  label: string;
  latitude: number;
  longitude: number;
  /** The postcode or district the place stands for, when it is one. */
  postcode: string | null;
}

export interface PlacesTables {
  au: AuTables;
  /** Outward code ("SW1A") -> its point. */
  ukDistricts: Map<string, { latitude: number; longitude: number }>;
}

/** Longer than any place's name: refused before any parsing. */
export const PLACE_TEXT_MAX_LENGTH = 100;

/** "-33.81,151.00" (a comma, optional spaces): the browser's own location, as the page sends it. */
const LAT_LNG = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/;
/** A full UK postcode without its space: the outward code, then the inward code (always digit, letter, letter). */
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const UK_DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/;
/** A suburb named in several states resolves to the most populous state's (then "Suburb STATE" picks another). */
const AU_STATES_BY_POPULATION = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];

let sharedTables: PlacesTables | null = null;

/** The tables every PlacesService reads, loaded at the first call (about a third of a second; see README.md). */
export function defaultPlacesTables(): PlacesTables {
  if (!sharedTables) sharedTables = loadPlacesTables();
  return sharedTables;
}

export function loadPlacesTables(): PlacesTables {
  return {
    au: loadAuTables(),
    ukDistricts: new Map(UK_DISTRICTS.map(([code, latitude, longitude]) => [code, { latitude, longitude }])),
  };
}

/**
 * Where the shopper is: a postcode, suburb, UK district or "lat,lng" resolved to a point, from
 * tables held in memory (loaded once, at the first call; see README.md for their sources).
 * Synchronous, so search and the store finder can call it per request without a round trip.
 */
export class PlacesService {
  constructor(private readonly tables: () => PlacesTables = defaultPlacesTables) {}

  /** The place the text names in this region, or null when it names none we know (or is malformed). */
  resolve(region: Region, text: string): ResolvedPlace | null {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.length > PLACE_TEXT_MAX_LENGTH) return null;
    const point = LAT_LNG.exec(trimmed);
    if (point) return resolvePoint(Number(point[1]), Number(point[2]));
    return region === 'AU' ? this.resolveAu(trimmed) : this.resolveUk(trimmed);
  }

  /** Loads the tables now rather than at the first call (a server start may warm them). */
  warm(): void {
    this.tables();
  }

  private resolveAu(text: string): ResolvedPlace | null {
    const words = text
      .toUpperCase()
      .replace(/[.,]/g, ' ')
      .split(/\s+/)
      .filter((w) => w !== '');
    const { au } = this.tables();
    let postcode: string | null = null;
    if (/^\d{3,4}$/.test(words.at(-1) ?? '')) postcode = (words.pop() as string).padStart(4, '0');
    let state: string | null = null;
    if (AU_STATES_BY_POPULATION.includes(words.at(-1) ?? '')) state = words.pop() as string;
    if (words.length === 0) {
      // A postcode alone ("2150"); a state alone is no place.
      if (!postcode || state) return null;
      const point = au.postcodes.get(postcode);
      return point ? { label: postcode, ...point, postcode } : null;
    }
    const candidates = (au.localities.get(words.join(' ')) ?? []).filter(
      (l) => (!state || l.state === state) && (!postcode || l.postcode === postcode),
    );
    const locality = bestLocality(candidates);
    if (!locality) return null;
    return {
      label: `${locality.name} ${locality.state} ${locality.postcode}`,
      latitude: locality.latitude,
      longitude: locality.longitude,
      postcode: locality.postcode,
    };
  }

  private resolveUk(text: string): ResolvedPlace | null {
    const compact = text.toUpperCase().replace(/\s+/g, '');
    const full = UK_POSTCODE.exec(compact);
    if (full) {
      const [, outward = '', inward = ''] = full;
      const point = this.ukDistrict(outward);
      const postcode = `${outward} ${inward}`;
      return point ? { label: postcode, ...point, postcode } : null;
    }
    if (!UK_DISTRICT.test(compact)) return null;
    const point = this.ukDistrict(compact);
    return point ? { label: compact, ...point, postcode: compact } : null;
  }

  /**
   * A district's point. London's central districts are split by a letter (W1A, SW1A, EC2M): one
   * the table lacks falls back to its undivided district (W1), close enough for "near me".
   */
  private ukDistrict(outward: string): { latitude: number; longitude: number } | null {
    const districts = this.tables().ukDistricts;
    const own = districts.get(outward);
    if (own) return own;
    return /[A-Z]$/.test(outward) ? (districts.get(outward.slice(0, -1)) ?? null) : null;
  }
}

/** Street-delivery localities before PO boxes; then the most populous state; then the lowest postcode. */
function bestLocality(candidates: readonly AuLocality[]): AuLocality | null {
  const rank = (l: AuLocality) => AU_STATES_BY_POPULATION.indexOf(l.state);
  return (
    [...candidates].sort(
      (a, b) => Number(b.delivery) - Number(a.delivery) || rank(a) - rank(b) || a.postcode.localeCompare(b.postcode),
    )[0] ?? null
  );
}

function resolvePoint(latitude: number, longitude: number): ResolvedPlace | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { label: 'Your location', latitude, longitude, postcode: null };
}

/** The wire's ShopperPlace. */
export function toShopperPlace(place: ResolvedPlace): ShopperPlace {
  return { Label: place.label, Latitude: place.latitude, Longitude: place.longitude, Postcode: place.postcode };
}

/** The FieldErrors message for a place we cannot resolve (the `q` of places/resolve, search's and the store finder's `near`). */
export function unknownPlaceMessage(region: Region, text: string): string {
  const shown =
    text.trim().length > PLACE_TEXT_MAX_LENGTH ? `${text.trim().slice(0, PLACE_TEXT_MAX_LENGTH)}…` : text.trim();
  return region === 'UK'
    ? `We couldn't find "${shown}". Try a postcode or postcode district, such as M1 or SW1A 1AA.`
    : `We couldn't find "${shown}". Try a postcode or suburb.`;
}
