import { describe, expect, it } from 'vitest';
import { isPublicReference } from '../test/public-reference-check.js';
import {
  CROCKFORD_ALPHABET,
  newPublicReference,
  normalizePublicReference,
  REFERENCE_BITS,
  ReferencePrefix,
} from './public-reference.js';

const SHAPE = /^ORD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe('newPublicReference', () => {
  it('writes the prefix and twelve upper-case Crockford symbols in groups of four', () => {
    expect(REFERENCE_BITS).toBeGreaterThanOrEqual(60);
    for (let i = 0; i < 1000; i++) {
      const reference = newPublicReference(ReferencePrefix.order);
      expect(reference).toMatch(SHAPE);
      expect(reference.slice(4)).not.toMatch(/[ILOU]/);
    }
    expect(newPublicReference(ReferencePrefix.invoice)).toMatch(/^INV-(?:[0-9A-Z]{4}-){2}[0-9A-Z]{4}$/);
  });

  it('never repeats over 100,000 references', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(newPublicReference('ORD'));
    expect(seen.size).toBe(100_000);
  });

  it('uses every symbol about equally often', () => {
    const counts = new Map<string, number>();
    const references = 20_000;
    for (let i = 0; i < references; i++) {
      for (const symbol of newPublicReference('ORD').slice(4).replaceAll('-', '')) {
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
      }
    }
    expect([...counts.keys()].sort().join('')).toBe(CROCKFORD_ALPHABET);
    const expected = (references * 12) / 32;
    for (const [symbol, count] of counts) expect(Math.abs(count - expected) / expected, symbol).toBeLessThan(0.08);
  });

  it('refuses a prefix that is not 2 to 5 capital letters', () => {
    for (const prefix of ['', 'O', 'ord', 'ORDERS', 'OR-D', 'ÖRD', '__proto__']) {
      expect(() => newPublicReference(prefix), prefix).toThrow(RangeError);
    }
  });
});

describe('isPublicReference and normalizePublicReference', () => {
  const reference = newPublicReference('ORD');

  it('accept a reference as written, in any case, with or without hyphens', () => {
    expect(isPublicReference('ORD', reference)).toBe(true);
    expect(normalizePublicReference('ORD', reference)).toBe(reference);
    expect(normalizePublicReference('ORD', reference.toLowerCase())).toBe(reference);
    expect(normalizePublicReference('ORD', `ORD-${reference.slice(4).replaceAll('-', '')}`)).toBe(reference);
    expect(normalizePublicReference('ORD', 'ord-7k2m-9qxd-4tqh')).toBe('ORD-7K2M-9QXD-4TQH');
  });

  it('read I and L as 1 and O as 0, as Crockford decoding does', () => {
    expect(normalizePublicReference('ORD', 'ORD-IL0O-oil1-2345')).toBe('ORD-1100-0111-2345');
  });

  it('reject junk', () => {
    for (const value of [
      undefined,
      null,
      42,
      {},
      ['ORD-7K2M-9QXD-4TQH'],
      '',
      'ORD',
      'ORD-',
      'ORD-7K2M-9QXD-4TQ',
      'ORD-7K2M-9QXD-4TQHX',
      'ORD-7K2M-9QXD-4TQU',
      'ORD-7K2M-9QXD-4TQ!',
      'ORD-7K2M-9QXD-4TQ ',
      ' ORD-7K2M-9QXD-4TQH',
      'ORD 7K2M-9QXD-4TQH',
      'ORD7K2M9QXD4TQH',
      'INV-7K2M-9QXD-4TQH',
      'XORD-7K2M-9QXD-4TQH',
      'ORD-7K2M-9QXD-4TQ\u0048\u0307',
      'ORD-７K2M-9QXD-4TQH',
      'ORD-7K2M-9QXD-4Tß',
      'ORD-7K2M-9QXD-4TQı',
      'ORD-7K2M-9QXD-4TQſ',
      `ORD-${'-'.repeat(60)}7K2M9QXD4TQH`,
      '12345',
      '__proto__',
      'constructor',
    ]) {
      expect(isPublicReference('ORD', value), JSON.stringify(value)).toBe(false);
      expect(normalizePublicReference('ORD', value)).toBeNull();
    }
  });

  it('tell prefixes apart', () => {
    const invoice = newPublicReference(ReferencePrefix.invoice);
    expect(isPublicReference(ReferencePrefix.invoice, invoice)).toBe(true);
    expect(isPublicReference(ReferencePrefix.order, invoice)).toBe(false);
  });
});
