import { z } from 'zod';
import { ENQUIRY_MESSAGE_MAX_LENGTH, PageSize } from './constants.js';
import { BreadcrumbSchema, ProductListItemSchema, PromotionSchema, StoreSchema } from './search-response.js';
import { emailAddress, requiredText, singleLineText } from './validation.js';

const ProductCodeSchema = z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be a product code');

export const ProductQuerySchema = z.object({ code: ProductCodeSchema });

export const ProductImageSchema = z.object({
  Position: z.number().int(),
  Alt: z.string(),
  /** The 800-wide picture, for zoom and as the fallback src. */
  Url: z.string(),
  /** "url 800w, url 600w, url 450w, url 300w" */
  Srcset: z.string(),
  /** 300x200 */
  Thumbnail: z.string(),
});

export const ProductDetailSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Description: z.string(),
  Brand: z.string(),
  Category: z.string(),
  CategorySlug: z.string(),
  Breadcrumbs: z.array(BreadcrumbSchema),
  Condition: z.number().int().min(0).max(5),
  ConditionLabel: z.string(),
  Rrp: z.string(),
  Sp: z.string(),
  RrpMinorUnits: z.number().int(),
  SpMinorUnits: z.number().int(),
  Promotion: PromotionSchema.nullable(),
  Images: z.array(ProductImageSchema),
  Specifications: z.array(z.object({ Name: z.string(), Value: z.string() })),
  Store: StoreSchema,
  Status: z.enum(['available', 'reserved', 'sold']),
  IsAvailable: z.boolean(),
  ShippingLabel: z.string(),
  /** Minor units; null when the item cannot be posted. */
  ShippingCost: z.number().int().nullable(),
  CanPost: z.boolean(),
  CanPickup: z.boolean(),
  DisableInStorePickup: z.boolean(),
  ItemUnavailableAsStoreDisabledPickup: z.boolean(),
  HasAuthenticityCertificate: z.boolean(),
  ListedDate: z.string(),
  Url: z.string(),
  /** Changes whenever the title, description, price or availability changes (for the cart's change check). */
  StateHash: z.string(),
  /** /search-results?... for "View more" under similar items. */
  SimilarSearchUrl: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const SimilarQuerySchema = z.object({
  code: ProductCodeSchema,
  NumberOfResults: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(1000, 'must be 1000 or fewer')
    .default(PageSize.similar),
});

export const SimilarValueSchema = z.object({
  ProductListItems: z.array(ProductListItemSchema),
  ProductListItemCount: z.number().int(),
  MaxResults: z.number().int(),
  SearchUrl: z.string(),
});
export type SimilarValue = z.infer<typeof SimilarValueSchema>;

export const PopularQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(1000)
    .default(1),
  NumberOfResults: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(1000, 'must be 1000 or fewer')
    .default(PageSize.popular),
});

export const PopularValueSchema = z.object({
  ProductListItems: z.array(ProductListItemSchema),
  ProductListItemCount: z.number().int(),
  MaxResults: z.number().int(),
  Page: z.number().int(),
});
export type PopularValue = z.infer<typeof PopularValueSchema>;

export const ENQUIRY_MESSAGE_TOO_LONG = 'Please enter a message that is under 3000 characters.';
export const CAPTCHA_REQUIRED = 'Please complete the captcha';
export const NAME_SINGLE_LINE = 'Please enter your name on a single line.';

/** The product enquiry form (storefront.md section 5): one schema for the form and the server. */
export const EnquiryFormSchema = z.object({
  /** One line: the name is written into the store's plain-text e-mail. */
  name: singleLineText(NAME_SINGLE_LINE).pipe(z.string().max(200, 'Please enter a name with 200 or fewer characters.')),
  email: emailAddress(),
  /** Many lines allowed. */
  message: requiredText().pipe(z.string().max(ENQUIRY_MESSAGE_MAX_LENGTH, ENQUIRY_MESSAGE_TOO_LONG)),
  recaptchaToken: z.string({ message: CAPTCHA_REQUIRED }).trim().min(1, CAPTCHA_REQUIRED).max(200, CAPTCHA_REQUIRED),
});

export const EnquiryBodySchema = EnquiryFormSchema.extend({
  productCode: ProductCodeSchema,
  /** d/m/yyyy, the shopper's local date. */
  date: z.string().regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'must be a date written d/m/yyyy'),
});
export type EnquiryBody = z.infer<typeof EnquiryBodySchema>;

export const EnquiryValueSchema = z.object({ EnquiryId: z.number().int() });

/**
 * A captcha challenge: the shopper reads the picture and types its characters. The answer goes
 * back as recaptchaToken = `${Token}:${answer}` and the server checks it once.
 */
export const CaptchaValueSchema = z.object({
  Token: z.string(),
  /** data:image/svg+xml;base64,... */
  Image: z.string(),
  ExpiresAt: z.string(),
});
export type CaptchaValue = z.infer<typeof CaptchaValueSchema>;
