import { z } from 'zod';
import { emailField, isValidRegionPhone } from './customer.js';
import { DISCOUNT_CODE_MAX_LENGTH } from './promotion.js';
import { Regions, statesOf } from './regions.js';

/**
 * The store console's marketplace admin: stores, the home carousel's
 * banners, discount codes and the feature flags an admin may turn off. Every call is under
 * /c3api/console/admin, for marketplace admins only. Money is integer minor units; times go in and
 * come back as ISO-8601 strings.
 */

const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const AdminIdParamsSchema = z.object({ id: Id });

/** A required text on one line of at most `max` characters (trimmed). */
function line(max: number) {
  return z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\r\n]/.test(v), 'must be on one line');
}

/** An optional text on one line ('' when left out). */
function optionalLine(max: number) {
  return z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\r\n]/.test(v), 'must be on one line')
    .optional()
    .transform((v) => v ?? '');
}

/** A link a page may follow: a path on this site ('/search?...') or an http(s) address. */
function isSafeLink(url: string): boolean {
  return /^\/(?![/\\])\S*$/.test(url) || /^https?:\/\/[^\s]+$/i.test(url);
}
const LINK_MESSAGE = "must be a path on this site ('/search') or an http(s) address";
const link = () => z.string().trim().max(500, 'must be at most 500 characters').refine(isSafeLink, LINK_MESSAGE);
const optionalLink = () =>
  z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((v) => v === '' || isSafeLink(v), LINK_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null));

const colour = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #1a2b3c')
    .optional()
    .transform((v) => v ?? fallback);

/** An ISO-8601 time, or null / '' for "no bound". */
const optionalTime = z
  .string()
  .trim()
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO-8601)')
  .nullish()
  .transform((v) => (v ? new Date(Date.parse(v)).toISOString() : null));

// ---- stores ----

export const STORE_SLUG_TAKEN_MESSAGE = 'is already used by another store';

/**
 * A store as the admin creates or edits it: name, slug (its page is /stores/{slug}), region, address
 * (street, suburb or town, state or county code of the region, postcode), contact and its map point
 * (for "nearest store"). The region's rules check the state, postcode and phone.
 */
export const AdminStoreBodySchema = z
  .object({
    Name: line(80),
    Slug: z
      .string({ message: 'is required' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens, e.g. parramatta')
      .max(60, 'must be at most 60 characters'),
    Region: z.enum(Regions, { message: "must be 'AU' or 'UK'" }),
    Address: line(120),
    Suburb: line(60),
    State: z.string({ message: 'is required' }).trim().toUpperCase(),
    Postcode: z.string({ message: 'is required' }).trim().toUpperCase(),
    Phone: line(30),
    Email: emailField(),
    Latitude: z.coerce
      .number({ message: 'must be a number' })
      .min(-90, 'must be -90 to 90')
      .max(90, 'must be -90 to 90'),
    Longitude: z.coerce
      .number({ message: 'must be a number' })
      .min(-180, 'must be -180 to 180')
      .max(180, 'must be -180 to 180'),
  })
  .superRefine((store, context) => {
    if (!statesOf(store.Region).some((s) => s.code === store.State))
      context.addIssue({
        code: 'custom',
        path: ['State'],
        message: `must be one of ${statesOf(store.Region)
          .map((s) => s.code)
          .join(', ')}`,
      });
    const postcode = store.Region === 'AU' ? /^\d{4}$/ : /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;
    if (!postcode.test(store.Postcode))
      context.addIssue({
        code: 'custom',
        path: ['Postcode'],
        message: store.Region === 'AU' ? 'must be 4 digits' : 'must be a UK postcode such as CR0 1AB',
      });
    if (!isValidRegionPhone(store.Region, store.Phone))
      context.addIssue({ code: 'custom', path: ['Phone'], message: 'must be a phone number of the region' });
  });
export type AdminStoreBody = z.output<typeof AdminStoreBodySchema>;
export type AdminStoreInput = z.input<typeof AdminStoreBodySchema>;

export const AdminStoreSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Slug: z.string(),
  Region: z.enum(Regions),
  Address: z.string(),
  Suburb: z.string(),
  State: z.string(),
  Postcode: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Latitude: z.number(),
  Longitude: z.number(),
  /** The shop's page of the store. */
  Url: z.string(),
});
export type AdminStore = z.infer<typeof AdminStoreSchema>;
export const AdminStoreListValueSchema = z.object({ Stores: z.array(AdminStoreSchema) });
export type AdminStoreListValue = z.infer<typeof AdminStoreListValueSchema>;

