import type { ConsoleItem, ConsoleItemFieldsSchema } from '@shop/contract';
import { CONSOLE_TITLE_MAX, formatMoney, ITEM_COLOURS, ITEM_STORAGE_SIZES, type Region } from '@shop/contract';
import { z } from 'zod';
import { serverFieldErrors } from '../../../lib/field-errors';
import { formatCount } from '../../../lib/format-count';
import { MAX_MINOR, moneyText, parseMoney } from '../../lib/money-input';

/** The add and edit forms' fields, as typed (money in dollars or pounds, sizes in whole numbers). */
export const ITEM_FIELDS = [
  'Title',
  'CategoryId',
  'Brand',
  'Condition',
  'Description',
  'Colour',
  'Storage',
  'Price',
  'Rrp',
  'PromotionMethod',
  'PromotionAmount',
  'WeightGrams',
  'LengthCm',
  'WidthCm',
  'HeightCm',
  'Postable',
  'Pictures',
] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];
export type ItemFormValues = Record<ItemField, string>;

export const EMPTY_ITEM: ItemFormValues = {
  Title: '',
  CategoryId: '',
  Brand: '',
  Condition: '3',
  Description: '',
  Colour: '',
  Storage: '',
  Price: '',
  Rrp: '',
  PromotionMethod: '',
  PromotionAmount: '',
  WeightGrams: '',
  LengthCm: '',
  WidthCm: '',
  HeightCm: '',
  Postable: 'yes',
  Pictures: '',
};

/** A size: a whole number in range, or empty (allowed for a pickup-only item: see the refinement below). */
const whole = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,9}$/.test(v) && Number(v) > 0 && Number(v) <= max),
      `${label} must be a whole number from 1 to ${formatCount(max)}`,
    );

const SIZES = [
  ['WeightGrams', 'Weight'],
  ['LengthCm', 'Length'],
  ['WidthCm', 'Width'],
  ['HeightCm', 'Height'],
] as const;

/**
 * The form's own check, with messages for people at the counter. The server checks the same
 * fields again with the contract's ConsoleItemFieldsSchema, and its errors are shown beside the fields too.
 */
export const ItemFormSchema = z
  .object({
    Title: z
      .string()
      .trim()
      .min(3, 'Title must be at least 3 characters')
      .max(CONSOLE_TITLE_MAX, `Title must be at most ${CONSOLE_TITLE_MAX} characters`),
    CategoryId: z.string().regex(/^\d+$/, 'Choose a category'),
    Brand: z.string().trim().max(60, 'Brand must be at most 60 characters'),
    Condition: z.string().regex(/^[0-5]$/, 'Choose a condition from 0 to 5'),
    Description: z.string().trim().max(4000, 'Description must be at most 4,000 characters'),
    Colour: z.enum(['', ...ITEM_COLOURS]),
    Storage: z.enum(['', ...ITEM_STORAGE_SIZES]),
    Price: z.string().refine((v) => {
      const minor = parseMoney(v);
      return minor !== null && minor > 0 && minor <= MAX_MINOR;
    }, 'Price must be an amount above 0, such as 12.50'),
    Rrp: z.string().refine((v) => {
      if (v.trim() === '') return true;
      const minor = parseMoney(v);
      return minor !== null && minor <= MAX_MINOR;
    }, 'RRP must be an amount such as 12.50, or empty'),
    PromotionMethod: z.enum(['', 'Percentage', 'Value']),
    PromotionAmount: z.string(),
    WeightGrams: whole('Weight', 1_000_000),
    LengthCm: whole('Length', 1000),
    WidthCm: whole('Width', 1000),
    HeightCm: whole('Height', 1000),
    Postable: z.enum(['yes', 'no']),
    Pictures: z.string(),
  })
  .superRefine((values, issues) => {
    // Postage is priced by weight and size; a pickup-only item may leave them out (the server's rule too).
    if (values.Postable === 'yes')
      for (const [field, label] of SIZES)
        if (values[field].trim() === '')
          issues.addIssue({
            code: 'custom',
            path: [field],
            message: `${label} is needed for an item that can be posted`,
          });
    const amount = values.PromotionAmount.trim();
    if (values.PromotionMethod === 'Percentage' && !(/^\d{1,2}$/.test(amount) && Number(amount) >= 1)) {
      issues.addIssue({ code: 'custom', path: ['PromotionAmount'], message: 'Enter a whole percentage from 1 to 99' });
    }
    if (values.PromotionMethod === 'Value') {
      const minor = parseMoney(amount);
      if (minor === null || minor <= 0)
        issues.addIssue({ code: 'custom', path: ['PromotionAmount'], message: 'Enter the amount off, such as 20.00' });
      if (values.Rrp.trim() === '')
        issues.addIssue({ code: 'custom', path: ['Rrp'], message: 'An amount off needs the RRP it comes off' });
    }
  });

