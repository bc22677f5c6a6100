import { createReadStream, readdirSync } from 'node:fs';
import path from 'node:path';
import { inTransaction } from '../../db/unit-of-work.js';
import { type DbCtx, systemContext } from '../../lib/context.js';
import { addressRecord } from './address-record.js';
import { type AddressParts, titleCase } from './address-text.js';
import { AddressesRepository, type NewAddress } from './addresses.repository.js';

/**
 * Loads the open G-NAF release (Geoscape's Geocoded National Address File, CC BY 4.0) into the
 * addresses table, as it is distributed: pipe-separated files under
 * `G-NAF/G-NAF <MONTH> <YEAR>/Standard/` (`NSW_ADDRESS_DETAIL_psv.psv`, `NSW_LOCALITY_psv.psv`,
 * `NSW_STREET_LOCALITY_psv.psv`, `NSW_STATE_psv.psv`, ...) and `Authority Code/`
 * (`Authority_Code_FLAT_TYPE_AUT_psv.psv`, ...).
 *
 * State by state: the state's localities and streets are read into maps (tens of thousands of
 * rows, a few hundred thousand for NSW), then its ADDRESS_DETAIL file (millions of rows) is
 * streamed line by line, never whole, and written in batches, one transaction each. Retired rows
 * (DATE_RETIRED set) are skipped. Rows are keyed by ADDRESS_DETAIL_PID: importing again replaces
 * them, and rows of the imported states that the new run did not write (retired since, or gone)
 * are removed at the end. The demo's rows are left alone.
 */

export const GNAF_ATTRIBUTION =
  'Incorporates or developed using G-NAF © Geoscape Australia licensed by the Commonwealth of Australia under the Open Geo-coded National Address File (G-NAF) End User Licence Agreement (CC BY 4.0).';

export interface GnafImportOptions {
  /** The unzipped release, or any folder above it: the Standard folder is found inside. */
  dir: string;
  /** Only these states' files (their file prefixes: NSW, VIC, ..., OT); default all found. */
  states?: readonly string[];
  /** Addresses per transaction (default 5,000). */
  batchSize?: number;
  onProgress?: (message: string) => void;
  now?: () => number;
}

export interface GnafImportResult {
  /** The release's folder name, e.g. "G-NAF FEBRUARY 2025". */
  release: string;
  states: string[];
  imported: number;
  /** Rows skipped because G-NAF retired them. */
  retired: number;
  /** Rows skipped because their street or locality is missing or retired. */
  unresolved: number;
  /** Rows of earlier imports no longer in the release, removed. */
  removed: number;
}

interface Locality {
  name: string;
  postcode: string;
  state: string;
}

interface Street {
  name: string;
  type: string;
  suffix: string;
}

interface Authority {
  flat: Map<string, string>;
  level: Map<string, string>;
  suffix: Map<string, string>;
}

/** G-NAF's codes used when the release's Authority Code files are absent. */
const DEFAULT_AUTHORITY: Authority = {
  flat: new Map([
    ['APT', 'APARTMENT'],
    ['FLAT', 'FLAT'],
    ['SE', 'SUITE'],
    ['SHOP', 'SHOP'],
    ['UNIT', 'UNIT'],
    ['VLLA', 'VILLA'],
    ['TNHS', 'TOWNHOUSE'],
    ['OFFC', 'OFFICE'],
    ['FCTY', 'FACTORY'],
    ['WKSH', 'WORKSHOP'],
  ]),
  level: new Map([
    ['B', 'BASEMENT'],
    ['FL', 'FLOOR'],
    ['G', 'GROUND'],
    ['L', 'LEVEL'],
    ['LG', 'LOWER GROUND FLOOR'],
    ['M', 'MEZZANINE'],
    ['UG', 'UPPER GROUND FLOOR'],
  ]),
  suffix: new Map([
    ['N', 'NORTH'],
    ['S', 'SOUTH'],
    ['E', 'EAST'],
    ['W', 'WEST'],
    ['CN', 'CENTRAL'],
    ['EX', 'EXTENSION'],
    ['LR', 'LOWER'],
    ['UP', 'UPPER'],
  ]),
};

const DETAIL_FILE = /^([A-Za-z]+)_ADDRESS_DETAIL_psv\.psv$/;

interface ReleaseFiles {
  release: string;
  standard: string;
  /** File prefix -> its ADDRESS_DETAIL file. */
  states: Map<string, string>;
  /** Every .psv file found, by name. */
  byName: Map<string, string>;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.psv')) out.push(full);
  }
}