// ---- banners ----

const AdminBannerButtonSchema = z.object({
  DisplayName: line(40),
  OnClickUrl: link(),
  IsYellowStyle: z.boolean().optional().default(false),
});

/**
 * A slide of the home carousel. Description is HTML: it is sanitised on the way in with the shop's
 * rich-text rules (RICH_TEXT_RULES), so what is stored is what the carousel shows.
 */
export const AdminBannerBodySchema = z.object({
  Title: line(120),
  TitleSize: z.enum(['Large', 'Small'], { message: "must be 'Large' or 'Small'" }).optional().default('Large'),
  TitleColour: colour('#ffffff'),
  Description: z.string().trim().max(2000, 'must be at most 2000 characters').optional().default(''),
  DescriptionColour: colour('#ffffff'),
  GradientColourCodeStart: colour('#1f3b57'),
  GradientColourCodeEnd: colour('#2f6f8f'),
  BackgroundImageUrl: optionalLink(),
  BackgroundImageAltText: optionalLine(200),
  BannerClickUrl: optionalLink(),
  BannerClickTarget: z.enum(['_self', '_blank']).optional().default('_self'),
  PrimaryButton: AdminBannerButtonSchema.nullish().transform((v) => v ?? null),
  /** Slides show in this order (lowest first). */
  Position: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0).max(1000).default(0),
  Active: z.boolean().optional().default(true),
});
export type AdminBannerBody = z.output<typeof AdminBannerBodySchema>;
export type AdminBannerInput = z.input<typeof AdminBannerBodySchema>;

export const AdminBannerSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  TitleSize: z.enum(['Large', 'Small']),
  TitleColour: z.string(),
  /** As stored: already sanitised. */
  Description: z.string(),
  DescriptionColour: z.string(),
  GradientColourCodeStart: z.string(),
  GradientColourCodeEnd: z.string(),
  BackgroundImageUrl: z.string().nullable(),
  BackgroundImageAltText: z.string(),
  BannerClickUrl: z.string().nullable(),
  BannerClickTarget: z.enum(['_self', '_blank']),
  PrimaryButton: z.object({ DisplayName: z.string(), OnClickUrl: z.string(), IsYellowStyle: z.boolean() }).nullable(),
  Position: z.number().int(),
  Active: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;
export const AdminBannerListValueSchema = z.object({ Banners: z.array(AdminBannerSchema) });
export type AdminBannerListValue = z.infer<typeof AdminBannerListValueSchema>;

// ---- discount codes ----

export const DISCOUNT_CODE_TAKEN_MESSAGE = 'is already a code of this region';

const optionalCount = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(1_000_000)
  .nullish()
  .transform((v) => v ?? null);

const discountFields = {
  /**
   * Percentage: basis points, 1-10000 (1000 = 10 %, 1250 = 12.5 %); Value: minor units off the
   * items (2000 = $20.00 or £20.00).
   */
  Method: z.enum(['Percentage', 'Value'], { message: "must be 'Percentage' or 'Value'" }),
  Amount: z.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be above 0'),
  Description: optionalLine(200),
  StartsAt: optionalTime,
  EndsAt: optionalTime,
  MinSpendMinor: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100_000_000)
    .optional()
    .default(0),
  MaxUses: optionalCount,
  MaxUsesPerCustomer: optionalCount,
  Active: z.boolean().optional().default(true),
};

type DiscountRefined = {
  Method: 'Percentage' | 'Value';
  Amount: number;
  StartsAt: string | null;
  EndsAt: string | null;
};
function checkDiscount(code: DiscountRefined, context: z.RefinementCtx) {
  if (code.Method === 'Percentage' && code.Amount > 10_000)
    context.addIssue({ code: 'custom', path: ['Amount'], message: 'must be at most 10000 basis points (100 %)' });
  if (code.Method === 'Value' && code.Amount > 100_000_000)
    context.addIssue({ code: 'custom', path: ['Amount'], message: 'is too large' });
  if (code.StartsAt && code.EndsAt && Date.parse(code.EndsAt) <= Date.parse(code.StartsAt))
    context.addIssue({ code: 'custom', path: ['EndsAt'], message: 'must be after the start' });
}

