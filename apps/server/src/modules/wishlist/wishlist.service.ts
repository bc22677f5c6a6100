import type {
  ProductListItem,
  WishlistChangeValue,
  WishlistEntry,
  WishlistPageQuery,
  WishlistPageValue,
  WishlistSortKey,
} from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { hashToken, isTokenShape, newToken } from '../../lib/tokens.js';
import { type CatalogueService, normaliseCode } from '../catalogue/catalogue.service.js';
import { WishlistRepository, type WishlistRow } from './wishlist.repository.js';

export const WISHLIST_LIFETIME_DAYS = 90;
export const WISHLIST_PAGE_SIZE = 20;
export const WISHLIST_MAX_ITEMS = 500;
const LIST_NAME = 'Wishlist';

export const WISHLIST_SORT_OPTIONS: { displayName: string; keyName: WishlistSortKey; isDescending: boolean }[] = [
  { displayName: 'Recently added', keyName: 'added', isDescending: true },
  { displayName: 'Price: low to high', keyName: 'price', isDescending: false },
  { displayName: 'Price: high to low', keyName: 'price', isDescending: true },
  { displayName: 'Name: A to Z', keyName: 'name', isDescending: false },
];

interface Held {
  wishlist: WishlistRow;
  /** The token to hand back: the caller's, or a new wishlist's. */
  token: string;
  expiresAt: string;
}

type Envelope<T> = { Token: string | null; ExpiryDate: string | null; Data: T };

type Entry = { card: ProductListItem; addedAt: string };

const COMPARE: Record<WishlistSortKey, (a: Entry, b: Entry) => number> = {
  added: (a, b) => a.addedAt.localeCompare(b.addedAt),
  price: (a, b) => a.card.SpMinorUnits - b.card.SpMinorUnits,
  name: (a, b) => a.card.Title.localeCompare(b.card.Title),
};

/**
 * Guest wishlists, held by the token the viewer gives (ctx.viewer.wishlistToken). Every use of a
 * live wishlist renews its expiry. An unknown, expired or forged token holds nothing: reads answer
 * an empty wishlist (Token null), add starts a new one, and a write that would change nothing
 * (remove, clear) creates nothing.
 */
export class WishlistService {
  private readonly repository = new WishlistRepository();

  constructor(private readonly catalogue: CatalogueService) {}

  private expiry(now: Date): string {
    return new Date(now.getTime() + WISHLIST_LIFETIME_DAYS * 24 * 60 * 60 * 1000).toISOString();
  }

  /**
   * The live wishlist of the viewer's token, renewed; undefined when the token holds none. Inside a
   * transaction the renewal's row lock (PostgreSQL) keeps concurrent writes to one wishlist in turn.
   */
  private async find(ctx: Ctx): Promise<Held | undefined> {
    const token = ctx.viewer.wishlistToken;
    if (!isTokenShape(token)) return undefined;
    const now = new Date();
    const wishlist = await this.repository.liveByTokenHash(ctx, hashToken(token), now.toISOString());
    if (!wishlist) return undefined;
    const expiresAt = this.expiry(now);
    await this.repository.renew(ctx, wishlist.id, expiresAt);
    return { wishlist, token, expiresAt };
  }

  private async findOrCreate(ctx: Ctx): Promise<Held> {
    const held = await this.find(ctx);
    if (held) return held;
    const now = new Date();
    const fresh = newToken();
    const expiresAt = this.expiry(now);
    const wishlist = await this.repository.create(ctx, hashToken(fresh), now.toISOString(), expiresAt);
    return { wishlist, token: fresh, expiresAt };
  }

  private envelope<T>(held: Held | undefined, data: T): Envelope<T> {
    return { Token: held?.token ?? null, ExpiryDate: held?.expiresAt ?? null, Data: data };
  }

  /** The wishlist's items as cards, most recently added first; items no longer in the region are left out. */
  private async cards(ctx: Ctx, held: Held): Promise<Entry[]> {
    const items = await this.repository.items(ctx, held.wishlist.id);
    const cards = await this.catalogue.productCards(
      ctx,
      items.map((i) => i.product_id),
      LIST_NAME,
    );
    const addedAt = new Map(items.map((i) => [i.product_id, i.added_at]));
    return cards.map((card) => ({ card, addedAt: addedAt.get(card.Id) ?? '' }));
  }

  async summary(ctx: Ctx): Promise<Envelope<string[]>> {
    const held = await this.find(ctx);
    if (!held) return this.envelope(held, []);
    return this.envelope(
      held,
      (await this.cards(ctx, held)).map((c) => c.card.Code),
    );
  }

