import { z } from 'zod';
import { newPassword } from './account.js';
import { emailField, personName } from './customer.js';

const StaffRoleSchema = z.enum(['store_staff', 'marketplace_admin']);
export type StaffRoleName = z.infer<typeof StaffRoleSchema>;

/** An invitation link is good for this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Pictures one item may carry (the images module serves positions 1-6). */
export const CONSOLE_MAX_PICTURES = 6;
/** One uploaded picture's size at most, decoded. */
export const CONSOLE_MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Rows one CSV import may hold. */
export const CONSOLE_IMPORT_MAX_ROWS = 500;
const CONSOLE_PAGE_SIZE_MAX = 100;
/** An item's title, at most (the add and edit forms count towards it). */
export const CONSOLE_TITLE_MAX = 150;

/**
 * The colours and storage sizes an item may be given: the values the search's Colour and Storage
 * filters list for the demo's items (their URL ids), so an item the console lists with one appears
 * under that filter.
 */
export const ITEM_COLOURS = [
  'black',
  'blue',
  'gold',
  'graphite',
  'green',
  'grey',
  'natural',
  'pink',
  'purple',
  'red',
  'rose-gold',
  'silver',
  'sunburst',
  'teal',
  'white',
  'white-gold',
  'yellow',
] as const;
export const ITEM_STORAGE_SIZES = ['32gb', '64gb', '128gb', '256gb', '500gb', '512gb', '1tb'] as const;

/** A colour or storage value as the search's filters name it ('rose-gold' -> 'Rose Gold', '64gb' -> '64GB'). */
export function itemValueLabel(value: string): string {
  if (/^\d+(gb|tb)$/i.test(value)) return value.toUpperCase();
  return value
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Said of a size field left empty on an item that can be posted (postage is priced by them). */
export const SIZE_NEEDED_FOR_POSTING_MESSAGE = 'is required for an item that can be posted';

export const STAFF_ONLY_MESSAGE = 'This is for store staff only.';
export const ADMIN_ONLY_MESSAGE = 'This is for marketplace admins only.';
export const NO_SUCH_STORE_MESSAGE = 'No such store';
export const NO_SUCH_ITEM_MESSAGE = 'No such item';
export const ITEM_IN_LIVE_ORDER_MESSAGE =
  'This item is in a live order (reserved or bought online), so it cannot be changed. Try again if the order is cancelled.';
export const ITEM_OFF_SALE_MESSAGE = 'This item is no longer on sale (sold or withdrawn), so it cannot be changed.';
export const INVITATION_INVALID_MESSAGE = 'This invitation link is not valid: it may have been used or have expired.';
export const INVITATION_OTHER_EMAIL_MESSAGE =
  'This invitation was sent to another e-mail address. Please sign in with that address to accept it.';
export const IMPORT_FAILED_MESSAGE = 'Nothing was imported: please correct the rows listed and import the file again.';

/** Where an item stands, as the console shows it: withdrawn items are off sale but not sold. */
export const ConsoleItemStatusSchema = z.enum(['available', 'reserved', 'sold', 'withdrawn']);
export type ConsoleItemStatus = z.infer<typeof ConsoleItemStatusSchema>;

const Id = z.coerce.number().int().positive().max(2_147_483_647);

const ConsoleStoreSchema = z.object({ Id: z.number().int(), Name: z.string(), Region: z.enum(['AU', 'UK']) });

/** GET /c3api/console/me: who is asking and the stores (of this region) they may run. */
export const ConsoleMeValueSchema = z.object({
  Email: z.string(),
  Role: StaffRoleSchema,
  Stores: z.array(ConsoleStoreSchema),
});
export type ConsoleMeValue = z.infer<typeof ConsoleMeValueSchema>;

export const ConsoleStoreParamsSchema = z.object({ storeId: Id });
export const ConsoleItemParamsSchema = z.object({
  storeId: Id,
  code: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be an item code'),
});

export const ConsoleItemsQuerySchema = z.object({
  status: ConsoleItemStatusSchema.optional(),
  query: z.string().trim().max(200).optional(),
  /** A category's slug: the category and everything under it. */
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'must be a category slug')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONSOLE_PAGE_SIZE_MAX).default(25),
});
export type ConsoleItemsQuery = z.infer<typeof ConsoleItemsQuerySchema>;

const PromotionInputSchema = z.object({
  Method: z.enum(['Percentage', 'Value']),
  /** Whole percent (1-99), or minor units off the RRP. */
  Amount: z.number().int().positive().max(100_000_000),
});

/** A picture uploaded with the item: base64 of a JPEG, PNG or WebP file (sharp reads it). */
const PictureSchema = z
  .string()
  .max(Math.ceil((CONSOLE_MAX_PICTURE_BYTES * 4) / 3) + 4, 'must be a picture of 5 MB or less')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

