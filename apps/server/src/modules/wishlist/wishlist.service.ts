import type { WishlistPageQuery, WishlistSortKey } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, NotFoundError } from '../../lib/errors.js';
import { hashToken, isTokenShape, newToken } from '../../lib/tokens.js';
import { type CatalogueService, normaliseCode, type ProductCard } from '../catalogue/catalogue.service.js';
import { WishlistRepository, type WishlistRow } from './wishlist.repository.js';

export const WISHLIST_LIFETIME_DAYS = 90;
export const WISHLIST_PAGE_SIZE = 20;
export const WISHLIST_MAX_ITEMS = 500;

export const WISHLIST_SORT_OPTIONS: { displayName: string; keyName: WishlistSortKey; isDescending: boolean }[] = [
  { displayName: 'Recently added', keyName: 'added', isDescending: true },
  { displayName: 'Price: low to high', keyName: 'price', isDescending: false },
  { displayName: 'Price: high to low', keyName: 'price', isDescending: true },
  { displayName: 'Name: A to Z', keyName: 'name', isDescending: false },
];

interface Held {
  wishlist: WishlistRow;
  /** The token to hand back: the caller's, or a new wishlist's; null for a customer's own (held by the session). */
  token: string | null;
  expiresAt: string | null;
}

/** What a wishlist call answers, before wishlist.mapper.ts makes it the wire envelope. */
export interface WishlistResult<T> {
  /** The token to keep (the caller's, or a new wishlist's); null when the caller holds no wishlist. */
  token: string | null;
  expiresAt: string | null;
  data: T;
}

export interface WishlistPage {
  items: ProductCard[];
  total: number;
  /** Sold items in the whole wishlist: what cleanup would remove. */
  sold: number;
  pageSize: number;
  wishlistId: number | null;
  alertEnabled: boolean;
}

/** What add answers beside the token: whether the page must not show the alerts reminder. */
export interface WishlistChange {
  hideAlertReminder: boolean;
}

/** The product list name the wishlist's cards carry (ProductList: what analytics reports them under). */
const LIST_NAME = 'Wishlist';

type Entry = { card: ProductCard; addedAt: string };

const COMPARE: Record<WishlistSortKey, (a: Entry, b: Entry) => number> = {
  added: (a, b) => a.addedAt.localeCompare(b.addedAt),
  price: (a, b) => a.card.priceMinor - b.card.priceMinor,
  name: (a, b) => a.card.title.localeCompare(b.card.title),
};

