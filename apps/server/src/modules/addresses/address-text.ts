import type { Region } from '@shop/contract';

/**
 * Pure rules of the address lookup: how an address is written on one line, which words it is
 * found by, and how a shopper's typing becomes search terms. No I/O; shared by the table
 * provider, the G-NAF importer and the demo seed, so all three agree on what a row looks like.
 */

/** One address, in parts, as the lookup stores and answers it. */
export interface AddressParts {
  region: Region;
  /** Where the row came from: the demo seed or a G-NAF import (a re-import replaces its own rows only). */
  source: 'demo' | 'gnaf';
  /** The public reference (a G-NAF ADDRESS_DETAIL_PID, or the demo's own opaque key). */
  reference: string;
  /** "Unit 3", "Flat 2", "Unit 3, Level 2" or ''. */
  unitOrLevel: string;
  /** "12", "12-14", "12A", "Lot 5" or ''. */
  streetNumber: string;
  /** "Smith Street". */
  street: string;
  suburb: string;
  /** AU: the state code (NSW); UK: the county's name (Greater Manchester). */
  state: string;
  postcode: string;
  businessName: string;
  /** A building or complex name, on its own line ("Parkview Apartments") or ''. */
  line2: string;
}

/** The street line as posted: "Unit 3, 12 Smith Street". */
export function streetLine(parts: Pick<AddressParts, 'unitOrLevel' | 'streetNumber' | 'street'>): string {
  const street = [parts.streetNumber, parts.street].filter((p) => p !== '').join(' ');
  return [parts.unitOrLevel, street].filter((p) => p !== '').join(', ');
}

/** The locality line: "Parramatta NSW 2150" (AU) or "Manchester, Greater Manchester M1 1AE" (UK). */
export function localityLine(parts: Pick<AddressParts, 'region' | 'suburb' | 'state' | 'postcode'>): string {
  if (parts.region === 'AU') return [parts.suburb, parts.state, parts.postcode].filter((p) => p !== '').join(' ');
  const county = [parts.state, parts.postcode].filter((p) => p !== '').join(' ');
  return [parts.suburb, county].filter((p) => p !== '').join(', ');
}

/** The one-line display of a suggestion: "Unit 3, 12 Smith Street, Parramatta NSW 2150". */
export function displayText(parts: AddressParts): string {
  return [parts.businessName, parts.line2, streetLine(parts), localityLine(parts)].filter((p) => p !== '').join(', ');
}

/** Lower case, accents dropped, apostrophes removed (O'Connell -> oconnell), anything else not a letter or digit a space. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function words(text: string): string[] {
  const normal = normalise(text);
  return normal === '' ? [] : normal.split(' ');
}

/** A UK postcode without its space ("m11ae"), so a shopper who types it run together still finds it. */
function compactPostcode(region: Region, postcode: string): string[] {
  if (region !== 'UK') return [];
  const compact = normalise(postcode).replace(/ /g, '');
  return compact.length > 0 && compact !== normalise(postcode) ? [compact] : [];
}

/** Every distinct word an address is found by (its tokens), in a stable order. */
export function addressTokens(parts: AddressParts): string[] {
  const all = [
    ...words(parts.unitOrLevel),
    ...words(parts.streetNumber),
    ...words(parts.street),
    ...words(parts.suburb),
    ...words(parts.state),
    ...words(parts.postcode),
    ...compactPostcode(parts.region, parts.postcode),
    ...words(parts.businessName),
    ...words(parts.line2),
  ];
  return [...new Set(all)];
}

/** The search key stored beside the row: its tokens between spaces, so `LIKE '% smi%'` is "a word starting smi". */
export function searchKey(tokens: readonly string[]): string {
  return ` ${tokens.join(' ')} `;
}

/** The first number of the street number, for ordering 2 before 10 (0 when there is none). */
export function numberSort(streetNumber: string): number {
  const match = /\d+/.exec(streetNumber);
  return match ? Number(match[0]) : 0;
}