  async page(ctx: Ctx, query: WishlistPageQuery): Promise<WishlistPageValue> {
    const held = await this.find(ctx);
    const pageSize = query.pageSize ?? WISHLIST_PAGE_SIZE;
    const sortBy = query.sortBy ?? 'added';
    const descending = query.sortDescending === undefined ? sortBy === 'added' : query.sortDescending === 'true';
    const cards = held ? await this.cards(ctx, held) : [];
    const compare = COMPARE[sortBy];
    const sorted = [...cards].sort((a, b) => {
      const order = compare(a, b) || a.card.Id - b.card.Id;
      return descending ? -order : order;
    });
    const start = (query.page - 1) * pageSize;
    return this.envelope(held, {
      Items: sorted.slice(start, start + pageSize).map((c) => toWishlistEntry(c.card)),
      TotalItems: cards.length,
      SortOptions: WISHLIST_SORT_OPTIONS,
      PageSize: pageSize,
      WishlistId: held?.wishlist.id ?? null,
      AlertEnabled: false,
    });
  }

  async contains(ctx: Ctx, itemCode: string): Promise<Envelope<boolean>> {
    const held = await this.find(ctx);
    if (!held) return this.envelope(held, false);
    const product = await this.catalogue.findByCode(ctx, itemCode);
    return this.envelope(held, product ? await this.repository.contains(ctx, held.wishlist.id, product.id) : false);
  }

  /**
   * Adds an item (again: no change). The count and the insert run in one transaction that holds the
   * wishlist's row (BEGIN IMMEDIATE on SQLite, the renewal's row lock on PostgreSQL), so concurrent
   * adds cannot push a wishlist past its cap.
   */
  async add(ctx: Ctx, itemCode: string): Promise<WishlistChangeValue> {
    const product = await this.catalogue.findByCode(ctx, itemCode);
    if (!product) throw new NotFoundError(`No item with code ${normaliseCode(itemCode)}`);
    const held = await inTransaction(ctx, async (tx) => {
      const held = await this.findOrCreate(tx);
      if (await this.repository.contains(tx, held.wishlist.id, product.id)) return held;
      if ((await this.repository.countItems(tx, held.wishlist.id)) >= WISHLIST_MAX_ITEMS) {
        throw new BadRequestError(`A wishlist holds at most ${WISHLIST_MAX_ITEMS} items.`);
      }
      await this.repository.addItem(tx, {
        wishlist_id: held.wishlist.id,
        product_id: product.id,
        added_at: new Date().toISOString(),
      });
      return held;
    });
    return this.envelope(held, { HideWishlistAlertReminder: false });
  }

  async remove(ctx: Ctx, itemCode: string): Promise<WishlistChangeValue> {
    const held = await inTransaction(ctx, async (tx) => {
      const held = await this.find(tx);
      if (!held) return undefined;
      const product = await this.catalogue.findByCode(tx, itemCode);
      if (product) await this.repository.removeItems(tx, held.wishlist.id, [product.id]);
      return held;
    });
    return this.envelope(held, { HideWishlistAlertReminder: false });
  }

  /** Removes the sold items (reserved ones may come back). Doing it twice removes nothing more. */
  async cleanup(ctx: Ctx): Promise<Envelope<{ RemovedCodes: string[] }>> {
    return inTransaction(ctx, async (tx) => {
      const held = await this.find(tx);
      if (!held) return this.envelope(held, { RemovedCodes: [] });
      const items = await this.repository.items(tx, held.wishlist.id);
      const rows = await this.catalogue.findByIds(
        tx,
        items.map((i) => i.product_id),
      );
      const sold = rows.filter((r) => r.status === 'sold');
      await this.repository.removeItems(
        tx,
        held.wishlist.id,
        sold.map((r) => r.id),
      );
      return this.envelope(held, { RemovedCodes: sold.map((r) => r.code) });
    });
  }

  async clear(ctx: Ctx): Promise<WishlistChangeValue> {
    const held = await inTransaction(ctx, async (tx) => {
      const held = await this.find(tx);
      if (held) await this.repository.clear(tx, held.wishlist.id);
      return held;
    });
    return this.envelope(held, { HideWishlistAlertReminder: false });
  }
}

export function toWishlistEntry(card: ProductListItem): WishlistEntry {
  return {
    Code: card.Code,
    DisplayName: card.Title,
    ProductPageUrl: card.Url,
    ImageUrl: card.ImageUrl,
    ItemType: 'Product',
    StoreNameAndState: card.StoreNameWithState,
    SalePrice: card.Sp,
    RetailPrice: card.Rrp,
    IsAvailable: card.IsAvailable,
    IsInCart: false,
    IsCartBusy: false,
    ShippingLabel: card.ShippingLabel,
    ShippingCost: card.ShippingCost,
    DisableInStorePickup: card.DisableInStorePickup,
    HasAuthenticityCertificate: card.HasAuthenticityCertificate,
    ProductList: card.ProductList,
    Brand: card.Brand,
  };
}