/**
 * Wishlists. A signed-in customer's is their own (found by the session; any token they send is
 * ignored) and never expires. A guest's is held by the token the viewer gives
 * (ctx.viewer.wishlistToken); every use of a live one renews its expiry. An unknown, expired or forged token holds nothing: reads answer
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
   * The viewer's wishlist (a guest's live one renewed); undefined when they hold none. Inside a
   * transaction its row stays locked until the end (PostgreSQL), so concurrent writes to one
   * wishlist take turns: a guest's by the renewal's update, a customer's (never renewed) by
   * reading it FOR UPDATE.
   */
  private async find(ctx: Ctx): Promise<Held | undefined> {
    if (ctx.viewer.kind === 'customer') {
      const wishlist = await this.repository.byUser(ctx, ctx.viewer.userId, ctx.transaction !== null);
      return wishlist ? { wishlist, token: null, expiresAt: null } : undefined;
    }
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
    if (ctx.viewer.kind === 'customer') {
      const wishlist = await this.repository.ensureForUser(
        ctx,
        ctx.viewer.userId,
        hashToken(newToken()),
        now.toISOString(),
      );
      return { wishlist, token: null, expiresAt: null };
    }
    const fresh = newToken();
    const expiresAt = this.expiry(now);
    const wishlist = await this.repository.create(ctx, hashToken(fresh), now.toISOString(), expiresAt);
    return { wishlist, token: fresh, expiresAt };
  }

  private envelope<T>(held: Held | undefined, data: T): WishlistResult<T> {
    return { token: held?.token ?? null, expiresAt: held?.expiresAt ?? null, data };
  }

  /** The wishlist's items as cards, most recently added first; items no longer in the region are left out. */
  private async cards(ctx: Ctx, held: Held): Promise<Entry[]> {
    const items = await this.repository.items(ctx, held.wishlist.id);
    const cards = await this.catalogue.cards(
      ctx,
      items.map((i) => i.product_id),
      LIST_NAME,
    );
    const addedAt = new Map(items.map((i) => [i.product_id, i.added_at]));
    return cards.map((card) => ({ card, addedAt: addedAt.get(card.id) ?? '' }));
  }

  async summary(ctx: Ctx): Promise<WishlistResult<string[]>> {
    const held = await this.find(ctx);
    if (!held) return this.envelope(held, []);
    return this.envelope(
      held,
      (await this.cards(ctx, held)).map((c) => c.card.code),
    );
  }

  async page(ctx: Ctx, query: WishlistPageQuery): Promise<WishlistResult<WishlistPage>> {
    const held = await this.find(ctx);
    const pageSize = query.pageSize ?? WISHLIST_PAGE_SIZE;
    const sortBy = query.sortBy ?? 'added';
    const descending = query.sortDescending === undefined ? sortBy === 'added' : query.sortDescending === 'true';
    const cards = held ? await this.cards(ctx, held) : [];
    const compare = COMPARE[sortBy];
    const sorted = [...cards].sort((a, b) => {
      const order = compare(a, b) || a.card.id - b.card.id;
      return descending ? -order : order;
    });
    const start = (query.page - 1) * pageSize;
    return this.envelope(held, {
      items: sorted.slice(start, start + pageSize).map((c) => c.card),
      total: cards.length,
      sold: cards.filter((c) => c.card.status === 'sold').length,
      pageSize,
      wishlistId: held?.wishlist.id ?? null,
      alertEnabled: held?.wishlist.alert_enabled === 1,
    });
  }

  async contains(ctx: Ctx, itemCode: string): Promise<WishlistResult<boolean>> {
    const held = await this.find(ctx);
    if (!held) return this.envelope(held, false);
    const product = await this.catalogue.findByCode(ctx, itemCode);
    return this.envelope(held, product ? await this.repository.contains(ctx, held.wishlist.id, product.id) : false);
  }

  /**
   * Adds an item (again: no change). The count and the insert run in one transaction that holds the
   * wishlist's row (BEGIN IMMEDIATE on SQLite; on PostgreSQL the guest's renewal, or the customer's
   * SELECT ... FOR UPDATE), so concurrent adds cannot push a wishlist past its cap. The alerts
   * reminder the page shows after a heart is offered once per wishlist (the first add answers
   * HideWishlistAlertReminder false and records it), and never when alerts are already on.
   */
  async add(ctx: Ctx, itemCode: string): Promise<WishlistResult<WishlistChange>> {
    const product = await this.catalogue.findByCode(ctx, itemCode);
    if (!product) throw new NotFoundError(`No item with code ${normaliseCode(itemCode)}`);
    const held = await inTransaction(ctx, async (tx) => {
      const held = await this.findOrCreate(tx);
      const firstReminder = await this.repository.markReminderSeen(tx, held.wishlist.id, Date.now());
      const hideAlertReminder = !firstReminder || held.wishlist.alert_enabled === 1;
      if (await this.repository.contains(tx, held.wishlist.id, product.id)) return { held, hideAlertReminder };
      if ((await this.repository.countItems(tx, held.wishlist.id)) >= WISHLIST_MAX_ITEMS) {
        throw new BadRequestError(`A wishlist holds at most ${WISHLIST_MAX_ITEMS} items.`);
      }
      await this.repository.addItem(tx, {
        wishlist_id: held.wishlist.id,
        product_id: product.id,
        added_at: new Date().toISOString(),
      });
      return { held, hideAlertReminder };
    });
    return this.envelope(held.held, { hideAlertReminder: held.hideAlertReminder });
  }

  async remove(ctx: Ctx, itemCode: string): Promise<WishlistResult<null>> {
    const held = await inTransaction(ctx, async (tx) => {
      const held = await this.find(tx);
      if (!held) return undefined;
      const product = await this.catalogue.findByCode(tx, itemCode);
      if (product) await this.repository.removeItems(tx, held.wishlist.id, [product.id]);
      return held;
    });
    return this.envelope(held, null);
  }

  /** Removes the sold items (reserved ones may come back). Doing it twice removes nothing more. */
  async cleanup(ctx: Ctx): Promise<WishlistResult<string[]>> {
    return inTransaction(ctx, async (tx) => {
      const held = await this.find(tx);
      if (!held) return this.envelope(held, []);
      const items = await this.repository.items(tx, held.wishlist.id);
      const heldItems = await this.catalogue.items(
        tx,
        items.map((i) => i.product_id),
      );
      const sold = heldItems.filter((item) => item.status === 'sold');
      await this.repository.removeItems(
        tx,
        held.wishlist.id,
        sold.map((item) => item.id),
      );
      return this.envelope(
        held,
        sold.map((item) => item.code),
      );
    });
  }

  async clear(ctx: Ctx): Promise<WishlistResult<null>> {
    const held = await inTransaction(ctx, async (tx) => {
      const held = await this.find(tx);
      if (held) await this.repository.clear(tx, held.wishlist.id);
      return held;
    });
    return this.envelope(held, null);
  }

  /** How many items the viewer's wishlist holds (the account overview). */
  async countItems(ctx: Ctx): Promise<number> {
    const held = await this.find(ctx);
    return held ? (await this.cards(ctx, held)).length : 0;
  }

  /**
   * Joins the guest wishlist of `guestToken` into the signed-in customer's, in one transaction that
   * holds the customer's wishlist row (ensureForUser), so the room counted is still the room when
   * the items go in, whatever adds or other merges run at once:
   * each item once, up to the cap (most recently added first), then the guest wishlist is deleted,
   * so a repeat (or a replay of the same link) merges nothing more. Answers the customer's wishlist.
   */
  async merge(ctx: Ctx, guestToken: string | null): Promise<WishlistResult<{ summary: string[]; page: WishlistPage }>> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    const userId = ctx.viewer.userId;
    await inTransaction(ctx, async (tx) => {
      if (!isTokenShape(guestToken)) return;
      const guest = await this.repository.liveByTokenHash(tx, hashToken(guestToken), new Date().toISOString());
      if (!guest) return;
      const mine = await this.repository.ensureForUser(tx, userId, hashToken(newToken()), new Date().toISOString());
      const room = WISHLIST_MAX_ITEMS - (await this.repository.countItems(tx, mine.id));
      await this.repository.copyItems(tx, guest.id, mine.id, room);
      await this.repository.inheritPrompts(tx, guest, mine.id);
      await this.repository.delete(tx, guest.id);
    });
    const summary = await this.summary(ctx);
    const page = await this.page(ctx, { page: 1 });
    return { token: null, expiresAt: null, data: { summary: summary.data, page: page.data } };
  }
}
