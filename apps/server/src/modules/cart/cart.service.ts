import { createHash, randomBytes } from 'node:crypto';
import {
  type Cart,
  type CartChangeCheck,
  type CartItem,
  formatMoney,
  type ProductChange,
  type Region,
} from '@shop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { ProductWithStoreRow } from '../catalogue/catalogue.repository.js';
import {
  type CatalogueService,
  priceFields,
  productImageUrl,
  productStateHash,
  productUrl,
} from '../catalogue/catalogue.service.js';
import { CartRepository } from './cart.repository.js';
import { changeTypesOf } from './change-types.js';

/** The guest cart's cookie: HttpOnly, SameSite=Lax, holding a 256-bit random token. */
export const CART_COOKIE = 'cart';
export const CART_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const SOLD_MESSAGE = 'Sorry, this item has been sold and can no longer be added to your cart.';
export const RESERVED_MESSAGE = 'Sorry, this item is reserved by another shopper and cannot be added to your cart.';

/**
 * Guest carts. A cart is found by the hash of its cookie's token; a token we do not know names an
 * empty cart, and the first add creates a cart with a fresh token. Adding never reserves the item.
 * Totals count only items that can still be bought; itemCount counts every item in the cart.
 */
export class CartService {
  private readonly repository: CartRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly region: Region,
    private readonly catalogue: CatalogueService,
  ) {
    this.repository = new CartRepository(db);
  }

  private async cartId(token: string | undefined): Promise<number | undefined> {
    if (!token || !TOKEN_SHAPE.test(token)) return undefined;
    return this.repository.cartIdByTokenHash(hashToken(token));
  }

  private async regionItem(productId: number): Promise<ProductWithStoreRow> {
    const [row] = await this.catalogue.findByIds([productId]);
    if (!row) throw new NotFoundError(`No item with id ${productId}`);
    return row;
  }

  /** The change check: compares what the shopper saw with the item now, adding nothing. */
  async check(productId: number, stateHash: string, priceMinor: number): Promise<CartChangeCheck> {
    const row = await this.regionItem(productId);
    return { changeTypes: changeTypesOf(row, { stateHash, priceMinor }), newPrice: row.price_minor };
  }

  /** Adds an available item (again: no change). Returns the cart and, when one was created, its new token. */
  async add(token: string | undefined, productId: number): Promise<{ cart: Cart; newToken: string | null }> {
    const row = await this.regionItem(productId);
    if (row.status === 'sold') throw new BadRequestError(SOLD_MESSAGE);
    if (row.status === 'reserved') throw new BadRequestError(RESERVED_MESSAGE);
    const existing = await this.cartId(token);
    const newToken = existing === undefined ? randomBytes(32).toString('base64url') : null;
    const now = new Date().toISOString();
    // The new cart and its first item are written together or not at all.
    const cartId = await this.db.transaction().execute(async (trx) => {
      const repository = new CartRepository(trx);
      const id = existing ?? (await repository.createCart(hashToken(newToken ?? ''), now));
      const added = await repository.addItem({
        cart_id: id,
        product_id: row.id,
        added_price_minor: row.price_minor,
        added_state_hash: productStateHash(row),
        added_at: now,
      });
      if (added && existing !== undefined) await repository.touch(id, now);
      return id;
    });
    return { cart: await this.cartById(cartId, false), newToken };
  }

  async remove(token: string | undefined, productId: number): Promise<Cart> {
    const cartId = await this.cartId(token);
    if (cartId === undefined) return this.emptyCart();
    if (await this.repository.removeItem(cartId, productId)) {
      await this.repository.touch(cartId, new Date().toISOString());
    }
    return this.cartById(cartId, false);
  }

  async query(token: string | undefined, validate: boolean): Promise<Cart> {
    const cartId = await this.cartId(token);
    return cartId === undefined ? this.emptyCart() : this.cartById(cartId, validate);
  }

  private emptyCart(): Cart {
    return {
      stores: [],
      totalPrice: formatMoney(0, this.region),
      totalMinorUnits: 0,
      itemCount: 0,
      ProductChanges: [],
    };
  }

  private async cartById(cartId: number, validate: boolean): Promise<Cart> {
    const items = await this.repository.items(cartId);
    const rows = new Map((await this.catalogue.findByIds(items.map((i) => i.product_id))).map((r) => [r.id, r]));
    const stores = new Map<number, Cart['stores'][number]>();
    const changes: ProductChange[] = [];
    let total = 0;
    let count = 0;
    for (const item of items) {
      const row = rows.get(item.product_id);
      if (!row) continue;
      let store = stores.get(row.store_id);
      if (!store) {
        store = { id: row.store_id, name: row.store_name, items: [], totalMinorUnits: 0, total: '' };
        stores.set(row.store_id, store);
      }
      store.items.push(this.toCartItem(row));
      count++;
      if (row.status === 'available') {
        store.totalMinorUnits += row.price_minor;
        total += row.price_minor;
      }
      if (validate) {
        const changeTypes = changeTypesOf(row, {
          stateHash: item.added_state_hash,
          priceMinor: item.added_price_minor,
        });
        if (changeTypes !== 0) changes.push({ id: row.id, newPrice: row.price_minor, changeTypes });
      }
    }
    return {
      stores: [...stores.values()].map((s) => ({ ...s, total: formatMoney(s.totalMinorUnits, this.region) })),
      totalPrice: formatMoney(total, this.region),
      totalMinorUnits: total,
      itemCount: count,
      ProductChanges: changes,
    };
  }

  private toCartItem(row: ProductWithStoreRow): CartItem {
    const prices = priceFields(row, this.region);
    const image = row.image_count > 0 ? productImageUrl(row.code, 1, 450) : null;
    return {
      DisplayName: row.title,
      ProductId: row.id,
      Price: prices.Sp,
      PriceMinorUnits: row.price_minor,
      Category: row.category_name,
      Brand: row.brand,
      Discount: Math.max(0, row.rrp_minor - row.price_minor),
      Coupon: row.promo_code,
      ImageUrl: image,
      StoreName: row.store_name,
      Promotion: prices.Promotion,
      // The top of the item's category path (a category slug).
      DepartmentCategory: row.category_path.split('/')[0] ?? row.category_slug,
      itemType: 'Product',
      id: row.code,
      image,
      productDetailsLink: productUrl(row.code, row.slug),
      StateHash: productStateHash(row),
      IsAvailable: row.status === 'available',
    };
  }
}
