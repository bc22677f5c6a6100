import { z } from 'zod';
import { PromotionSchema } from './search-response.js';
import { DATABASE_ID_MAX, databaseId } from './validation.js';

const booleanFlag = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" });
const ProductIdSchema = databaseId('must be a product id');

/**
 * POST /c3api/cart/add. With only productId it adds the item; with stateHash and price too it is the
 * change check, which answers { changeTypes, newPrice } and adds nothing.
 */
export const CartAddQuerySchema = z
  .object({
    productId: ProductIdSchema,
    stateHash: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a state hash')
      .optional(),
    /** The price the shopper saw, in minor units. */
    price: z.coerce
      .number({ message: 'must be whole minor units' })
      .int('must be whole minor units')
      .min(0, 'must be whole minor units')
      .max(DATABASE_ID_MAX, 'is too large')
      .optional(),
  })
  .refine((q) => (q.stateHash === undefined) === (q.price === undefined), {
    message: 'stateHash and price go together',
    path: ['price'],
  });

export const CartRemoveQuerySchema = z.object({ productId: ProductIdSchema });

export const CartQuerySchema = z.object({ validate: booleanFlag.optional() });

/** One item in the cart, with the spec's field names (and the cart modal's id, image, productDetailsLink). */
const CartItemSchema = z.object({
  DisplayName: z.string(),
  ProductId: z.number().int(),
  /** The current price, formatted with the currency symbol. */
  Price: z.string(),
  PriceMinorUnits: z.number().int(),
  Category: z.string(),
  Brand: z.string(),
  /** Rrp minus price in minor units; 0 when not discounted. */
  Discount: z.number().int(),
  Coupon: z.string().nullable(),
  ImageUrl: z.string().nullable(),
  StoreName: z.string(),
  Promotion: PromotionSchema.nullable(),
  DepartmentCategory: z.string(),
  itemType: z.string(),
  /** The item's code. */
  id: z.string(),
  image: z.string().nullable(),
  productDetailsLink: z.string(),
  /** The product page's StateHash of the item now. */
  StateHash: z.string(),
  IsAvailable: z.boolean(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

const CartStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(CartItemSchema),
  totalMinorUnits: z.number().int(),
  total: z.string(),
});

/** changeTypes are the ChangeType bit flags OR-ed together (0: nothing changed). */
const ProductChangeSchema = z.object({
  id: z.number().int(),
  newPrice: z.number().int(),
  /** The price when the item was added, so the changes dialog can show what it was. */
  oldPrice: z.number().int().optional(),
  changeTypes: z.number().int().min(0).max(15),
});
export type ProductChange = z.infer<typeof ProductChangeSchema>;

export const CartSchema = z.object({
  stores: z.array(CartStoreSchema),
  totalPrice: z.string(),
  totalMinorUnits: z.number().int(),
  itemCount: z.number().int(),
  /**
   * Items whose details, price or availability changed since they were added: filled by GET
   * query?validate=true and by add and remove (their answer is the cart the cart modal shows).
   */
  ProductChanges: z.array(ProductChangeSchema),
});
export type Cart = z.infer<typeof CartSchema>;

/** The change check's answer: newPrice in minor units. */
const CartChangeCheckSchema = z.object({
  changeTypes: z.number().int().min(0).max(15),
  newPrice: z.number().int(),
});
export type CartChangeCheck = z.infer<typeof CartChangeCheckSchema>;

export const CartAddValueSchema = z.union([CartSchema, CartChangeCheckSchema]);
