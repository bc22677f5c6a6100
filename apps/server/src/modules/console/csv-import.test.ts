import { describe, expect, it } from 'vitest';
import { checkImport, moneyToMinor, parseCsv } from './csv-import.js';

describe('the console CSV import', () => {
  it('reads RFC 4180: quoted commas, doubled quotes, line breaks inside quotes, CRLF, a BOM, blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
  });

  it('reads amounts in major units, and refuses what is not one', () => {
    expect(moneyToMinor('12.5')).toBe(1250);
    expect(moneyToMinor('$1,299')).toBe(129_900);
    expect(moneyToMinor('£0.99')).toBe(99);
    for (const bad of ['', 'abc', '1.999', '-5', '1e3']) expect(moneyToMinor(bad)).toBeNull();
  });

  it('names missing and unknown columns in the header (row 1)', () => {
    const checked = checkImport('title,colour\nA thing,red', 7, new Map());
    expect(checked.items).toEqual([]);
    expect(checked.errors).toContainEqual({ Row: 1, Column: 'category', Message: 'This column is missing' });
    expect(checked.errors).toContainEqual(expect.objectContaining({ Row: 1, Column: 'colour' }));
  });

  it('makes items of good rows for the given store, with the category by slug', () => {
    const checked = checkImport(
      'title,category,condition,price,rrp,promotion_type,promotion_amount,weight_grams,length_cm,width_cm,height_cm,postable\n' +
        'Roland Juno-60,keyboards-pianos,4,1800,2000,value,200.00,12000,100,40,15,no',
      7,
      new Map([['keyboards-pianos', 42]]),
    );
    expect(checked.errors).toEqual([]);
    expect(checked.items).toEqual([
      expect.objectContaining({
        storeId: 7,
        categoryId: 42,
        title: 'Roland Juno-60',
        priceMinor: 180_000,
        rrpMinor: 200_000,
        promotion: { method: 'Value', amount: 20_000 },
        postable: false,
      }),
    ]);
  });
});
