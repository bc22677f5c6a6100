import { CONSOLE_IMPORT_MAX_ROWS, type ImportRowError } from '@shop/contract';
import type { NewItem } from '../../catalogue/new-item.js';
import { NewItemSchema } from '../../catalogue/new-item.js';

/**
 * The console's CSV import: the file's text to items the catalogue will list, or every row's
 * errors. Nothing here writes: the service lists all the items in one transaction, and only when
 * no row has an error.
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1, the first item row 2.
 */

/** The columns, in the order the README documents them; the header names them (any order). */
export const IMPORT_COLUMNS = [
  'title',
  'category',
  'brand',
  'condition',
  'description',
  'price',
  'rrp',
  'promotion_type',
  'promotion_amount',
  'weight_grams',
  'length_cm',
  'width_cm',
  'height_cm',
  'postable',
] as const;
const REQUIRED = [
  'title',
  'category',
  'condition',
  'price',
  'weight_grams',
  'length_cm',
  'width_cm',
  'height_cm',
  'postable',
] as const;

/**
 * A cell a spreadsheet takes for a formula begins with one of these (OWASP's CSV injection list:
 * =, +, -, @, tab, carriage return); `=HYPERLINK(...)` or `=cmd|...` in an item's title would run
 * in whatever spreadsheet its text is one day opened in. Cells are trimmed first, so a tab or
 * carriage return cannot lead, but one before `=` does not hide it.
 *
 * Such a title, brand or description is refused, naming its row and column, rather than stored
 * with a neutralising `'` in front: the stored text is what shoppers read on every page, e-mail and
 * invoice, where the quote would show, while a refusal tells the staff at once (nothing of the
 * file is imported) and the item stays importable reworded ("Drill, 20% off" for "-20% drill").
 * The shop writes no CSV today; an export would neutralise on its way out instead.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FREE_TEXT = ['title', 'brand', 'description'] as const;
export const FORMULA_MESSAGE = 'must not begin with =, +, - or @ (a spreadsheet would take it for a formula)';

/** RFC 4180: commas, double-quoted fields with "" for a quote, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, a spreadsheet's empty rows) are not items.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** '12.50', '$12.50', '1,299' -> minor units; null when it is not an amount. */
export function moneyToMinor(text: string): number | null {
  const clean = text.trim().replace(/^[$£]/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function yesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  return null;
}

/** NewItemSchema's field -> the CSV column it came from (for the error's Column). */
const COLUMN_OF: Record<string, string> = {
  title: 'title',
  categoryId: 'category',
  brand: 'brand',
  condition: 'condition',
  description: 'description',
  priceMinor: 'price',
  rrpMinor: 'rrp',
  promotion: 'promotion_amount',
  weightGrams: 'weight_grams',
  lengthCm: 'length_cm',
  widthCm: 'width_cm',
  heightCm: 'height_cm',
  postable: 'postable',
};

export type ImportCheck = { items: NewItem[]; errors: [] } | { items: []; errors: ImportRowError[] };

/**
 * Checks every row (not stopping at the first bad one) against the same rules as adding one item
 * (NewItemSchema), with the category given by its slug.
 */
export function checkImport(text: string, storeId: number, categoryIds: ReadonlyMap<string, number>): ImportCheck {
  const rows = parseCsv(text);
  const errors: ImportRowError[] = [];
  const [header, ...body] = rows;
  if (!header) return { items: [], errors: [{ Row: 1, Column: '', Message: 'The file has no header row' }] };
  const names = header.map((h) => h.trim().toLowerCase());
  for (const column of REQUIRED)
    if (!names.includes(column)) errors.push({ Row: 1, Column: column, Message: 'This column is missing' });
  names.forEach((name) => {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name))
      errors.push({ Row: 1, Column: name, Message: `Unknown column (the columns are ${IMPORT_COLUMNS.join(', ')})` });
  });
  if (body.length === 0) errors.push({ Row: 2, Column: '', Message: 'The file has no items' });
  if (body.length > CONSOLE_IMPORT_MAX_ROWS)
    errors.push({
      Row: CONSOLE_IMPORT_MAX_ROWS + 2,
      Column: '',
      Message: `At most ${CONSOLE_IMPORT_MAX_ROWS} items per file`,
    });
  if (errors.length > 0) return { items: [], errors };

  const items: NewItem[] = [];
  body.forEach((cells, index) => {
    const rowNumber = index + 2;
    const at = (column: string) => (cells[names.indexOf(column)] ?? '').trim();
    const rowErrors: ImportRowError[] = [];
    const fail = (column: string, message: string) =>
      rowErrors.push({ Row: rowNumber, Column: column, Message: message });
    if (cells.length !== names.length) fail('', `This row has ${cells.length} cells; the header has ${names.length}`);

    const categoryId = categoryIds.get(at('category').toLowerCase());
    if (categoryId === undefined) fail('category', `No category '${at('category')}' (use the category's slug)`);
    const number = (column: string) => {
      const value = wholeNumber(at(column));
      if (value === null) fail(column, 'must be a whole number');
      return value ?? 0;
    };
    const money = (column: string, required: boolean) => {
      if (!required && at(column) === '') return 0;
      const value = moneyToMinor(at(column));
      if (value === null) fail(column, 'must be an amount such as 12.50');
      return value ?? 0;
    };
    const postable = yesNo(at('postable'));
    if (postable === null) fail('postable', 'must be yes or no');
    const type = at('promotion_type').toLowerCase();
    let promotion: NewItem['promotion'] = null;
    if (type === 'percentage') promotion = { method: 'Percentage', amount: number('promotion_amount') };
    else if (type === 'value') promotion = { method: 'Value', amount: money('promotion_amount', true) };
    else if (type !== '') fail('promotion_type', 'must be percentage, value or empty');
    for (const column of FREE_TEXT) if (FORMULA_START.test(at(column))) fail(column, FORMULA_MESSAGE);

    const item: NewItem = {
      storeId,
      categoryId: categoryId ?? 1,
      title: at('title'),
      brand: at('brand'),
      condition: number('condition'),
      description: at('description'),
      priceMinor: money('price', true),
      rrpMinor: money('rrp', false),
      promotion,
      weightGrams: number('weight_grams'),
      lengthCm: number('length_cm'),
      widthCm: number('width_cm'),
      heightCm: number('height_cm'),
      postable: postable ?? false,
    };
    // The listing's own rules, for what parsed: each failing field once.
    const checked = NewItemSchema.safeParse(item);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const column = COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0] ?? '');
        if (!rowErrors.some((e) => e.Column === column)) fail(column, issue.message);
      }
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else items.push(item);
  });
  return errors.length > 0 ? { items: [], errors } : { items, errors: [] };
}