const sizeField = (max: number) => z.number().int().positive().max(max).nullable().default(null);

/**
 * The item's fields as the add and edit forms send them (the catalogue's NewItemSchema checks them
 * again). Weight and size may be null only for a pickup-only item (Postable false): see
 * sizeNeededForPosting, which the add and edit bodies apply.
 */
export const ConsoleItemFieldsSchema = z.object({
  Title: z.string().trim().min(3, 'Title must be at least 3 characters').max(CONSOLE_TITLE_MAX),
  CategoryId: z.number().int().positive(),
  Brand: z.string().trim().max(60).default(''),
  Condition: z.number().int().min(0).max(5),
  Description: z.string().trim().max(4000).default(''),
  PriceMinor: z.number().int().positive().max(100_000_000),
  RrpMinor: z.number().int().min(0).max(100_000_000).default(0),
  Promotion: PromotionInputSchema.nullable().default(null),
  /** One of ITEM_COLOURS and ITEM_STORAGE_SIZES, or null: the item is not under that search filter. */
  Colour: z.enum(ITEM_COLOURS).nullable().default(null),
  Storage: z.enum(ITEM_STORAGE_SIZES).nullable().default(null),
  WeightGrams: sizeField(1_000_000),
  LengthCm: sizeField(1000),
  WidthCm: sizeField(1000),
  HeightCm: sizeField(1000),
  Postable: z.boolean(),
});

const SIZE_FIELDS = ['WeightGrams', 'LengthCm', 'WidthCm', 'HeightCm'] as const;

/** Postage is priced by weight and size, so an item that can be posted needs all four; a pickup-only item may leave them out. */
export function sizeNeededForPosting(
  item: { Postable: boolean } & Partial<Record<(typeof SIZE_FIELDS)[number], number | null>>,
  context: z.RefinementCtx,
): void {
  if (!item.Postable) return;
  for (const field of SIZE_FIELDS)
    if (item[field] == null)
      context.addIssue({ code: 'custom', path: [field], message: SIZE_NEEDED_FOR_POSTING_MESSAGE });
}

/** POST /c3api/console/stores/:storeId/items */
export const ConsoleAddItemBodySchema = ConsoleItemFieldsSchema.extend({
  Pictures: z.array(PictureSchema).max(CONSOLE_MAX_PICTURES).default([]),
}).superRefine(sizeNeededForPosting);
export type ConsoleAddItemBody = z.input<typeof ConsoleAddItemBodySchema>;

/** POST .../items/:code/edit: the same fields; Pictures, when given, replace the item's pictures. */
export const ConsoleEditItemBodySchema = ConsoleItemFieldsSchema.extend({
  Pictures: z.array(PictureSchema).max(CONSOLE_MAX_PICTURES).optional(),
}).superRefine(sizeNeededForPosting);
export type ConsoleEditItemBody = z.input<typeof ConsoleEditItemBodySchema>;

/** POST .../items/:code/price */
export const ConsolePriceBodySchema = z.object({ PriceMinor: z.number().int().positive().max(100_000_000) });

