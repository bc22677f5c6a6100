import type { CartChangeCheck } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { hashToken, isTokenShape, newToken } from '../../lib/tokens.js';
import type { CatalogueItem, CatalogueService } from '../catalogue/catalogue.service.js';
import { CartRepository } from './cart.repository.js';
import { changeTypesOf } from './change-types.js';

/** The guest cart's cookie: HttpOnly, SameSite=Lax, holding a 256-bit random token. */
export const CART_COOKIE = 'cart';
export const CART_COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export const SOLD_MESSAGE = 'Sorry, this item has been sold and can no longer be added to your cart.';
export const RESERVED_MESSAGE = 'Sorry, this item is reserved by another shopper and cannot be added to your cart.';

/** A cart as the domain sees it: items grouped by store, money in minor units. cart.mapper.ts makes the wire shape. */
export interface CartView {
  stores: { id: number; name: string; items: CatalogueItem[]; totalMinor: number }[];
  /** What can still be bought: available items only. */
  totalMinor: number;
  /** Every item in the cart, sold or reserved ones too. */
  itemCount: number;
  /** With validate (and always from add and remove): the items changed since they were added. */
  changes: { id: number; newPriceMinor: number; oldPriceMinor: number; changeTypes: number }[];
}

const EMPTY_CART: CartView = { stores: [], totalMinor: 0, itemCount: 0, changes: [] };

/**
 * Which of these items (of the cart `cartId`) are held for the viewer themselves: an order of theirs
 * still waiting for its online payment. Checkout answers it (wired in app.ts), so the cart never
 * imports orders.
 */
export type OwnHolds = (ctx: Ctx, cartId: number, productIds: number[]) => Promise<Set<number>>;
const NO_OWN_HOLDS: OwnHolds = async () => new Set();

/**
 * Carts. A customer's is found by its owner and follows them to every device. A guest's is found
 * by the hash of the token in the viewer's cart cookie; a token we do
 * not know names an empty cart, and the first add creates a cart with a fresh token, which the
 * route layer hands out as the cookie (ctx.issued). Adding never reserves the item.
 * Totals count only items that can still be bought; itemCount counts every item in the cart.
 */
