import { describe, expect, it } from 'vitest';
import { Random } from '../seed/random.js';
import { abnFromBase, isValidAbn, isValidUkVatNumber, ukVatNumberFromBase } from './tax-numbers.js';

describe('ABN', () => {
  it('accepts real ABNs and refuses a changed digit', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true); // the ATO's own
    expect(isValidAbn('53 004 085 616')).toBe(true); // the ABR's worked example
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('61 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('0182475355a')).toBe(false);
  });

  it('makes the valid ABN for any nine-digit base, formatted 2-3-3-3', () => {
    expect(abnFromBase('824753556')).toBe('51 824 753 556');
    const random = new Random(11);
    for (let i = 0; i < 2000; i++) {
      const base = String(random.int(0, 999_999_999)).padStart(9, '0');
      const abn = abnFromBase(base);
      expect(abn).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
      expect(abn.replace(/\s/g, '').slice(2)).toBe(base);
      expect(isValidAbn(abn)).toBe(true);
    }
    expect(() => abnFromBase('12345678')).toThrow(RangeError);
  });
});

describe('UK VAT number', () => {
  it("accepts HMRC's mod-97 and 9755 schemes and refuses a changed digit", () => {
    expect(isValidUkVatNumber('GB999999973')).toBe(true); // HMRC's test number
    expect(isValidUkVatNumber('GB 999 9999 73')).toBe(true);
    expect(isValidUkVatNumber('999999973')).toBe(true);
    expect(isValidUkVatNumber('GB999999974')).toBe(false);
    expect(isValidUkVatNumber('GB12345678')).toBe(false);
    // 9755 scheme: the weighted sum of 1234567 is 112; check digits making 112 + 55 + check a multiple of 97.
    const weighted = 8 * 1 + 7 * 2 + 6 * 3 + 5 * 4 + 4 * 5 + 3 * 6 + 2 * 7;
    const check = (97 * 3 - 55 - weighted) % 97;
    expect(isValidUkVatNumber(`GB1234567${String(check).padStart(2, '0')}`)).toBe(true);
  });

  it('makes a valid number from any seven digits', () => {
    const random = new Random(12);
    for (let i = 0; i < 2000; i++) {
      const base = String(random.int(1_000_000, 9_999_999));
      const vat = ukVatNumberFromBase(base);
      expect(vat).toMatch(/^GB\d{9}$/);
      expect(vat.slice(2, 9)).toBe(base);
      expect(isValidUkVatNumber(vat)).toBe(true);
    }
  });
});
