import { describe, expect, it } from 'vitest';
import { DATABASE_ID_MAX, databaseId, isSingleLine, singleLineText } from './validation.js';

describe('databaseId', () => {
  const schema = databaseId('must be an id');

  it('accepts 1..2147483647 from strings and numbers', () => {
    expect(schema.parse('1')).toBe(1);
    expect(schema.parse(42)).toBe(42);
    expect(schema.parse(String(DATABASE_ID_MAX))).toBe(2147483647);
  });

  it('refuses everything else with the given message', () => {
    for (const value of ['2147483648', 2 ** 31, 2 ** 53 + 2, '0', '-5', '2.5', 'x', '', null, [1, 2], {}]) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      if (!result.success) expect(result.error.issues.map((i) => i.message)).toContain('must be an id');
    }
  });
});

describe('single-line text', () => {
  it('knows CR, LF and Unicode line breaks', () => {
    expect(isSingleLine('one line\twith a tab')).toBe(true);
    for (const value of ['a\nb', 'a\rb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) expect(isSingleLine(value)).toBe(false);
  });

  it('trims, requires and refuses line breaks', () => {
    const schema = singleLineText('one line please');
    expect(schema.parse('  Sam ')).toBe('Sam');
    expect(schema.safeParse('Sam\nBuyer').error?.issues.map((i) => i.message)).toEqual(['one line please']);
    expect(schema.safeParse(' ').error?.issues.map((i) => i.message)).toEqual(['This field is required']);
    expect(schema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(['This field is required']);
  });
});