export const ConsoleItemSchema = z.object({
  Code: z.string(),
  Slug: z.string(),
  Title: z.string(),
  CategoryId: z.number().int(),
  CategoryName: z.string(),
  Brand: z.string(),
  Condition: z.number().int(),
  Description: z.string(),
  PriceMinor: z.number().int(),
  Price: z.string(),
  RrpMinor: z.number().int(),
  Rrp: z.string(),
  Promotion: PromotionInputSchema.nullable(),
  Colour: z.string().nullable(),
  Storage: z.string().nullable(),
  /** Null: not given (a pickup-only item). */
  WeightGrams: z.number().int().nullable(),
  LengthCm: z.number().int().nullable(),
  WidthCm: z.number().int().nullable(),
  HeightCm: z.number().int().nullable(),
  Postable: z.boolean(),
  PictureCount: z.number().int(),
  /** The first picture's 300-wide URL, or null without pictures. */
  Thumbnail: z.string().nullable(),
  Status: ConsoleItemStatusSchema,
  /** True while a live order holds the item: it cannot be edited, repriced, sold or withdrawn. */
  InLiveOrder: z.boolean(),
  ListedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ConsoleItem = z.infer<typeof ConsoleItemSchema>;

export const ConsoleItemListValueSchema = z.object({
  Items: z.array(ConsoleItemSchema),
  TotalCount: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type ConsoleItemListValue = z.infer<typeof ConsoleItemListValueSchema>;

/** A category an item can be listed in; Path is the names from the root ('Music › Guitars'). */
const ConsoleCategorySchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Name: z.string(),
  Path: z.string(),
  Depth: z.number().int(),
});
export type ConsoleCategory = z.infer<typeof ConsoleCategorySchema>;

/** GET /c3api/console/stores/:storeId/categories: every category, in the tree's order (a parent before its children). */
export const ConsoleCategoriesValueSchema = z.object({ Categories: z.array(ConsoleCategorySchema) });
export type ConsoleCategoriesValue = z.infer<typeof ConsoleCategoriesValueSchema>;

/**
 * POST /c3api/console/stores/:storeId/import: the CSV file's text. Columns (header row required,
 * any order): title, category (slug), brand, condition, description, price, rrp, promotion_type,
 * promotion_amount, weight_grams, length_cm, width_cm, height_cm, postable.
 */
export const ConsoleImportBodySchema = z.object({ Csv: z.string().min(1).max(2_000_000) });

const ImportRowErrorSchema = z.object({ Row: z.number().int(), Column: z.string(), Message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** Imported: the new items' codes; refused (WasSuccessful false): every row error, and nothing imported. */
export const ConsoleImportValueSchema = z.object({
  Imported: z.number().int(),
  Codes: z.array(z.string()),
  Errors: z.array(ImportRowErrorSchema),
});
export type ConsoleImportValue = z.infer<typeof ConsoleImportValueSchema>;

/** POST /c3api/console/invitations (admins): invite an address to a role (and stores, for store staff). */
export const ConsoleInviteBodySchema = z
  .object({
    Email: emailField(),
    Role: StaffRoleSchema,
    StoreIds: z.array(z.number().int().positive().max(2_147_483_647)).max(200).default([]),
  })
  .refine((b) => b.Role === 'marketplace_admin' || b.StoreIds.length > 0, {
    message: 'Store staff need at least one store',
    path: ['StoreIds'],
  });
export type ConsoleInviteBody = z.input<typeof ConsoleInviteBodySchema>;

const ConsoleInvitationSchema = z.object({
  Id: z.number().int(),
  Email: z.string(),
  Role: StaffRoleSchema,
  StoreIds: z.array(z.number().int()),
  ExpiresAt: z.string(),
  AcceptedAt: z.string().nullable(),
});

export const ConsoleStaffMemberSchema = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  Name: z.string(),
  Role: StaffRoleSchema,
  StoreIds: z.array(z.number().int()),
});

/** GET /c3api/console/staff (admins). */
export const ConsoleStaffValueSchema = z.object({
  Staff: z.array(ConsoleStaffMemberSchema),
  Invitations: z.array(ConsoleInvitationSchema),
});
export type ConsoleStaffValue = z.infer<typeof ConsoleStaffValueSchema>;

const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be an invitation token');

/** POST /c3api/console/invitations/accept: signed in with the invited address. */
export const ConsoleAcceptBodySchema = z.object({ Token: TokenSchema });

/** POST /c3api/console/invitations/register: a new account for the invited address, and the role. */
export const ConsoleRegisterBodySchema = z.object({
  Token: TokenSchema,
  Password: newPassword(),
  FirstName: personName(),
  LastName: personName(),
});

// ---- fulfilment ----

export const NO_SUCH_ORDER_MESSAGE = 'No such order';

/**
 * A store's part of an order (its shipment) as the console files it: 'open' (nothing sent or handed
 * over yet; as a filter it includes 'ready'), 'ready' (waiting at the counter for the shopper),
 * 'dispatched', 'collected', 'cancelled' (every item cancelled, or the whole order before anything
 * left).
 */
const ConsoleOrderStateSchema = z.enum(['open', 'ready', 'dispatched', 'collected', 'cancelled']);
export type ConsoleOrderState = z.infer<typeof ConsoleOrderStateSchema>;

/** What the store can do next with a shipment (the after-sale state machine's allowed moves). */
const ConsoleOrderActionSchema = z.enum(['ready', 'collect', 'dispatch', 'cancel-item']);
export type ConsoleOrderAction = z.infer<typeof ConsoleOrderActionSchema>;

/** GET /c3api/console/stores/:storeId/orders: by state ('all': every one), to do oldest first, else newest first. */
export const ConsoleOrdersQuerySchema = z.object({
  status: z.enum(['open', 'ready', 'dispatched', 'collected', 'cancelled', 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONSOLE_PAGE_SIZE_MAX).default(25),
});
export type ConsoleOrdersQuery = z.infer<typeof ConsoleOrdersQuerySchema>;

const OrderReference = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'must be an order reference');
export const ConsoleOrderParamsSchema = z.object({ storeId: Id, reference: OrderReference });
export const ConsoleOrderItemParamsSchema = z.object({
  storeId: Id,
  reference: OrderReference,
  code: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be an item code'),
});

const ConsoleOrderLineSchema = z.object({
  Code: z.string(),
  Title: z.string(),
  ItemType: z.string(),
  PriceMinor: z.number().int(),
  Price: z.string(),
  /** The line's share of a discount code. */
  DiscountMinor: z.number().int(),
  Cancelled: z.boolean(),
  CancelledAt: z.string().nullable(),
  /** What its cancellation gave back (paid online), else null. */
  RefundMinor: z.number().int().nullable(),
  Refund: z.string().nullable(),
  /**
   * True when the payment provider refused or could not be asked for this item's refund (recorded
   * against the payment): the store follows it up with the shopper or the provider.
   */
  RefundFailed: z.boolean(),
  /** True when the state machine allows cancelling it now. */
  CanCancel: z.boolean(),
});

const Money = { minor: z.number().int(), text: z.string() };

export const ConsoleOrderSchema = z.object({
  Reference: z.string(),
  PlacedAt: z.string(),
  State: ConsoleOrderStateSchema,
  Method: z.enum(['pickup', 'postage']),
  /** The postage service the shopper chose (Regular, Express); null for pickup. */
  Service: z.string().nullable(),
  /** What to do next, in words. */
  NextStep: z.string(),
  Actions: z.array(ConsoleOrderActionSchema),
  Customer: z.object({ Name: z.string(), Email: z.string(), Phone: z.string() }),
  /** The delivery address (postage), or the store's address the shopper collects from (pickup). */
  Address: z.object({
    BusinessName: z.string(),
    Line1: z.string(),
    Line2: z.string(),
    Suburb: z.string(),
    State: z.string(),
    PostCode: z.string(),
  }),
  Payment: z.object({
    /** The checkout's payment option (Generic: pay in store). */
    Option: z.string(),
    PaidOnline: z.boolean(),
    /** Pay in store: when the store took the payment (on collection), and how much. */
    PaidInStoreAt: z.string().nullable(),
    PaidInStoreMinor: z.number().int().nullable(),
    PaidInStore: z.string().nullable(),
  }),
  Lines: z.array(ConsoleOrderLineSchema),
  /** This store's shipment only, over its items not cancelled (postage gone once all are). */
  Totals: z.object({
    ItemsMinor: Money.minor,
    Items: Money.text,
    DiscountMinor: Money.minor,
    Discount: Money.text,
    PostageMinor: Money.minor,
    Postage: Money.text,
    TotalMinor: Money.minor,
    Total: Money.text,
    RefundedMinor: Money.minor,
    Refunded: Money.text,
  }),
  Carrier: z.string().nullable(),
  TrackingNumber: z.string().nullable(),
  TrackingUrl: z.string().nullable(),
  ReadyAt: z.string().nullable(),
  DispatchedAt: z.string().nullable(),
  CollectedAt: z.string().nullable(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrderSchema>;

export const ConsoleOrderListValueSchema = z.object({
  Orders: z.array(ConsoleOrderSchema),
  TotalCount: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type ConsoleOrderListValue = z.infer<typeof ConsoleOrderListValueSchema>;

/** POST .../orders/:reference/dispatched */
export const ConsoleDispatchBodySchema = z.object({
  /** Empty: the region's carrier (Australia Post, Royal Mail). */
  Carrier: z.string().trim().max(60).nullable().default(null),
  TrackingNumber: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9 -]+$/, 'must be letters, digits, spaces or hyphens'),
  TrackingUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s<>"]+$/i, 'must be an http:// or https:// address')
    .nullable()
    .default(null),
});
export type ConsoleDispatchBody = z.input<typeof ConsoleDispatchBodySchema>;

/** POST .../orders/:reference/items/:code/cancel: the item goes back on sale unless Restock is false. */
export const ConsoleCancelItemBodySchema = z.object({ Restock: z.boolean().default(true) });

/** GET /c3api/console/stores/:storeId/audit */
export const ConsoleAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONSOLE_PAGE_SIZE_MAX).default(50),
});

const ConsoleAuditEntrySchema = z.object({
  Id: z.number().int(),
  At: z.string(),
  UserId: z.number().int().nullable(),
  /** The staff member's e-mail address at the time of reading (empty once the account is gone). */
  StaffEmail: z.string(),
  Action: z.string(),
  OrderReference: z.string().nullable(),
  ItemCode: z.string().nullable(),
  Detail: z.record(z.string(), z.unknown()),
});
export const ConsoleAuditValueSchema = z.object({
  Entries: z.array(ConsoleAuditEntrySchema),
  TotalCount: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type ConsoleAuditValue = z.infer<typeof ConsoleAuditValueSchema>;