/**
 * Abbreviations shoppers type, and the whole words stored for them (street types, saints and
 * mounts, compass points). Typing "st" matches words starting "st" (Street, Stanley) and the word
 * "saint"; "rd" matches "road", which no prefix of "rd" would.
 */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  st: ['street', 'saint'],
  str: ['street'],
  rd: ['road'],
  av: ['avenue'],
  ave: ['avenue'],
  dr: ['drive'],
  drv: ['drive'],
  pl: ['place'],
  ct: ['court'],
  crt: ['court'],
  cr: ['crescent'],
  cres: ['crescent'],
  cl: ['close'],
  hwy: ['highway'],
  pde: ['parade'],
  tce: ['terrace'],
  terr: ['terrace'],
  bvd: ['boulevard', 'boulevarde'],
  blvd: ['boulevard', 'boulevarde'],
  cct: ['circuit'],
  esp: ['esplanade'],
  gr: ['grove'],
  gve: ['grove'],
  ln: ['lane'],
  sq: ['square'],
  wy: ['way'],
  pkwy: ['parkway'],
  gdns: ['gardens'],
  mws: ['mews'],
  wk: ['walk'],
  cnr: ['corner'],
  mt: ['mount'],
  mount: ['mt'],
  saint: ['st'],
  n: ['north'],
  s: ['south'],
  e: ['east'],
  w: ['west'],
  nth: ['north'],
  sth: ['south'],
  apt: ['apartment'],
  u: ['unit'],
  lvl: ['level'],
  lv: ['level'],
};

/** One word of a shopper's query: matched as a prefix of an address's word, or as one of the whole words it abbreviates. */
export interface SearchTerm {
  prefix: string;
  exact: readonly string[];
}

/** At most this many words of a query are used (more add nothing but work). */
export const MAX_QUERY_TERMS = 8;

/** A shopper's text as search terms: normalised words, each once, abbreviations expanded. */
export function searchTerms(query: string): SearchTerm[] {
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  for (const word of words(query)) {
    if (seen.has(word)) continue;
    seen.add(word);
    terms.push({ prefix: word, exact: (ABBREVIATIONS[word] ?? []).filter((full) => !full.startsWith(word)) });
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** The words of a query that are whole numbers: a street number typed exactly ranks first. */
export function numbersIn(terms: readonly SearchTerm[]): string[] {
  return terms.filter((t) => /^\d+$/.test(t.prefix)).map((t) => t.prefix);
}

/** The upper bound of a prefix range: every string starting with `prefix` is >= prefix and < this. */
export function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

const SMALL_WORDS = new Set(['of', 'upon', 'on', 'the', 'and', 'in', 'by', 'de', 'la']);

/** "SMITH STREET" -> "Smith Street"; "MCDONALD" -> "McDonald"; "O'CONNELL" -> "O'Connell"; "NEWCASTLE UPON TYNE" -> "Newcastle upon Tyne". */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word, index) => {
      if (word === '') return word;
      if (index > 0 && SMALL_WORDS.has(word)) return word;
      let out = word.replace(
        /(^|[-'\u2019(])([a-z])/g,
        (_, before: string, letter: string) => before + letter.toUpperCase(),
      );
      out = out.replace(/^Mc([a-z])/, (_, letter: string) => `Mc${letter.toUpperCase()}`);
      return out;
    })
    .join(' ');
}

function matchesAny(term: SearchTerm, candidates: readonly string[]): boolean {
  return candidates.some((word) => word.startsWith(term.prefix) || term.exact.includes(word));
}

/**
 * How well an address answers the terms, to order a page of matches (larger is better, compared
 * left to right): a typed number equal to its street number; terms found in the address itself
 * rather than only in a business or building name; terms found in the street's name. Ties keep the
 * database's order (street, suburb, number).
 */
export function relevance(
  parts: Pick<AddressParts, 'unitOrLevel' | 'streetNumber' | 'street' | 'suburb' | 'state' | 'postcode'>,
  terms: readonly SearchTerm[],
): [number, number, number] {
  const streetNumber = words(parts.streetNumber)[0] ?? '';
  const exactNumber = numbersIn(terms).includes(streetNumber) ? 1 : 0;
  const streetWords = words(parts.street);
  const placeWords = [
    ...words(parts.unitOrLevel),
    ...words(parts.streetNumber),
    ...words(parts.suburb),
    ...words(parts.state),
    ...words(parts.postcode),
    ...words(parts.postcode.replace(/ /g, '')),
  ];
  let inAddress = 0;
  let inStreet = 0;
  for (const term of terms) {
    const street = matchesAny(term, streetWords);
    if (street) inStreet++;
    if (street || matchesAny(term, placeWords)) inAddress++;
  }
  return [exactNumber, inAddress, inStreet];
}

/** Sorts best first by relevance, keeping the given order among equals. */
export function byRelevance<T>(items: readonly T[], score: (item: T) => readonly number[]): T[] {
  const scored = items.map((item, index) => ({ item, index, score: score(item) }));
  scored.sort((a, b) => {
    for (let i = 0; i < a.score.length; i++) {
      const diff = (b.score[i] ?? 0) - (a.score[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return a.index - b.index;
  });
  return scored.map((s) => s.item);
}
