import { z } from 'zod';

/**
 * The store console's price guide: GET /c3api/console/stores/{storeId}/price-guide. What comparable
 * items (same region, category, brand and model words) sold for in the last 180 days and are listed
 * for now, and a price suggested for the condition asked about. Money is minor units.
 */

/** How far back a sale counts as a comparable. */
export const PRICE_GUIDE_SOLD_DAYS = 180;
/** Comparables the answer lists at most, closest first. */
export const PRICE_GUIDE_MAX_COMPARABLES = 10;

const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** The query: the add or edit form's title, category, brand and condition as the staff member fills them. */
export const PriceGuideQuerySchema = z.object({
  title: z.string({ message: 'is required' }).trim().min(1, 'is required').max(150, 'must be at most 150 characters'),
  categoryId: z.coerce
    .number({ message: 'is required' })
    .int('must be a category')
    .positive('must be a category')
    .max(2_147_483_647, 'must be a category'),
  brand: z.string().trim().max(60, 'must be at most 60 characters').optional(),
  /** 0-5 (0: not graded, then nothing is adjusted for condition). */
  condition: z.coerce
    .number({ message: 'must be a condition from 0 to 5' })
    .int('must be a condition from 0 to 5')
    .min(0, 'must be a condition from 0 to 5')
    .max(5, 'must be a condition from 0 to 5')
    .optional(),
  /** The item being edited, if any: left out of its own comparables. */
  code: z
    .string()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'must be an item code')
    .optional(),
});
export type PriceGuideQuery = z.infer<typeof PriceGuideQuerySchema>;

export const PriceGuideParamsSchema = z.object({ storeId: Id });

export const PriceGuideConfidenceSchema = z.enum(['High', 'Medium', 'Low', 'None']);
export type PriceGuideConfidence = z.infer<typeof PriceGuideConfidenceSchema>;

export const PriceGuideComparableSchema = z.object({
  Code: z.string(),
  Title: z.string(),
  PriceMinor: z.number().int(),
  Status: z.enum(['Sold', 'Listed']),
  /** ISO date (YYYY-MM-DD): the sale's date for a sold item, the listing's for a listed one. */
  Date: z.string(),
  Condition: z.number().int(),
  StoreName: z.string(),
  /** The item's page in the shop (a path: /product/...). */
  Url: z.string(),
});
export type PriceGuideComparable = z.infer<typeof PriceGuideComparableSchema>;

export const PriceGuideValueSchema = z.object({
  /** The median price of the comparables sold in the last 180 days; null without any. */
  SoldMedianMinor: z.number().int().nullable(),
  /** The median price of the comparables on sale now; null without any. */
  ListedMedianMinor: z.number().int().nullable(),
  /** The 10th and 90th percentiles of the sold prices: the middle 80%. */
  LowMinor: z.number().int().nullable(),
  HighMinor: z.number().int().nullable(),
  SoldCount: z.number().int(),
  ListedCount: z.number().int(),
  Confidence: PriceGuideConfidenceSchema,
  /** Why this confidence, in words a member of staff reads. */
  ConfidenceReason: z.string(),
  /** The sold median moved to the condition asked about; null with too few comparables. */
  SuggestedMinor: z.number().int().nullable(),
  /**
   * How the suggestion was moved for condition: from the comparables' typical condition, by this
   * percentage (learned from the region's sales); null when nothing was adjusted.
   */
  ConditionAdjustment: z
    .object({
      FromCondition: z.number().int().nullable(),
      Percent: z.number(),
    })
    .nullable(),
  Comparables: z.array(PriceGuideComparableSchema),
  /** What the comparables were matched on. */
  MatchedOn: z.object({
    CategoryId: z.number().int(),
    CategoryName: z.string(),
    /** True when the category itself had too few comparables and its parent's were used. */
    UsedParentCategory: z.boolean(),
    Brand: z.string().nullable(),
    ModelWords: z.array(z.string()),
  }),
});
export type PriceGuideValue = z.infer<typeof PriceGuideValueSchema>;
