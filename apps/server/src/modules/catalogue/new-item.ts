import { ConditionLabel, ITEM_COLOURS, ITEM_STORAGE_SIZES, itemValueLabel } from '@shop/contract';
import { z } from 'zod';

/** The reduction from the RRP in whole percent, as a shopper would work it out (and the card's badge does). */
export function percentOff(rrpMinor: number, priceMinor: number): number {
  return rrpMinor > 0 ? Math.round(((rrpMinor - priceMinor) * 100) / rrpMinor) : 0;
}

export const PromotionSchema = z.object({
  method: z.enum(['Percentage', 'Value']),
  /** Whole percent off the RRP, or minor units off it. */
  amount: z.number().int().positive().max(100_000_000),
});

/** A size in whole units, or null: not given (only a pickup-only item may leave it out). */
const size = (max: number) => z.number().int().positive().max(max).nullable().default(null);

/**
 * An item's own fields, as a store gives them (adding or editing). A promotion must agree with the
 * prices: the card shows it only when they bear it out (catalogue.mapper.ts promotionOf), so one
 * that does not would be dropped silently; it is refused here instead, naming the field.
 */
export const ItemFieldsSchema = z.object({
  categoryId: z.number().int().positive(),
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(150),
  brand: z.string().trim().max(60).default(''),
  condition: z.number().int().min(0).max(5),
  description: z.string().trim().max(4000).default(''),
  /** Minor units (cents, pence). */
  priceMinor: z.number().int().positive().max(100_000_000),
  /** The new price (recommended retail), if known; 0 when not. */
  rrpMinor: z.number().int().min(0).max(100_000_000).default(0),
  /** A percentage or value off the RRP, shown as the card's badge; null: none. */
  promotion: PromotionSchema.nullable().default(null),
  /** Search's Colour and Storage filters list the item under these (null: under neither). */
  colour: z.enum(ITEM_COLOURS).nullable().default(null),
  storage: z.enum(ITEM_STORAGE_SIZES).nullable().default(null),
  /** Null only for a pickup-only item (sizeForPosting): nothing prices its postage. */
  weightGrams: size(1_000_000),
  lengthCm: size(1000),
  widthCm: size(1000),
  heightCm: size(1000),
  /** False: pickup only. */
  postable: z.boolean(),
  taxTreatment: z.enum(['standard', 'gst_free', 'margin']).default('standard'),
});

type ItemFields = z.infer<typeof ItemFieldsSchema>;

/** Postage is priced by weight and size, so an item that can be posted needs all four. */
function sizeForPosting(item: ItemFields, context: z.RefinementCtx): void {
  if (!item.postable) return;
  for (const field of ['weightGrams', 'lengthCm', 'widthCm', 'heightCm'] as const)
    if (item[field] === null)
      context.addIssue({ code: 'custom', path: [field], message: 'is required for an item that can be posted' });
}

/**
 * The row keeps 0 for a size not given: the columns are NOT NULL, and 0 is never a real size
 * (sizes are positive), so toStockItem reads it back as null.
 */
export function sizeColumn(value: number | null): number {
  return value ?? 0;
}

function promotionAgrees(
  item: { priceMinor: number; rrpMinor: number; promotion: z.infer<typeof PromotionSchema> | null },
  context: z.RefinementCtx,
): void {
  const { promotion, priceMinor, rrpMinor } = item;
  if (!promotion) return;
  if (rrpMinor <= priceMinor) {
    context.addIssue({ code: 'custom', path: ['promotion'], message: 'A promotion needs an RRP above the price' });
    return;
  }
  if (promotion.method === 'Percentage' && percentOff(rrpMinor, priceMinor) !== promotion.amount)
    context.addIssue({
      code: 'custom',
      path: ['promotion', 'amount'],
      message: `The price is ${percentOff(rrpMinor, priceMinor)}% below the RRP, not ${promotion.amount}%`,
    });
  if (promotion.method === 'Value' && rrpMinor - priceMinor !== promotion.amount)
    context.addIssue({
      code: 'custom',
      path: ['promotion', 'amount'],
      message: `The price is ${rrpMinor - priceMinor} (minor units) below the RRP, not ${promotion.amount}`,
    });
}

/**
 * What a store says about an item it puts online (the store console's "add an item" and CSV
 * import, and the `npm run item -- list` CLI): checked here once, so every way in lists the same
 * kind of item.
 */
export const NewItemSchema = ItemFieldsSchema.extend({ storeId: z.number().int().positive() }).superRefine(
  (item, context) => {
    promotionAgrees(item, context);
    sizeForPosting(item, context);
  },
);
export type NewItem = z.input<typeof NewItemSchema>;

/** An edit of an item already listed: the same fields and rules; its store does not change. */
export const ItemChangesSchema = ItemFieldsSchema.superRefine((item, context) => {
  promotionAgrees(item, context);
  sizeForPosting(item, context);
});
export type ItemChanges = z.input<typeof ItemChangesSchema>;

/** The specifications table every item carries (brand, condition, storage and colour, as the demo's items do). */
export function baseSpecifications(
  brand: string,
  condition: number,
  values: { colour?: string | null; storage?: string | null } = {},
): { Name: string; Value: string }[] {
  const specs = [{ Name: 'Condition', Value: `${condition} - ${ConditionLabel[condition] ?? String(condition)}` }];
  if (brand) specs.unshift({ Name: 'Brand', Value: brand });
  if (values.storage) specs.push({ Name: 'Storage', Value: itemValueLabel(values.storage) });
  if (values.colour) specs.push({ Name: 'Colour', Value: itemValueLabel(values.colour) });
  return specs;
}

/** Listed items' codes: 'SI' and the row id, so they never meet the demo's 'SH' codes or each other. */
export function listedItemCode(id: number): string {
  return `SI${String(id).padStart(7, '0')}`;
}