/** Finds the release's Standard folder (where the *_ADDRESS_DETAIL_psv.psv files are) anywhere under `dir`. */
export function findGnafRelease(dir: string): ReleaseFiles {
  const files: string[] = [];
  walk(dir, files);
  const details = files.filter((f) => DETAIL_FILE.test(path.basename(f))).sort();
  const first = details[0];
  if (!first) throw new Error(`No *_ADDRESS_DETAIL_psv.psv file under ${dir}: is it an unzipped G-NAF release?`);
  const standard = path.dirname(first);
  const states = new Map<string, string>();
  for (const file of details) {
    if (path.dirname(file) !== standard) continue;
    const prefix = DETAIL_FILE.exec(path.basename(file))?.[1]?.toUpperCase();
    if (prefix) states.set(prefix, file);
  }
  const byName = new Map<string, string>();
  for (const file of files) if (!byName.has(path.basename(file))) byName.set(path.basename(file), file);
  return { release: path.basename(path.dirname(standard)), standard, states, byName };
}

/**
 * The rows of a pipe-separated file, one at a time, read as a stream (pulled, so a slow database
 * never lets the file pile up in memory). `get(name)` reads a column of the current row by its
 * header name.
 */
export async function* readPsv(file: string): AsyncGenerator<(name: string) => string> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let header: Map<string, number> | null = null;
  let carry = '';
  let fields: string[] = [];
  const get = (name: string): string => {
    const index = header?.get(name);
    return index === undefined ? '' : (fields[index] ?? '').trim();
  };
  const take = (line: string): boolean => {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (header === null) {
      header = new Map(
        text
          .replace(/^\uFEFF/, '')
          .split('|')
          .map((name, index) => [name.trim().toUpperCase(), index]),
      );
      return false;
    }
    if (text === '') return false;
    fields = text.split('|');
    return true;
  };
  for await (const chunk of stream as AsyncIterable<string>) {
    const lines = (carry + chunk).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) if (take(line)) yield get;
  }
  if (carry !== '' && take(carry)) yield get;
}

async function readAuthority(files: ReleaseFiles, table: string, fallback: Map<string, string>) {
  const file = files.byName.get(`Authority_Code_${table}_psv.psv`);
  if (!file) return fallback;
  const out = new Map(fallback);
  for await (const get of readPsv(file)) out.set(get('CODE'), get('NAME'));
  return out;
}

function joined(prefix: string, number: string, suffix: string): string {
  return number === '' ? '' : `${prefix}${number}${suffix}`;
}

/** "UNIT" "3" -> "Unit 3"; a type without a number -> "Ground". */
function typed(name: string | undefined, number: string): string {
  const label = name ? titleCase(name) : '';
  return [label, number].filter((p) => p !== '').join(' ');
}

/** One ADDRESS_DETAIL row as address parts, or null when its street or locality is unknown. */
function toParts(
  get: (name: string) => string,
  localities: Map<string, Locality>,
  streets: Map<string, Street>,
  authority: Authority,
): AddressParts | null {
  const locality = localities.get(get('LOCALITY_PID'));
  const street = streets.get(get('STREET_LOCALITY_PID'));
  if (!locality || !street) return null;
  const flatType = get('FLAT_TYPE_CODE');
  const flatNumber = joined(get('FLAT_NUMBER_PREFIX'), get('FLAT_NUMBER'), get('FLAT_NUMBER_SUFFIX'));
  const levelType = get('LEVEL_TYPE_CODE');
  const levelNumber = joined(get('LEVEL_NUMBER_PREFIX'), get('LEVEL_NUMBER'), get('LEVEL_NUMBER_SUFFIX'));
  const flat = flatType || flatNumber ? typed(authority.flat.get(flatType) ?? (flatType || 'UNIT'), flatNumber) : '';
  const level =
    levelType || levelNumber ? typed(authority.level.get(levelType) ?? (levelType || 'LEVEL'), levelNumber) : '';
  const first = joined(get('NUMBER_FIRST_PREFIX'), get('NUMBER_FIRST'), get('NUMBER_FIRST_SUFFIX'));
  const last = joined(get('NUMBER_LAST_PREFIX'), get('NUMBER_LAST'), get('NUMBER_LAST_SUFFIX'));
  const lot = joined(get('LOT_NUMBER_PREFIX'), get('LOT_NUMBER'), get('LOT_NUMBER_SUFFIX'));
  const streetNumber = first !== '' ? (last !== '' ? `${first}-${last}` : first) : lot !== '' ? `Lot ${lot}` : '';
  const suffix = street.suffix === '' ? '' : (authority.suffix.get(street.suffix) ?? street.suffix);
  const postcode = get('POSTCODE') || locality.postcode;
  return {
    region: 'AU',
    source: 'gnaf',
    reference: get('ADDRESS_DETAIL_PID'),
    unitOrLevel: [flat, level].filter((p) => p !== '').join(', '),
    streetNumber,
    street: titleCase([street.name, street.type, suffix].filter((p) => p !== '').join(' ')),
    suburb: titleCase(locality.name),
    state: locality.state,
    postcode: /^\d{3}$/.test(postcode) ? `0${postcode}` : postcode,
    businessName: '',
    line2: titleCase(get('BUILDING_NAME')),
  };
}

