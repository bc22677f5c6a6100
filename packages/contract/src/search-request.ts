import { z } from 'zod';
import { PageSize } from './constants.js';
import { STATE_CODE } from './search-keys.js';

export * from './search-keys.js';

const SortKeySchema = z
  .string()
  .regex(/^(relevance|listed|price|condition|distance)[+-]?$/, 'must be one of the offered sort keys');

/** The farthest `within` a search takes, in kilometres. */
export const MAX_WITHIN_KM = 1000;
export const NEEDS_A_PLACE = 'needs a place: add near';

/**
 * A radius in km: one of the Distance group's radii or any positive number up to MAX_WITHIN_KM.
 * Several (the refine panel's boxes are ticked like any group's) mean the widest of them.
 */
const WITHIN_MESSAGE = `must be a distance in km, up to ${MAX_WITHIN_KM}`;
const withinKm = z
  .string()
  .max(100, WITHIN_MESSAGE)
  .transform((value, ctx) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    const km = parts.map((part) => (/^\d{1,4}(\.\d{1,3})?$/.test(part) ? Number(part) : Number.NaN));
    const widest = Math.max(...km);
    if (parts.length === 0 || km.some((k) => !(k > 0 && k <= MAX_WITHIN_KM))) {
      ctx.addIssue({ code: 'custom', message: WITHIN_MESSAGE });
      return z.NEVER;
    }
    return widest;
  });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PRICE_RANGE = /^\d{1,7}-(\d{1,7})?$/;

/** A comma-joined list, as the spec's query-string shaping writes it. */
/* @__NO_SIDE_EFFECTS__ */
function commaList(item: z.ZodString, what: string) {
  return z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(item.regex(/.*/, what)).max(100, 'too many values'));
}

const slugList = commaList(z.string().regex(SLUG, 'each value must be a lower-case id'), 'slug');
const booleanFlag = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" });

export const SearchResultsQuerySchema = z
  .object({
    query: z.string().trim().max(200, 'must be 200 characters or fewer').optional(),
    page: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(100000, 'is too large')
      .optional(),
    NumberOfResults: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(1000, 'must be 1000 or fewer')
      .default(PageSize.search),
    Sort: SortKeySchema.optional(),
    category: z.string().regex(SLUG, 'must be a category id').optional(),
    /** States (upper-case codes) and stores (lower-case slugs), comma-joined. */
    location: commaList(
      z.string().regex(/^([A-Z]{2,3}|[a-z0-9]+(?:-[a-z0-9]+)*)$/, 'each value must be a state code or store id'),
      'location',
    ).optional(),
    delivery: slugList.optional(),
    brand: slugList.optional(),
    condition: slugList.optional(),
    colour: slugList.optional(),
    storage: slugList.optional(),
    price: commaList(
      z.string().regex(PRICE_RANGE, "each value must be a range such as '100-250' or '1000-'"),
      'price',
    ).optional(),
    onsale: booleanFlag.optional(),
    haspictures: booleanFlag.optional(),
    nonsticky: z.string().max(20).optional(),
    /** Where the shopper is: a postcode, suburb, UK postcode district or 'lat,lng' (resolved by the server). */
    near: z.string().trim().min(1, 'is required').max(100, 'must be 100 characters or fewer').optional(),
    /** Only items whose store lies within this many km of `near`. */
    within: withinKm.optional(),
  })
  // A radius or the distance order means nothing without a place to measure from.
  .superRefine((query, ctx) => {
    if (query.near) return;
    if (query.within !== undefined) ctx.addIssue({ code: 'custom', path: ['within'], message: NEEDS_A_PLACE });
    if (query.Sort?.startsWith('distance')) ctx.addIssue({ code: 'custom', path: ['Sort'], message: NEEDS_A_PLACE });
  });
export type SearchResultsQuery = z.infer<typeof SearchResultsQuerySchema>;

export const PredictiveQuerySchema = z.object({
  query: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100, 'must be 100 characters or fewer'),
  isMobileDevice: booleanFlag.default('false'),
  referrer: z.string().max(2000, 'is too long').optional(),
});
export type PredictiveQuery = z.infer<typeof PredictiveQuerySchema>;

export const StoreQuerySchema = z.object({
  state: commaList(z.string().regex(STATE_CODE, 'each value must be a state code'), 'state').optional(),
  query: z.string().trim().max(100, 'must be 100 characters or fewer').optional(),
  sort: z.enum(['name', 'state', 'distance'], { message: "must be 'name', 'state' or 'distance'" }).default('state'),
  latitude: z.coerce.number({ message: 'must be a number' }).min(-90).max(90).optional(),
  longitude: z.coerce.number({ message: 'must be a number' }).min(-180).max(180).optional(),
  /** Where the shopper is (a postcode, suburb, UK district or "lat,lng"): every store's DistanceKm from it. */
  near: z.string().trim().optional(),
});
export type StoreQuery = z.infer<typeof StoreQuerySchema>;
