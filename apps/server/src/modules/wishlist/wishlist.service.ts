import { createHash, randomBytes } from 'node:crypto';
import type {
  ProductListItem,
  WishlistChangeValue,
  WishlistEntry,
  WishlistItemBody,
  WishlistPageQuery,
  WishlistPageValue,
  WishlistSortKey,
} from '@shop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { type CatalogueService, normaliseCode } from '../catalogue/catalogue.service.js';
import { WishlistRepository, type WishlistRow } from './wishlist.repository.js';

export const WISHLIST_LIFETIME_DAYS = 90;
export const WISHLIST_PAGE_SIZE = 20;
export const WISHLIST_MAX_ITEMS = 500;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const LIST_NAME = 'Wishlist';

export const WISHLIST_SORT_OPTIONS: { displayName: string; keyName: WishlistSortKey; isDescending: boolean }[] = [
  { displayName: 'Recently added', keyName: 'added', isDescending: true },
  { displayName: 'Price: low to high', keyName: 'price', isDescending: false },
  { displayName: 'Price: high to low', keyName: 'price', isDescending: true },
  { displayName: 'Name: A to Z', keyName: 'name', isDescending: false },
];

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface Held {
  wishlist: WishlistRow;
  /** The token to hand back: the caller's, or a new wishlist's. */
  token: string;
  expiresAt: string;
}

type Envelope<T> = { Token: string | null; ExpiryDate: string | null; Data: T };

/**
 * Guest wishlists. Every use of a live wishlist renews its expiry. An unknown, expired or forged
 * token holds nothing: reads answer an empty wishlist (Token null) and writes start a new one.
 */
export class WishlistService {
  private readonly repository: WishlistRepository;

  constructor(
    db: Kysely<Database>,
    private readonly catalogue: CatalogueService,
  ) {
    this.repository = new WishlistRepository(db);
  }

  private expiry(now: Date): string {
    return new Date(now.getTime() + WISHLIST_LIFETIME_DAYS * 24 * 60 * 60 * 1000).toISOString();
  }

  /** The live wishlist of this token, renewed; undefined when the token holds none. */
  private async find(token: string | null | undefined): Promise<Held | undefined> {
    if (!token || !TOKEN_SHAPE.test(token)) return undefined;
    const now = new Date();
    const wishlist = await this.repository.liveByTokenHash(hashToken(token), now.toISOString());
    if (!wishlist) return undefined;
    const expiresAt = this.expiry(now);
    await this.repository.renew(wishlist.id, expiresAt);
    return { wishlist, token, expiresAt };
  }

  private async findOrCreate(token: string | null | undefined): Promise<Held> {
    const held = await this.find(token);
    if (held) return held;
    const now = new Date();
    const fresh = randomBytes(32).toString('base64url');
    const expiresAt = this.expiry(now);
    const wishlist = await this.repository.create(hashToken(fresh), now.toISOString(), expiresAt);
    return { wishlist, token: fresh, expiresAt };
  }

  private envelope<T>(held: Held | undefined, data: T): Envelope<T> {
    return { Token: held?.token ?? null, ExpiryDate: held?.expiresAt ?? null, Data: data };
  }

  /** The wishlist's items as cards, most recently added first; items no longer in the region are left out. */
  private async cards(held: Held): Promise<{ card: ProductListItem; addedAt: string }[]> {
    const items = await this.repository.items(held.wishlist.id);
    const cards = await this.catalogue.productCards(
      items.map((i) => i.product_id),
      LIST_NAME,
    );
    const addedAt = new Map(items.map((i) => [i.product_id, i.added_at]));
    return cards.map((card) => ({ card, addedAt: addedAt.get(card.Id) ?? '' }));
  }

  async summary(token: string | undefined): Promise<Envelope<string[]>> {
    const held = await this.find(token);
    if (!held) return this.envelope(held, []);
    return this.envelope(
      held,
      (await this.cards(held)).map((c) => c.card.Code),
    );
  }

  async page(query: WishlistPageQuery): Promise<WishlistPageValue> {
    const held = await this.find(query.token);
    const pageSize = query.pageSize ?? WISHLIST_PAGE_SIZE;
    const sortBy = query.sortBy ?? 'added';
    const descending = query.sortDescending === undefined ? sortBy === 'added' : query.sortDescending === 'true';
    const cards = held ? await this.cards(held) : [];
    const compare = {
      added: (a: (typeof cards)[number], b: (typeof cards)[number]) => a.addedAt.localeCompare(b.addedAt),
      price: (a: (typeof cards)[number], b: (typeof cards)[number]) => a.card.SpMinorUnits - b.card.SpMinorUnits,
      name: (a: (typeof cards)[number], b: (typeof cards)[number]) => a.card.Title.localeCompare(b.card.Title),
    }[sortBy];
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

  async contains(itemCode: string, token: string | undefined): Promise<Envelope<boolean>> {
    const held = await this.find(token);
    if (!held) return this.envelope(held, false);
    const product = await this.catalogue.findByCode(itemCode);
    return this.envelope(held, product ? await this.repository.contains(held.wishlist.id, product.id) : false);
  }

  async add(body: WishlistItemBody): Promise<WishlistChangeValue> {
    const product = await this.catalogue.findByCode(body.ItemCode);
    if (!product) throw new NotFoundError(`No item with code ${normaliseCode(body.ItemCode)}`);
    const held = await this.findOrCreate(body.Token);
    const already = await this.repository.contains(held.wishlist.id, product.id);
    if (!already) {
      if ((await this.repository.countItems(held.wishlist.id)) >= WISHLIST_MAX_ITEMS) {
        throw new BadRequestError(`A wishlist holds at most ${WISHLIST_MAX_ITEMS} items.`);
      }
      await this.repository.addItem({
        wishlist_id: held.wishlist.id,
        product_id: product.id,
        added_at: new Date().toISOString(),
      });
    }
    return this.envelope(held, { HideWishlistAlertReminder: false });
  }

  async remove(body: WishlistItemBody): Promise<WishlistChangeValue> {
    const held = await this.findOrCreate(body.Token);
    const product = await this.catalogue.findByCode(body.ItemCode);
    if (product) await this.repository.removeItems(held.wishlist.id, [product.id]);
    return this.envelope(held, { HideWishlistAlertReminder: false });
  }

  /** Removes the sold items (reserved ones may come back). Doing it twice removes nothing more. */
  async cleanup(token: string | undefined): Promise<Envelope<{ RemovedCodes: string[] }>> {
    const held = await this.find(token);
    if (!held) return this.envelope(held, { RemovedCodes: [] });
    const items = await this.repository.items(held.wishlist.id);
    const sold = (await this.catalogue.findByIds(items.map((i) => i.product_id))).filter((r) => r.status === 'sold');
    await this.repository.removeItems(
      held.wishlist.id,
      sold.map((r) => r.id),
    );
    return this.envelope(held, { RemovedCodes: sold.map((r) => r.code) });
  }

  async clear(token: string | null | undefined): Promise<WishlistChangeValue> {
    const held = await this.findOrCreate(token);
    await this.repository.clear(held.wishlist.id);
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