export async function importGnaf(handle: DbCtx, options: GnafImportOptions): Promise<GnafImportResult> {
  const ctx = systemContext(handle, 'AU');
  const repository = new AddressesRepository();
  const progress = options.onProgress ?? (() => {});
  const batchSize = options.batchSize ?? 5000;
  const run = (options.now ?? Date.now)();
  const files = findGnafRelease(options.dir);
  const wanted = options.states?.map((s) => s.toUpperCase());
  const prefixes = [...files.states.keys()].filter((p) => !wanted || wanted.includes(p)).sort();
  if (wanted) {
    const missing = wanted.filter((s) => !files.states.has(s));
    if (missing.length > 0) throw new Error(`No ADDRESS_DETAIL file for ${missing.join(', ')} in ${files.standard}`);
  }
  progress(`G-NAF release "${files.release}" in ${files.standard}: ${prefixes.join(', ')}`);

  const authority: Authority = {
    flat: await readAuthority(files, 'FLAT_TYPE_AUT', DEFAULT_AUTHORITY.flat),
    level: await readAuthority(files, 'LEVEL_TYPE_AUT', DEFAULT_AUTHORITY.level),
    suffix: await readAuthority(files, 'STREET_SUFFIX_AUT', DEFAULT_AUTHORITY.suffix),
  };
  // Every state's STATE file: STATE_PID -> abbreviation (localities name their state by pid).
  const statePids = new Map<string, string>();
  for (const [name, file] of files.byName) {
    if (!/_STATE_psv\.psv$/i.test(name) || path.dirname(file) !== files.standard) continue;
    for await (const get of readPsv(file)) {
      if (get('DATE_RETIRED') === '') statePids.set(get('STATE_PID'), get('STATE_ABBREVIATION'));
    }
  }

  const result: GnafImportResult = {
    release: files.release,
    states: [],
    imported: 0,
    retired: 0,
    unresolved: 0,
    removed: 0,
  };
  const stateNames = new Set<string>();
  for (const prefix of prefixes) {
    const file = (suffix: string) => files.byName.get(`${prefix}_${suffix}_psv.psv`);
    const localities = new Map<string, Locality>();
    const localityFile = file('LOCALITY');
    if (localityFile) {
      for await (const get of readPsv(localityFile)) {
        if (get('DATE_RETIRED') !== '') continue;
        localities.set(get('LOCALITY_PID'), {
          name: get('LOCALITY_NAME'),
          postcode: get('PRIMARY_POSTCODE'),
          state: statePids.get(get('STATE_PID')) ?? prefix,
        });
      }
    }
    const streets = new Map<string, Street>();
    const streetFile = file('STREET_LOCALITY');
    if (streetFile) {
      for await (const get of readPsv(streetFile)) {
        if (get('DATE_RETIRED') !== '') continue;
        streets.set(get('STREET_LOCALITY_PID'), {
          name: get('STREET_NAME'),
          type: get('STREET_TYPE_CODE'),
          suffix: get('STREET_SUFFIX_CODE'),
        });
      }
    }
    progress(
      `  ${prefix}: ${localities.size.toLocaleString('en')} localities, ${streets.size.toLocaleString('en')} streets`,
    );

    let batch: NewAddress[] = [];
    let done = 0;
    let lastPrinted = Date.now();
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await inTransaction(ctx, (tx) => repository.replace(tx, rows));
      done += rows.length;
      if (Date.now() - lastPrinted > 2000) {
        lastPrinted = Date.now();
        progress(`  ${prefix}: ${done.toLocaleString('en')} addresses`);
      }
    };
    const detailFile = files.states.get(prefix);
    if (!detailFile) continue;
    for await (const get of readPsv(detailFile)) {
      if (get('DATE_RETIRED') !== '') {
        result.retired++;
        continue;
      }
      const parts = toParts(get, localities, streets, authority);
      if (!parts || parts.reference === '') {
        result.unresolved++;
        continue;
      }
      stateNames.add(parts.state);
      batch.push(addressRecord(parts, run));
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    for (const locality of localities.values()) stateNames.add(locality.state);
    result.imported += done;
    result.states.push(prefix);
    progress(`  ${prefix}: ${done.toLocaleString('en')} addresses imported`);
  }

  result.removed = await inTransaction(ctx, (tx) =>
    repository.deleteStale(tx, { source: 'gnaf', region: 'AU', states: [...stateNames], run }),
  );
  if (result.removed > 0)
    progress(`  removed ${result.removed.toLocaleString('en')} addresses no longer in the release`);
  return result;
}
