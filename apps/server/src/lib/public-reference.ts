import { randomBytes } from 'node:crypto';

/**
 * Public references: what a record is called in URLs, e-mails and on screen
 * (/my-account/orders/{orderid}, /gst-invoice?invoice={ref}, 'Tax Invoice for order #{reference}'),
 * beside its serial id, which never leaves the server. The spec fixes no format; it shows the order
 * id in upper case ('Order: ' + id). So: a prefix naming the kind of record, then 60 random bits as
 * 12 Crockford base32 symbols in groups of four, e.g. `ORD-7K2M-9QXD-4TQH`.
 *
 * Crockford's alphabet has no I, L, O or U, so a reference read aloud or copied by hand survives:
 * reading accepts any case, I and L for 1, O for 0, and hyphens anywhere after the prefix.
 * 60 bits make a reference impossible to guess (a billion orders would leave one chance in a billion
 * per try); a unique index on the column still guards the rare collision, and the writer retries.
 */

export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_SYMBOLS = 12;
const REFERENCE_GROUP = 4;
/** Random bits in one reference. */
export const REFERENCE_BITS = REFERENCE_SYMBOLS * 5;

/** The prefixes in use; one per kind of record, so an invoice reference never opens an order. */
export const ReferencePrefix = {
  order: 'ORD',
  invoice: 'INV',
} as const;

const PREFIX_SHAPE = /^[A-Z]{2,5}$/;
/** Longer input is junk: no need to look at it further. */
const MAX_INPUT_LENGTH = 64;
/** ASCII only: toUpperCase turns some other letters into ours ('ß' -> 'SS', 'ı' -> 'I'). */
const ASCII_SHAPE = /^[A-Za-z0-9-]+$/;

/** Symbols as typed -> the symbol they stand for (Crockford decoding: I, L -> 1; O -> 0). */
const DECODE = new Map<string, string>([
  ...[...CROCKFORD_ALPHABET].map((symbol): [string, string] => [symbol, symbol]),
  ['I', '1'],
  ['L', '1'],
  ['O', '0'],
]);

function checkPrefix(prefix: string): void {
  if (!PREFIX_SHAPE.test(prefix)) throw new RangeError(`A reference prefix is 2 to 5 capital letters, not '${prefix}'`);
}

function group(symbols: string): string {
  const groups: string[] = [];
  for (let at = 0; at < symbols.length; at += REFERENCE_GROUP) groups.push(symbols.slice(at, at + REFERENCE_GROUP));
  return groups.join('-');
}

/** A new reference from the CSPRNG, e.g. newPublicReference('ORD') -> 'ORD-7K2M-9QXD-4TQH'. */
export function newPublicReference(prefix: string): string {
  checkPrefix(prefix);
  const bytes = randomBytes(REFERENCE_SYMBOLS);
  let symbols = '';
  // 256 is a multiple of 32: the low five bits of a random byte are uniform.
  for (const byte of bytes) symbols += CROCKFORD_ALPHABET[byte & 31];
  return `${prefix}-${group(symbols)}`;
}

/**
 * The canonical form (upper case, hyphens in place, I/L/O read as 1/1/0) of a reference with this
 * prefix as a visitor typed or linked it, or null when it is not one. Look records up by this.
 */
export function normalizePublicReference(prefix: string, value: unknown): string | null {
  checkPrefix(prefix);
  if (typeof value !== 'string' || value.length > MAX_INPUT_LENGTH || !ASCII_SHAPE.test(value)) return null;
  const upper = value.toUpperCase();
  if (!upper.startsWith(`${prefix}-`)) return null;
  const typed = upper.slice(prefix.length + 1).replaceAll('-', '');
  if (typed.length !== REFERENCE_SYMBOLS) return null;
  let symbols = '';
  for (const char of typed) {
    const symbol = DECODE.get(char);
    if (symbol === undefined) return null;
    symbols += symbol;
  }
  return `${prefix}-${group(symbols)}`;
}
