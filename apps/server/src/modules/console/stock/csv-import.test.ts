import { describe, expect, it } from 'vitest';
import { checkImport, FORMULA_MESSAGE, moneyToMinor, parseCsv } from './csv-import.js';

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

  describe('cells a spreadsheet would take for a formula', () => {
    const header =
      'title,category,brand,condition,description,price,weight_grams,length_cm,width_cm,height_cm,postable';
    const row = (title: string, brand = 'Bosch', description = 'As new.') =>
      [title, 'power-tools', brand, '4', description, '120', '2000', '40', '30', '12', 'yes']
        .map((cell) => `"${cell.replaceAll('"', '""')}"`)
        .join(',');
    const check = (...rows: string[]) => checkImport([header, ...rows].join('\n'), 7, new Map([['power-tools', 9]]));

    it.each([
      '=HYPERLINK("http://evil.example","Bosch drill")',
      "+cmd|' /C calc'!A0",
      '-20% drill',
      "@SUM(1+9)*cmd|' /C calc'!A0",
      '\t=1+1 drill',
      '\r=1+1 drill',
      '  =1+1 drill',
    ])('refuses a title beginning %j, naming the row and column, and imports nothing', (title) => {
      const checked = check(row('Bosch GSB 18V drill'), row(title));
      expect(checked.items).toEqual([]);
      expect(checked.errors).toEqual([{ Row: 3, Column: 'title', Message: FORMULA_MESSAGE }]);
    });

    it('refuses a brand or description beginning so, each cell once', () => {
      const checked = check(row('Bosch drill', '@Bosch'), row('Makita drill', 'Makita', '- battery\n- charger'));
      expect(checked.errors).toEqual([
        { Row: 2, Column: 'brand', Message: FORMULA_MESSAGE },
        { Row: 3, Column: 'description', Message: FORMULA_MESSAGE },
      ]);
      expect(FORMULA_MESSAGE).toBe('must not begin with =, +, - or @ (a spreadsheet would take it for a formula)');
    });

    it('imports the same characters anywhere but first', () => {
      const checked = check(
        row('Drill, 20% off -- as new', 'Black+Decker', 'Comes with: - battery = 2 Ah; ask @ the counter'),
        row('B&Q "=" drill', '', ''),
      );
      expect(checked.errors).toEqual([]);
      expect(checked.items.map((item) => [item.title, item.brand, item.description])).toEqual([
        ['Drill, 20% off -- as new', 'Black+Decker', 'Comes with: - battery = 2 Ah; ask @ the counter'],
        ['B&Q "=" drill', '', ''],
      ]);
    });
  });
});
