import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShape, newToken, sameSecret, sign } from './tokens.js';

describe('tokens', () => {
  it('makes 256-bit url-safe tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(isTokenShape(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('stores a token only as its SHA-256', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares secrets of any length without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', '')).toBe(true);
  });

  it('rejects values that are not tokens', () => {
    for (const value of ['', 'short', `${newToken()}x`, 'a'.repeat(42), null, undefined, 42]) {
      expect(isTokenShape(value)).toBe(false);
    }
  });

  it('signs with the key: another key gives another signature', () => {
    expect(sign('k1', 'm')).toBe(sign('k1', 'm'));
    expect(sign('k1', 'm')).not.toBe(sign('k2', 'm'));
    expect(sign('k1', 'm')).not.toBe(sign('k1', 'n'));
  });
});
