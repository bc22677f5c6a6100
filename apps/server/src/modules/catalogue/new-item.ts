import { ConditionLabel } from '@shop/contract';
import { z } from 'zod';

/**
 * What a store says about an item it puts online (the store console's "add an item" and the
 * `npm run item -- list` CLI): checked here once, so every way in lists the same kind of item.
 */
export const NewItemSchema = z.object({
  storeId: z.number().int().positive(),
  categoryId: z.number().int().positive(),
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(150),
  brand: z.string().trim().max(60).default(''),
  condition: z.number().int().min(0).max(5),
  description: z.string().trim().max(4000).default(''),
  /** Minor units (cents, pence). */
  priceMinor: z.number().int().positive().max(100_000_000),
  /** The new price (recommended retail), if known; 0 when not. */
  rrpMinor: z.number().int().min(0).max(100_000_000).default(0),
  weightGrams: z.number().int().positive().max(1_000_000),
  lengthCm: z.number().int().positive().max(1000),
  widthCm: z.number().int().positive().max(1000),
  heightCm: z.number().int().positive().max(1000),
  /** False: pickup only. */
  postable: z.boolean(),
  taxTreatment: z.enum(['standard', 'gst_free', 'margin']).default('standard'),
});

export type NewItem = z.input<typeof NewItemSchema>;

/** The specifications table every item carries (brand and condition, as the demo's items do). */
export function baseSpecifications(brand: string, condition: number): { Name: string; Value: string }[] {
  const specs = [{ Name: 'Condition', Value: `${condition} - ${ConditionLabel[condition] ?? String(condition)}` }];
  return brand ? [{ Name: 'Brand', Value: brand }, ...specs] : specs;
}

/** Listed items' codes: 'SI' and the row id, so they never meet the demo's 'SH' codes or each other. */
export function listedItemCode(id: number): string {
  return `SI${String(id).padStart(7, '0')}`;
}