/** A new code of this region: the code as shoppers type it (stored upper-case), and its rules. */
export const AdminDiscountCreateBodySchema = z
  .object({
    Code: z
      .string({ message: 'is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]+$/, 'must be letters and digits only')
      .max(DISCOUNT_CODE_MAX_LENGTH, `must be at most ${DISCOUNT_CODE_MAX_LENGTH} characters`),
    ...discountFields,
  })
  .superRefine(checkDiscount);
export type AdminDiscountCreateBody = z.output<typeof AdminDiscountCreateBodySchema>;
export type AdminDiscountCreateInput = z.input<typeof AdminDiscountCreateBodySchema>;

/** An edit: every rule of the code (the code itself stays what shoppers were given). */
export const AdminDiscountEditBodySchema = z.object(discountFields).superRefine(checkDiscount);
export type AdminDiscountEditBody = z.output<typeof AdminDiscountEditBodySchema>;

export const AdminDiscountSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Method: z.enum(['Percentage', 'Value']),
  Amount: z.number().int(),
  /** What it takes off, as shown: '10%' or '$20.00'. */
  AmountDisplay: z.string(),
  Description: z.string(),
  StartsAt: z.string().nullable(),
  EndsAt: z.string().nullable(),
  MinSpendMinor: z.number().int(),
  MaxUses: z.number().int().nullable(),
  MaxUsesPerCustomer: z.number().int().nullable(),
  UsesCount: z.number().int(),
  Active: z.boolean(),
});
export type AdminDiscount = z.infer<typeof AdminDiscountSchema>;
export const AdminDiscountListValueSchema = z.object({ Codes: z.array(AdminDiscountSchema) });
export type AdminDiscountListValue = z.infer<typeof AdminDiscountListValueSchema>;

// ---- feature flags ----

/**
 * The site's feature flags an admin may switch (per region, stored in the database). Each also has
 * an environment setting (WISHLISTS_ENABLED, ...): the operator's switch. A flag is on in the shop
 * (GET /c3api/site) only when both are on; with the environment's off, the admin's has no effect.
 */
export const FEATURE_FLAG_NAMES = [
  'WishlistsEnabled',
  'DiscountsEnabled',
  'WishlistAlertsEnabled',
  'SavedSearchesEnabled',
] as const;
const FeatureFlagNameSchema = z.enum(FEATURE_FLAG_NAMES);
export type FeatureFlagName = z.infer<typeof FeatureFlagNameSchema>;

export const FEATURE_FLAG_LABELS: Record<FeatureFlagName, string> = {
  WishlistsEnabled: 'Wishlists',
  DiscountsEnabled: 'Discount codes at checkout',
  WishlistAlertsEnabled: 'Wishlist alerts',
  SavedSearchesEnabled: 'Saved searches',
};

export const AdminFlagsBodySchema = z.object({
  Flags: z
    .array(z.object({ Name: FeatureFlagNameSchema, Enabled: z.boolean({ message: 'must be true or false' }) }))
    .min(1, 'must name at least one flag')
    .max(FEATURE_FLAG_NAMES.length * 2),
});
export type AdminFlagsBody = z.infer<typeof AdminFlagsBodySchema>;

const AdminFlagSchema = z.object({
  Name: FeatureFlagNameSchema,
  Label: z.string(),
  /** The admin's switch (stored). */
  Enabled: z.boolean(),
  /** The environment's switch; false locks the flag off. */
  EnvironmentEnabled: z.boolean(),
  /** What the shop does: both on. */
  Effective: z.boolean(),
});
export type AdminFlag = z.infer<typeof AdminFlagSchema>;
export const AdminFlagsValueSchema = z.object({ Flags: z.array(AdminFlagSchema) });
export type AdminFlagsValue = z.infer<typeof AdminFlagsValueSchema>;

export const AdminRemovedValueSchema = z.object({ Id: z.number().int() });

// ---- staff (the admin changes a staff member's role and stores, or removes them) ----

export const NO_SUCH_STAFF_MESSAGE = 'No such staff member';
export const OWN_ROLE_MESSAGE = 'You cannot take away your own admin role: ask another marketplace admin to change it.';

export const AdminStaffParamsSchema = z.object({ userId: Id });

/**
 * POST /c3api/console/admin/staff/{userId}: the staff member's role and, for store staff, the
 * stores of this region they run (stores of the other region are kept; an admin runs every store).
 */
export const AdminStaffBodySchema = z
  .object({
    Role: z.enum(['store_staff', 'marketplace_admin'], { message: 'must be store_staff or marketplace_admin' }),
    StoreIds: z.array(z.number().int().positive().max(2_147_483_647)).max(200).default([]),
  })
  .refine((b) => b.Role === 'marketplace_admin' || b.StoreIds.length > 0, {
    message: 'Store staff need at least one store',
    path: ['StoreIds'],
  });
export type AdminStaffBody = z.input<typeof AdminStaffBodySchema>;
