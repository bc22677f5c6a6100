import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * Builds the UK district table (uk-districts.data.ts) from a postcode CSV with coordinates: the
 * ONS Postcode Directory (ONSPD: columns pcds, lat, long, doterm; Open Government Licence) or any
 * CSV with a postcode (or outward code) column and latitude/longitude columns. Each district is
 * placed at the mean of its live postcodes. Pure apart from reading the file, so tests feed it lines.
 */

const POSTCODE_COLUMNS = ['pcds', 'pcd', 'pcd2', 'postcode', 'outcode', 'district'];
const LATITUDE_COLUMNS = ['lat', 'latitude'];
const LONGITUDE_COLUMNS = ['long', 'longitude', 'lng', 'lon'];
/** ONSPD's "date of termination": a postcode with one is no longer in use. */
const TERMINATED_COLUMN = 'doterm';
const OUTWARD = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})?$/;

export interface DistrictPoint {
  district: string;
  latitude: number;
  longitude: number;
  /** How many postcodes the point is the mean of. */
  postcodes: number;
}

/** One CSV line's fields (double-quoted fields may hold commas and "" for a quote). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The districts of the CSV's lines (the first is the header), sorted by code. */
export async function districtsFromLines(lines: AsyncIterable<string> | Iterable<string>): Promise<DistrictPoint[]> {
  let columns: { postcode: number; lat: number; lng: number; terminated: number } | null = null;
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for await (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    const fields = csvFields(line);
    if (!columns) {
      const header = fields.map((f) => f.trim().toLowerCase());
      const find = (names: string[]) => header.findIndex((h) => names.includes(h));
      columns = {
        postcode: find(POSTCODE_COLUMNS),
        lat: find(LATITUDE_COLUMNS),
        lng: find(LONGITUDE_COLUMNS),
        terminated: header.indexOf(TERMINATED_COLUMN),
      };
      if (columns.postcode < 0 || columns.lat < 0 || columns.lng < 0) {
        throw new Error(
          `The CSV needs a postcode column (${POSTCODE_COLUMNS.join('/')}) and latitude and longitude columns (${LATITUDE_COLUMNS.join('/')}, ${LONGITUDE_COLUMNS.join('/')})`,
        );
      }
      continue;
    }
    if (columns.terminated >= 0 && (fields[columns.terminated] ?? '').trim() !== '') continue;
    const match = OUTWARD.exec((fields[columns.postcode] ?? '').toUpperCase().replace(/\s+/g, ''));
    const lat = Number(fields[columns.lat]);
    const lng = Number(fields[columns.lng]);
    // ONSPD marks a postcode without a grid reference with latitude 99.999999.
    if (!match?.[1] || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      continue;
    }
    const sum = sums.get(match[1]) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += lat;
    sum.lng += lng;
    sum.n++;
    sums.set(match[1], sum);
  }
  return [...sums]
    .map(([district, s]) => ({ district, latitude: s.lat / s.n, longitude: s.lng / s.n, postcodes: s.n }))
    .sort((a, b) => a.district.localeCompare(b.district, 'en', { numeric: true }));
}

export function districtsFromFile(file: string): Promise<DistrictPoint[]> {
  return districtsFromLines(createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY }));
}

/** The source text of uk-districts.data.ts for these districts. */
export function districtTableSource(districts: readonly DistrictPoint[], source: string): string {
  const rows = districts.map(
    (d) => `  ['${d.district}', ${Number(d.latitude.toFixed(4))}, ${Number(d.longitude.toFixed(4))}],`,
  );
  return `// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: coordinates, not approximations of Math's constants
/**
 * UK postcode districts (outward codes) and a point in each, latitude then longitude in degrees:
 * the mean of each district's live postcodes (the source's own point when it lists districts, not
 * postcodes). Written by uk-districts-import.cli.ts from the source below; do not edit.
 */
export const UK_DISTRICT_SOURCE = ${JSON.stringify(source)};

export const UK_DISTRICTS: readonly (readonly [string, number, number])[] = [
${rows.join('\n')}
];
`;
}