/** The typed values as the API's fields (call only once ItemFormSchema accepts them). */
export function toItemFields(values: ItemFormValues): z.input<typeof ConsoleItemFieldsSchema> {
  const method = values.PromotionMethod as '' | 'Percentage' | 'Value';
  return {
    Title: values.Title.trim(),
    CategoryId: Number(values.CategoryId),
    Brand: values.Brand.trim(),
    Condition: Number(values.Condition),
    Description: values.Description.trim(),
    PriceMinor: parseMoney(values.Price) ?? 0,
    RrpMinor: values.Rrp.trim() === '' ? 0 : (parseMoney(values.Rrp) ?? 0),
    Promotion:
      method === ''
        ? null
        : {
            Method: method,
            Amount:
              method === 'Percentage'
                ? Number(values.PromotionAmount.trim())
                : (parseMoney(values.PromotionAmount) ?? 0),
          },
    Colour: values.Colour === '' ? null : (values.Colour as (typeof ITEM_COLOURS)[number]),
    Storage: values.Storage === '' ? null : (values.Storage as (typeof ITEM_STORAGE_SIZES)[number]),
    WeightGrams: sizeOrNull(values.WeightGrams),
    LengthCm: sizeOrNull(values.LengthCm),
    WidthCm: sizeOrNull(values.WidthCm),
    HeightCm: sizeOrNull(values.HeightCm),
    Postable: values.Postable === 'yes',
  };
}

function sizeOrNull(typed: string): number | null {
  return typed.trim() === '' ? null : Number(typed);
}

/** An item as the edit form starts. */
export function itemFormValues(item: ConsoleItem): ItemFormValues {
  return {
    Title: item.Title,
    CategoryId: String(item.CategoryId),
    Brand: item.Brand,
    Condition: String(item.Condition),
    Description: item.Description,
    Price: moneyText(item.PriceMinor),
    Rrp: item.RrpMinor > 0 ? moneyText(item.RrpMinor) : '',
    PromotionMethod: item.Promotion?.Method ?? '',
    PromotionAmount: !item.Promotion
      ? ''
      : item.Promotion.Method === 'Percentage'
        ? String(item.Promotion.Amount)
        : moneyText(item.Promotion.Amount),
    Colour: item.Colour ?? '',
    Storage: item.Storage ?? '',
    WeightGrams: item.WeightGrams === null ? '' : String(item.WeightGrams),
    LengthCm: item.LengthCm === null ? '' : String(item.LengthCm),
    WidthCm: item.WidthCm === null ? '' : String(item.WidthCm),
    HeightCm: item.HeightCm === null ? '' : String(item.HeightCm),
    Postable: item.Postable ? 'yes' : 'no',
    Pictures: '',
  };
}

/** The API's field (first segment of the path it names) -> the form's field. */
const FIELD_OF_API: Record<string, ItemField> = {
  PriceMinor: 'Price',
  RrpMinor: 'Rrp',
  Promotion: 'PromotionAmount',
  Pictures: 'Pictures',
  StoreId: 'Title',
};

/**
 * The fields the server's 400 refused, as the API names them (PriceMinor, Pictures.1), put beside
 * the form's own fields. What names no field of the form stays in `rest` ('request: too large'),
 * shown above the buttons. Null when the failure names no field.
 */
export function itemFieldErrors(error: unknown): {
  fields: Partial<Record<ItemField, string>>;
  rest: string | null;
} | null {
  const found = serverFieldErrors(error);
  if (!found) return null;
  const fields: Partial<Record<ItemField, string>> = {};
  const rest: string[] = [];
  for (const [path, messages] of found) {
    const [api = '', index] = path.split('.');
    const field = FIELD_OF_API[api] ?? ITEM_FIELDS.find((f) => f === api);
    for (const message of messages) {
      if (!field) {
        rest.push(`${path}: ${message}`);
        continue;
      }
      const picture = api === 'Pictures' && index !== undefined ? `Picture ${Number(index) + 1}: ` : '';
      const text = `${picture}${sentence(message)}`;
      fields[field] = fields[field] ? `${fields[field]}. ${text}` : text;
    }
  }
  return { fields, rest: rest.length > 0 ? rest.join('. ') : null };
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How the price field is labelled and hinted in this store's currency. */
export function currencyHint(region: Region): string {
  return `In ${region === 'UK' ? 'pounds' : 'dollars'}, such as ${formatMoney(1250, region)}`;
}