export class CartService {
  private readonly repository = new CartRepository();

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly ownHolds: OwnHolds = NO_OWN_HOLDS,
  ) {}

  /** The viewer's cart: a customer's own, or the guest cart of the cookie's token. */
  private async cartId(ctx: Ctx): Promise<number | undefined> {
    if (ctx.viewer.kind === 'customer') return this.repository.cartIdByUser(ctx, ctx.viewer.userId);
    const token = ctx.viewer.cartToken;
    if (!isTokenShape(token)) return undefined;
    return this.repository.guestCartIdByTokenHash(ctx, hashToken(token));
  }

  /**
   * On sign-in (inside its transaction): the guest cart of the viewer's cookie joins the customer's
   * cart. Each unique item is there once (the primary key); items sold meanwhile come too, and the
   * cart shows them as unavailable. The guest cart is deleted, so doing it again moves nothing.
   */
  async adoptGuestCart(ctx: Ctx, userId: number): Promise<void> {
    const token = ctx.viewer.cartToken;
    if (!isTokenShape(token)) return;
    const guestCartId = await this.repository.guestCartIdByTokenHash(ctx, hashToken(token));
    if (guestCartId === undefined) return;
    const now = new Date().toISOString();
    const customerCartId = await this.repository.ensureUserCart(ctx, userId, hashToken(newToken()), now);
    if ((await this.repository.copyItems(ctx, guestCartId, customerCartId)) > 0) {
      await this.repository.touch(ctx, customerCartId, now);
    }
    await this.repository.deleteCart(ctx, guestCartId);
  }

  private async regionItem(ctx: Ctx, productId: number): Promise<CatalogueItem> {
    const [item] = await this.catalogue.items(ctx, [productId]);
    if (!item) throw new NotFoundError(`No item with id ${productId}`);
    return item;
  }

  /** The change check: compares what the shopper saw with the item now, adding nothing. */
  async check(ctx: Ctx, productId: number, stateHash: string, priceMinor: number): Promise<CartChangeCheck> {
    const item = await this.regionItem(ctx, productId);
    return { changeTypes: changeTypesOf(item, { stateHash, priceMinor }), newPrice: item.priceMinor };
  }

  /** Adds an available item (again: no change) and answers the cart; a new cart's token goes to ctx.issued. */
  async add(ctx: Ctx, productId: number): Promise<CartView> {
    const item = await this.regionItem(ctx, productId);
    if (item.status === 'sold') throw new BadRequestError(SOLD_MESSAGE);
    if (item.status === 'reserved') throw new BadRequestError(RESERVED_MESSAGE);
    const existing = await this.cartId(ctx);
    const viewer = ctx.viewer;
    const customer = viewer.kind === 'customer' ? viewer.userId : null;
    // A guest's new cart gets a token for its cookie; a customer's is found by its owner, and its
    // token (needed by the column) is never handed out.
    const fresh = existing === undefined && customer === null ? newToken() : null;
    const now = new Date().toISOString();
    // The new cart and its first item are written together or not at all.
    const cartId = await inTransaction(ctx, async (tx) => {
      const id =
        existing ??
        (customer !== null
          ? await this.repository.ensureUserCart(tx, customer, hashToken(newToken()), now)
          : await this.repository.createCart(tx, hashToken(fresh ?? ''), now));
      const added = await this.repository.addItem(tx, {
        cart_id: id,
        product_id: item.id,
        added_price_minor: item.priceMinor,
        added_state_hash: item.stateHash,
        added_at: now,
      });
      if (added && existing !== undefined) await this.repository.touch(tx, id, now);
      return id;
    });
    if (fresh) ctx.issued.cartToken = fresh;
    // The answer is the cart the modal shows next: with what changed since each item was added.
    return this.cartById(ctx, cartId, true);
  }

  /** Removes an item (not there: no change). A shopper without a cart gets an empty one and no new cart. */
  async remove(ctx: Ctx, productId: number): Promise<CartView> {
    const cartId = await this.cartId(ctx);
    if (cartId === undefined) return EMPTY_CART;
    await inTransaction(ctx, async (tx) => {
      if (await this.repository.removeItem(tx, cartId, productId)) {
        await this.repository.touch(tx, cartId, new Date().toISOString());
      }
    });
    // The cart the modal and the /cart page keep showing: the other items' changes stay flagged.
    return this.cartById(ctx, cartId, true);
  }

  async query(ctx: Ctx, validate: boolean): Promise<CartView> {
    const cartId = await this.cartId(ctx);
    return cartId === undefined ? EMPTY_CART : this.cartById(ctx, cartId, validate);
  }

  private async cartById(ctx: Ctx, cartId: number, validate: boolean): Promise<CartView> {
    const lines = await this.repository.items(ctx, cartId);
    const found = await this.catalogue.items(
      ctx,
      lines.map((line) => line.product_id),
    );
    // An item the shopper's own unpaid order holds is still theirs to buy (a payment interrupted by
    // a reload or a closed tab), never "no longer available": it counts as available to them.
    const reserved = found.filter((item) => item.status === 'reserved').map((item) => item.id);
    const mine = reserved.length > 0 ? await this.ownHolds(ctx, cartId, reserved) : new Set<number>();
    const items = new Map(
      found.map((item) => [item.id, mine.has(item.id) ? { ...item, status: 'available' as const } : item]),
    );
    const stores = new Map<number, CartView['stores'][number]>();
    const view: CartView = { stores: [], totalMinor: 0, itemCount: 0, changes: [] };
    for (const line of lines) {
      const item = items.get(line.product_id);
      if (!item) continue;
      let store = stores.get(item.storeId);
      if (!store) {
        store = { id: item.storeId, name: item.storeName, items: [], totalMinor: 0 };
        stores.set(item.storeId, store);
        view.stores.push(store);
      }
      store.items.push(item);
      view.itemCount++;
      if (item.status === 'available') {
        store.totalMinor += item.priceMinor;
        view.totalMinor += item.priceMinor;
      }
      if (validate) {
        const changeTypes = changeTypesOf(item, {
          stateHash: line.added_state_hash,
          priceMinor: line.added_price_minor,
        });
        if (changeTypes !== 0)
          view.changes.push({
            id: item.id,
            newPriceMinor: item.priceMinor,
            oldPriceMinor: line.added_price_minor,
            changeTypes,
          });
      }
    }
    return view;
  }

  /** The viewer's cart id, if they have a cart (checkout's ExistingOrder rule keys on it). */
  async cartIdOf(ctx: Ctx): Promise<number | null> {
    return (await this.cartId(ctx)) ?? null;
  }

  /** Takes ordered items out of a given cart (a payment finished away from the shopper's browser). */
  async removeOrderedFrom(ctx: Ctx, cartId: number, productIds: number[]): Promise<void> {
    for (const id of productIds) await this.repository.removeItem(ctx, cartId, id);
    await this.repository.touch(ctx, cartId, new Date().toISOString());
  }

  /** Takes ordered items out of the viewer's cart (inside the order's transaction). */
  async removeOrdered(ctx: Ctx, productIds: number[]): Promise<void> {
    const cartId = await this.cartId(ctx);
    if (cartId === undefined) return;
    for (const id of productIds) await this.repository.removeItem(ctx, cartId, id);
    await this.repository.touch(ctx, cartId, new Date().toISOString());
  }
}
