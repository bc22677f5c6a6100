import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" });
const ItemCodeSchema = z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be a product code');
/** Any string is accepted: a token the server does not know simply names no wishlist. */
const TokenSchema = z.string().max(200, 'must be a wishlist token');

const WISHLIST_SORT_KEYS = ['added', 'price', 'name'] as const;
export type WishlistSortKey = (typeof WISHLIST_SORT_KEYS)[number];

export const WishlistTokenQuerySchema = z.object({ token: TokenSchema.optional() });

export const WishlistPageQuerySchema = z.object({
  token: TokenSchema.optional(),
  page: z.coerce.number({ message: 'must be a page number' }).int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce.number({ message: 'must be a number' }).int().min(1).max(100).optional(),
  sortBy: z.enum(WISHLIST_SORT_KEYS, { message: 'must be one of the offered sort keys' }).optional(),
  sortDescending: booleanFlag.optional(),
});
export type WishlistPageQuery = z.infer<typeof WishlistPageQuerySchema>;

export const WishlistContainsQuerySchema = z.object({ itemCode: ItemCodeSchema, token: TokenSchema.optional() });

/** add and remove: a missing or empty Token starts a new wishlist. */
export const WishlistItemBodySchema = z.object({
  Token: TokenSchema.nullable().optional(),
  ItemCode: ItemCodeSchema,
});

export const WishlistClearBodySchema = z.object({ Token: TokenSchema.nullable().optional() });

/** Every wishlist reply: the token (null when none is held) and its expiry, plus the call's data. */
/* @__NO_SIDE_EFFECTS__ */
function wishlistValue<T extends z.ZodType>(data: T) {
  return z.object({ Token: z.string().nullable(), ExpiryDate: z.string().nullable(), Data: data });
}

export const WishlistSummaryValueSchema = wishlistValue(z.array(z.string()));
export type WishlistSummaryValue = z.infer<typeof WishlistSummaryValueSchema>;

const WishlistEntrySchema = z.object({
  Code: z.string(),
  DisplayName: z.string(),
  ProductPageUrl: z.string(),
  ImageUrl: z.string().nullable(),
  ItemType: z.string(),
  StoreNameAndState: z.string(),
  SalePrice: z.string(),
  RetailPrice: z.string(),
  IsAvailable: z.boolean(),
  /** The cart is the browser's to match (spec: cart and wishlist sync); always false here. */
  IsInCart: z.boolean(),
  IsCartBusy: z.boolean(),
  ShippingLabel: z.string(),
  ShippingCost: z.number().int().nullable(),
  DisableInStorePickup: z.boolean(),
  /**
   * The item's store has turned pickup off (the product card's field of the same name): its price
   * shows 'Contact store for options' and it cannot be added to the cart.
   */
  ItemUnavailableAsStoreDisabledPickup: z.boolean(),
  HasAuthenticityCertificate: z.boolean(),
  ProductList: z.string(),
  Brand: z.string(),
});
export type WishlistEntry = z.infer<typeof WishlistEntrySchema>;

const WishlistSortOptionSchema = z.object({
  displayName: z.string(),
  keyName: z.string(),
  isDescending: z.boolean(),
});

export const WishlistPageValueSchema = wishlistValue(
  z.object({
    Items: z.array(WishlistEntrySchema),
    TotalItems: z.number().int(),
    /**
     * How many items of the whole wishlist (not only this page) are sold: what Clean Up would
     * remove, so the page offers Clean Up whenever it is above 0.
     */
    TotalSoldItems: z.number().int(),
    SortOptions: z.array(WishlistSortOptionSchema),
    PageSize: z.number().int(),
    WishlistId: z.number().int().nullable(),
    AlertEnabled: z.boolean(),
  }),
);
export type WishlistPageValue = z.infer<typeof WishlistPageValueSchema>;

export const WishlistContainsValueSchema = wishlistValue(z.boolean());

export const WishlistChangeValueSchema = wishlistValue(z.object({ HideWishlistAlertReminder: z.boolean() }));
export type WishlistChangeValue = z.infer<typeof WishlistChangeValueSchema>;

/** cleanup: the codes of the sold items it removed. */
export const WishlistCleanupValueSchema = wishlistValue(z.object({ RemovedCodes: z.array(z.string()) }));

export const WishlistMergeQuerySchema = z.object({ token: TokenSchema.optional() });

/**
 * merge: the guest wishlist of `token` joined into the signed-in customer's, answered as the
 * customer's summary (codes) and first page (storefront.md section 7: Value.Data.Summary and ViewModel).
 */
export const WishlistMergeValueSchema = wishlistValue(
  z.object({
    Summary: z.array(z.string()),
    ViewModel: z.object({
      Items: z.array(WishlistEntrySchema),
      SortOptions: z.array(WishlistSortOptionSchema),
      TotalItems: z.number().int(),
      PageSize: z.number().int(),
    }),
  }),
);
export type WishlistMergeValue = z.infer<typeof WishlistMergeValueSchema>;

/**
 * POST /c3api/wishlistalert/acknowledgefeature, made once after the wishlist page is initialised
 * (storefront.md section 4). A guest may name their wishlist's Token; a customer's is found by the
 * session (and made if they have none yet, so the alerts switch has a WishlistId to toggle).
 */
export const WishlistAlertAcknowledgeBodySchema = z.object({ Token: TokenSchema.nullable().optional() }).optional();

/**
 * What the page needs after acknowledging: the wishlist to toggle, whether alerts are on (the
 * switch's state) and to which address, and whether this was the wishlist's first acknowledgement
 * (the feature is new to this shopper). WishlistId null: a guest without a wishlist yet.
 */
export const WishlistAlertAcknowledgeValueSchema = z.object({
  WishlistId: z.number().int().nullable(),
  AlertEnabled: z.boolean(),
  AlertEmail: z.string().nullable(),
  FirstAcknowledgement: z.boolean(),
});
export type WishlistAlertAcknowledgeValue = z.infer<typeof WishlistAlertAcknowledgeValueSchema>;

/** The signed token of a wishlist alert's unsubscribe link: `<wishlist id>.<HMAC>`. */
export const WishlistAlertUnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .max(100, 'must be an unsubscribe token')
    .regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/, 'must be an unsubscribe token'),
});
