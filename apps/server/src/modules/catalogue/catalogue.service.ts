import type { ProductListItem } from '@shop/contract';
import type { CategoryRow, StoreRow } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { slugify } from '../../lib/slug.js';
import { cheapestPostage, ShippingService } from '../shipping/shipping.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { pictureVersion, productStateHash, toProductListItem } from './catalogue.mapper.js';
import {
  CatalogueRepository,
  type ProductCardRow,
  type ProductStatus,
  type ProductWithCategoryRow,
  type ProductWithStoreRow,
  selectImageInfo,
  selectProductCards,
} from './catalogue.repository.js';
import {
  baseSpecifications,
  type ItemChanges,
  ItemChangesSchema,
  listedItemCode,
  type NewItem,
  NewItemSchema,
  sizeColumn,
} from './new-item.js';
import { type StockFilter, StockRepository, type StockRow, type StockStatus } from './stock.repository.js';
import { ViewCounter } from './view-counter.js';

export type { ProductStatus } from './catalogue.repository.js';
export type { StockFilter, StockStatus } from './stock.repository.js';

/** An item as a product list shows it: what lists sort and count by, and its card in the contract's shape. */
export interface ProductCard {
  id: number;
  code: string;
  title: string;
  priceMinor: number;
  status: ProductStatus;
  listItem: ProductListItem;
}

/**
 * An item as wishlists, their alerts, carts and checkout hold it, with its store and category
 * (camelCase, money in minor units).
 */
export interface CatalogueItem {
  id: number;
  code: string;
  slug: string;
  title: string;
  description: string;
  brand: string;
  storeId: number;
  storeName: string;
  storeState: string;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  /** The category's slugs from the root, joined by '/'. */
  categoryPath: string;
  priceMinor: number;
  rrpMinor: number;
  pictureCount: number;
  status: ProductStatus;
  updatedAt: string;
  /** The last price cut, and the price before it (the wishlist alert's "was"). */
  priceReducedAt: string | null;
  priceBeforeReductionMinor: number | null;
  /** The store's promotion as set (catalogue.mapper.ts itemPromotion says when an item shows it). */
  promoMethod: 'Percentage' | 'Value' | null;
  promoAmount: number | null;
  promoCode: string | null;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  postable: boolean;
  disableInStorePickup: boolean;
  taxTreatment: 'standard' | 'gst_free' | 'margin';
  /** What a shopper agrees to when adding it to a cart: title, description, price and status hashed. */
  stateHash: string;
}

/** A store's item as its staff manage it in the console (money in minor units). */
export interface StockItem {
  id: number;
  code: string;
  slug: string;
  title: string;
  categoryId: number;
  categoryName: string;
  brand: string;
  condition: number;
  description: string;
  priceMinor: number;
  rrpMinor: number;
  promotion: { method: 'Percentage' | 'Value'; amount: number } | null;
  colour: string | null;
  storage: string | null;
  /** Null: not given (a pickup-only item). */
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  postable: boolean;
  pictureCount: number;
  /** The pictures' URL version (it changes with the item). */
  pictureVersion: string;
  /** Withdrawn items are stored as sold with a withdrawal time; here they are 'withdrawn'. */
  status: StockStatus;
  /** A live order line holds it (its status may still read available while the order settles). */
  inLiveOrder: boolean;
  listedAt: string;
  updatedAt: string;
}

/** The product page's item as the domain sees it: the row, its store, and its category path from the root. */
export interface ProductPage {
  row: ProductWithCategoryRow;
  store: StoreRow;
  lineage: { slug: string; name: string }[];
  /** "Postage from": the least the store's table rates charge for it anywhere; null: cannot be posted. */
  postageFromMinor: number | null;
}

/** An uploaded picture at one size the images module serves (already resized, WebP). */
export interface PictureVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * What a store's change to one of its items came to: done; no such item in that store (another
 * store's item reads the same); or refused because a live order holds it, or it is off sale.
 */
export type StoreChange = 'done' | 'not-found' | 'in-live-order' | 'off-sale';

/** The job that adds counted product-page views to popularity. */
export const ADD_VIEWS_JOB = 'catalogue.add-views';

/** Codes are stored upper-case; the product page's URL writes them lower-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The catalogue's rules: what an item card says, and changes to items that others must hear about.
 * Every change to an item is written by the database's change-feed trigger in the same transaction;
 * after commit the in-process search index is poked so it catches up at once.
 */
export class CatalogueService {
  private readonly repository = new CatalogueRepository();
  private readonly stock = new StockRepository();
  /** Called after any committed change to an item, so in-process readers (the search index) catch up at once. */
  private readonly listeners: (() => void)[] = [];
  private readonly views: ViewCounter;
  /** Prices the cards' and the product page's "Postage from" (stateless: its own instance). */
  private readonly shipping = new ShippingService();

  constructor(
    private readonly stores: StoresService,
    /** Where counted product-page views go (a job queue, or straight to the database in tests). */
    writeViews: (views: [productId: number, count: number][]) => Promise<void>,
    /** The clock price changes are stamped with (tests move it). */
    private readonly now: () => number = Date.now,
  ) {
    this.views = new ViewCounter(writeViews);
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  listCategories(ctx: Ctx): Promise<CategoryRow[]> {
    return this.repository.listCategories(ctx);
  }

  countProducts(ctx: Ctx): Promise<number> {
    return this.repository.countProducts(ctx);
  }

  /**
   * The cards of these items for a list of this name, in the order given; ids that no longer exist
   * are left out.
   */
  async cards(ctx: Ctx, ids: number[], listName: string): Promise<ProductCard[]> {
    const rows = await selectProductCards(ctx, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The page's stores' tables: three small queries, whatever the number of cards.
    const tables = await this.shipping.cheapestTables(ctx, [...new Set(rows.map((r) => r.store_id))]);
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toProductCard(row, listName, cheapestPostage(tables.get(row.store_id), parcelOf(row)))] : [];
    });
  }

  /** Cards for these ids as the contract's product list items (the search replies). */
  async productCards(ctx: Ctx, ids: number[], listName: string): Promise<ProductListItem[]> {
    return (await this.cards(ctx, ids, listName)).map((card) => card.listItem);
  }

  /** One of this region's items by code, whatever its status; undefined when there is none. */
  async findByCode(ctx: Ctx, code: string): Promise<CatalogueItem | undefined> {
    const row = await this.rowByCode(ctx, code);
    return row && toCatalogueItem(row);
  }

  private async rowByCode(ctx: Ctx, code: string): Promise<ProductWithStoreRow | undefined> {
    const row = await this.repository.findByCode(ctx, normaliseCode(code));
    return row && row.region === ctx.region ? row : undefined;
  }

  /** This region's items with these ids, whatever their status, with their store's name and state. */
  private async findByIds(ctx: Ctx, ids: number[]): Promise<ProductWithStoreRow[]> {
    const rows = await this.repository.findByIds(ctx, [...new Set(ids)]);
    return rows.filter((row) => row.region === ctx.region);
  }

  /** This region's items with these ids, whatever their status, as wishlists, carts and checkout hold them. */
  async items(ctx: Ctx, ids: number[]): Promise<CatalogueItem[]> {
    return (await this.findByIds(ctx, ids)).map(toCatalogueItem);
  }

  /**
   * This region's items with these codes, whatever their status, each with whether its store is
   * closed to pickup: what a card's postage line needs (one query).
   */
  async itemsByCodes(ctx: Ctx, codes: string[]): Promise<(CatalogueItem & { storePickupDisabled: boolean })[]> {
    const rows = await this.repository.findByCodes(ctx, [...new Set(codes.map(normaliseCode))]);
    return rows
      .filter((row) => row.region === ctx.region)
      .map((row) => ({ ...toCatalogueItem(row), storePickupDisabled: row.store_pickup_disabled === 1 }));
  }

  /**
   * The product page: every item of the region, sold and reserved ones too (their pages stay live),
   * with its store and category path. Counts a view towards the item's popularity.
   */
  async productPage(ctx: Ctx, code: string): Promise<ProductPage | null> {
    const row = await this.rowByCode(ctx, code);
    if (!row) return null;
    const store = await this.stores.storeById(ctx, row.store_id);
    if (!store) return null;
    const slugs = row.category_path.split('/');
    const found = new Map((await this.repository.categoriesBySlugs(ctx, slugs)).map((c) => [c.slug, c]));
    const lineage = slugs.flatMap((slug) => {
      const category = found.get(slug);
      return category ? [category] : [];
    });
    const tables = await this.shipping.cheapestTables(ctx, [row.store_id]);
    const postageFromMinor = cheapestPostage(tables.get(row.store_id), parcelOf(row));
    this.views.record(row.id);
    return { row, store, lineage, postageFromMinor };
  }

  /** Hands the views counted so far on (they are otherwise handed on within a second). */
  flushViews(): Promise<void> {
    return this.views.flush();
  }

  /** Adds counted views to the items' popularity (the views job). */
  addViews(ctx: Ctx, views: [productId: number, count: number][]): Promise<void> {
    return inTransaction(ctx, (tx) => this.repository.addViews(tx, views));
  }

  /** The change feed's newest position: every search index follows it. */
  latestChangeSeq(ctx: Ctx): Promise<number> {
    return this.repository.latestChangeSeq(ctx);
  }

  /** Change-feed rows after `seq` (product_id null: many items changed, rebuild). */
  changesAfter(ctx: Ctx, seq: number, limit: number): Promise<{ seq: number; product_id: number | null }[]> {
    return this.repository.changesAfter(ctx, seq, limit);
  }

  /** The change-feed row at `seq` (a search index snapshot checks that it is of this database). */
  changeAt(ctx: Ctx, seq: number): Promise<{ product_id: number | null; changed_at: string } | undefined> {
    return this.repository.changeAt(ctx, seq);
  }

  /** Ids of a page of the region's most viewed available items with pictures. */
  popularProductIds(ctx: Ctx, offset: number, limit: number): Promise<number[]> {
    return this.repository.popularProductIds(ctx, ctx.region, offset, limit);
  }

  imageInfo(ctx: Ctx, code: string) {
    return selectImageInfo(ctx, code);
  }

  /**
   * Reserves available items for the caller (checkout): one conditional write
   * (`... WHERE status = 'available'`), so of many callers racing for an item exactly one gets it.
   * Returns the ids it reserved; items already reserved or sold, or of another region, are not.
   */
  reserve(ctx: Ctx, itemIds: number[]): Promise<number[]> {
    return this.move(ctx, itemIds, 'available', 'reserved');
  }

  /** Gives reserved items back (an abandoned or failed checkout). Returns the ids it released. */
  release(ctx: Ctx, itemIds: number[]): Promise<number[]> {
    return this.move(ctx, itemIds, 'reserved', 'available');
  }

  /** Items an order held are sold (its payment finished). Returns the ids it sold. */
  markSold(ctx: Ctx, itemIds: number[]): Promise<number[]> {
    return this.move(ctx, itemIds, 'reserved', 'sold');
  }

  /** Sold items back on sale (the shop cancelled their order and restocks them). Returns the ids it relisted. */
  relist(ctx: Ctx, itemIds: number[]): Promise<number[]> {
    return this.move(ctx, itemIds, 'sold', 'available');
  }

  private move(ctx: Ctx, itemIds: number[], from: ProductStatus, to: ProductStatus): Promise<number[]> {
    const ids = [...new Set(itemIds)];
    return inTransaction(ctx, async (tx) => {
      const moved = await this.repository.moveStatus(tx, tx.region, ids, from, to, new Date(this.now()).toISOString());
      if (moved.length > 0) tx.afterCommit(() => this.notify());
      return moved;
    });
  }

  async setStatus(ctx: Ctx, productId: number, status: ProductStatus): Promise<boolean> {
    return inTransaction(ctx, async (tx) => {
      const changed = await this.repository.setStatus(tx, productId, status, new Date(this.now()).toISOString());
      if (changed) tx.afterCommit(() => this.notify());
      return changed;
    });
  }

  async setPrice(ctx: Ctx, productId: number, priceMinor: number): Promise<boolean> {
    if (!Number.isInteger(priceMinor) || priceMinor < 0) throw new RangeError('price must be whole minor units');
    return inTransaction(ctx, async (tx) => {
      const changed = await this.repository.setPrice(tx, productId, priceMinor, new Date(this.now()).toISOString());
      if (changed) tx.afterCommit(() => this.notify());
      return changed;
    });
  }

  /**
   * A store puts an item online: checked (NewItemSchema; a store and category of this region),
   * inserted available with listed_at from the shop's clock, in one transaction whose change feed
   * the search index follows (poked after commit). Saved-search digests find it as new.
   * Throws a ZodError or RangeError for bad input, before anything is written.
   */
  async listItem(
    ctx: Ctx,
    input: NewItem,
    /** Uploaded pictures, in order, each at every size served (images module pictureVariants). */
    pictures: PictureVariant[][] = [],
  ): Promise<{ id: number; code: string; slug: string }> {
    const item = NewItemSchema.parse(input);
    const store = await this.stores.storeById(ctx, item.storeId);
    if (!store || store.region !== ctx.region) throw new RangeError(`No store ${item.storeId} in ${ctx.region}`);
    const now = new Date(this.now()).toISOString();
    const slug = slugify(item.title);
    return inTransaction(ctx, async (tx) => {
      if (!(await this.repository.categoryExists(tx, item.categoryId)))
        throw new RangeError(`No category ${item.categoryId}`);
      const listed = await this.repository.insertListedItem(
        tx,
        {
          slug,
          title: item.title,
          description: item.description,
          brand: item.brand,
          category_id: item.categoryId,
          condition: item.condition,
          rrp_minor: item.rrpMinor,
          price_minor: item.priceMinor,
          promo_method: item.promotion?.method ?? null,
          promo_amount: item.promotion?.amount ?? null,
          promo_code: null,
          store_id: item.storeId,
          image_count: pictures.length,
          colour: item.colour,
          storage: item.storage,
          attributes: JSON.stringify(baseSpecifications(item.brand, item.condition, item)),
          weight_grams: sizeColumn(item.weightGrams),
          length_cm: sizeColumn(item.lengthCm),
          width_cm: sizeColumn(item.widthCm),
          height_cm: sizeColumn(item.heightCm),
          disable_in_store_pickup: 0,
          postable: item.postable ? 1 : 0,
          has_authenticity_certificate: 0,
          status: 'available',
          tax_treatment: item.taxTreatment,
          listed_at: now,
          updated_at: now,
        },
        listedItemCode,
      );
      if (pictures.length > 0) await this.stock.replacePictures(tx, listed.id, pictureRows(listed.id, pictures));
      tx.afterCommit(() => this.notify());
      return { ...listed, slug };
    });
  }

  /**
   * A store changes an item's price. A cut records when (price_reduced_at) and the price before it
   * (price_before_reduction_minor: the price before the first of a run of cuts, so "was" stays the
   * price shoppers last saw before the item started coming down), which saved-search digests and
   * wishlist alerts list; a rise clears both (the item is no longer reduced). The change feed's
   * trigger writes the product change in the same transaction, and the search index is poked after
   * commit. False when there is no such item of this region.
   */
  async changePrice(
    ctx: Ctx,
    productId: number,
    newPriceMinor: number,
    /** A store's change: only while the item is on sale in this store (stock.repository.ts onSaleIn). */
    guard?: { storeId: number },
  ): Promise<boolean> {
    if (!Number.isInteger(newPriceMinor) || newPriceMinor < 0) throw new RangeError('price must be whole minor units');
    return inTransaction(ctx, async (tx) => {
      const row = await this.repository.priceOf(tx, productId, tx.region);
      if (!row) return false;
      if (row.price_minor === newPriceMinor) {
        // Nothing to change (and a cut already recorded must stay); a store still learns whether it could have.
        return guard ? this.stock.updateOnSale(tx, guard.storeId, productId, { price_minor: newPriceMinor }) : true;
      }
      const now = new Date(this.now()).toISOString();
      const reduction =
        newPriceMinor < row.price_minor
          ? { reducedAt: now, beforeMinor: row.price_before_reduction_minor ?? row.price_minor }
          : null;
      // Only an item still at the price read above changes: a concurrent change wins, this one retries nothing.
      const changed = await this.repository.changePrice(
        tx,
        productId,
        row.price_minor,
        newPriceMinor,
        reduction,
        now,
        guard?.storeId,
      );
      if (changed) tx.afterCommit(() => this.notify());
      return changed;
    });
  }

  /** A page of a store's items, newest first, with the total that match. The caller checked the store. */
  async storeItems(ctx: Ctx, storeId: number, filter: StockFilter): Promise<{ items: StockItem[]; total: number }> {
    const { rows, total } = await this.stock.list(ctx, storeId, filter);
    return { items: rows.map(toStockItem), total };
  }

  /** One of a store's items by code; undefined when the store has no such item. */
  async storeItem(ctx: Ctx, storeId: number, code: string): Promise<StockItem | undefined> {
    const row = await this.stock.byCode(ctx, storeId, normaliseCode(code));
    return row && toStockItem(row);
  }

  /** A category's path by its slug (the console's category filter). */
  async categoryPath(ctx: Ctx, slug: string): Promise<string | undefined> {
    const found = await this.repository.categoriesBySlugs(ctx, [slug]);
    if (found.length === 0) return undefined;
    return (await this.repository.listCategories(ctx)).find((c) => c.slug === slug)?.path;
  }

  /**
   * A store edits its item: the same checks as listing (ItemChangesSchema), then one conditional
   * write of its fields (only while it is on sale in that store and no live order holds it), a
   * price change through changePrice (so a cut is recorded for alerts), and the pictures replaced
   * when new ones are given; all in one transaction, so a refusal changes nothing.
   */
  async editItem(
    ctx: Ctx,
    storeId: number,
    productId: number,
    input: ItemChanges,
    pictures?: PictureVariant[][],
  ): Promise<StoreChange> {
    const item = ItemChangesSchema.parse(input);
    const now = new Date(this.now()).toISOString();
    return inTransaction(ctx, async (tx) => {
      if (!(await this.repository.categoryExists(tx, item.categoryId)))
        throw new RangeError(`No category ${item.categoryId}`);
      const changed = await this.stock.updateOnSale(tx, storeId, productId, {
        title: item.title,
        slug: slugify(item.title),
        description: item.description,
        brand: item.brand,
        category_id: item.categoryId,
        condition: item.condition,
        rrp_minor: item.rrpMinor,
        promo_method: item.promotion?.method ?? null,
        promo_amount: item.promotion?.amount ?? null,
        promo_code: null,
        colour: item.colour,
        storage: item.storage,
        attributes: JSON.stringify(baseSpecifications(item.brand, item.condition, item)),
        weight_grams: sizeColumn(item.weightGrams),
        length_cm: sizeColumn(item.lengthCm),
        width_cm: sizeColumn(item.widthCm),
        height_cm: sizeColumn(item.heightCm),
        postable: item.postable ? 1 : 0,
        tax_treatment: item.taxTreatment,
        ...(pictures ? { image_count: pictures.length } : {}),
        updated_at: now,
      });
      if (!changed) return this.whyRefused(tx, storeId, productId);
      await this.changePrice(tx, productId, item.priceMinor, { storeId });
      if (pictures) await this.stock.replacePictures(tx, productId, pictureRows(productId, pictures));
      tx.afterCommit(() => this.notify());
      return 'done';
    });
  }

  /** A store changes its item's price (changePrice, guarded: on sale in that store, no live order). */
  async changeStorePrice(ctx: Ctx, storeId: number, productId: number, priceMinor: number): Promise<StoreChange> {
    return inTransaction(ctx, async (tx) => {
      if (await this.changePrice(tx, productId, priceMinor, { storeId })) return 'done';
      return this.whyRefused(tx, storeId, productId);
    });
  }

  /**
   * The item sold over the counter: available to sold in one conditional write, so of a shopper's
   * checkout reserving it and the store selling it, exactly one wins.
   */
  sellInStore(ctx: Ctx, storeId: number, productId: number): Promise<StoreChange> {
    return this.takeOffSale(ctx, storeId, productId, false);
  }

  /** The store takes the item off sale: like a sale (shoppers see it unavailable), marked withdrawn. */
  withdraw(ctx: Ctx, storeId: number, productId: number): Promise<StoreChange> {
    return this.takeOffSale(ctx, storeId, productId, true);
  }

  private takeOffSale(ctx: Ctx, storeId: number, productId: number, withdrawn: boolean): Promise<StoreChange> {
    const now = new Date(this.now()).toISOString();
    return inTransaction(ctx, async (tx) => {
      const changed = await this.stock.updateOnSale(tx, storeId, productId, {
        status: 'sold',
        withdrawn_at: withdrawn ? now : null,
        updated_at: now,
      });
      if (!changed) return this.whyRefused(tx, storeId, productId);
      tx.afterCommit(() => this.notify());
      return 'done';
    });
  }

  /** After a conditional write changed nothing: why (read in the same transaction). */
  private async whyRefused(ctx: Ctx, storeId: number, productId: number): Promise<StoreChange> {
    const [row] = await this.repository.findByIds(ctx, [productId]);
    if (!row || row.store_id !== storeId || row.region !== ctx.region) return 'not-found';
    const stocked = await this.stock.byCode(ctx, storeId, row.code);
    if (row.status === 'reserved' || stocked?.in_live_order === 1) return 'in-live-order';
    return 'off-sale';
  }

  /** An uploaded picture at one size, or undefined when the item's pictures are drawn. */
  uploadedPicture(ctx: Ctx, code: string, position: number, width: number, height: number) {
    return this.stock.picture(ctx, normaliseCode(code), position, width, height);
  }

  /**
   * The region's available items listed, or reduced in price, after `since` and no later than
   * `until` (ISO-8601), each with the later of the two times: what is new for a saved search.
   */
  listedOrReducedBetween(ctx: Ctx, since: string, until: string): Promise<{ id: number; changedAt: string }[]> {
    return this.repository.listedOrReducedBetween(ctx, ctx.region, since, until);
  }

  /**
   * A store was added or changed (its name, place or slug): every search index rebuilds, as it holds
   * the stores it knew when built and would leave out a new store's items. In the store change's
   * transaction: the change feed's row commits with it.
   */
  async storesChanged(ctx: Ctx): Promise<void> {
    await this.repository.recordBulkChange(ctx, new Date(this.now()).toISOString());
    ctx.afterCommit(() => this.notify());
  }

  /** Tells in-process readers that the catalogue changed (after a seed, or a committed change). */
  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

function pictureRows(productId: number, pictures: PictureVariant[][]) {
  return pictures.flatMap((sizes, index) =>
    sizes.map((size) => ({
      product_id: productId,
      position: index + 1,
      width: size.width,
      height: size.height,
      bytes: size.bytes,
    })),
  );
}

function toStockItem(row: StockRow): StockItem {
  return {
    id: row.id,
    code: row.code,
    slug: row.slug,
    title: row.title,
    categoryId: row.category_id,
    categoryName: row.category_name,
    brand: row.brand,
    condition: row.condition,
    description: row.description,
    priceMinor: row.price_minor,
    rrpMinor: row.rrp_minor,
    promotion:
      row.promo_method && row.promo_amount !== null ? { method: row.promo_method, amount: row.promo_amount } : null,
    colour: row.colour,
    storage: row.storage,
    // 0 is a size not given (new-item.ts sizeColumn).
    weightGrams: row.weight_grams || null,
    lengthCm: row.length_cm || null,
    widthCm: row.width_cm || null,
    heightCm: row.height_cm || null,
    postable: row.postable === 1,
    pictureCount: row.image_count,
    pictureVersion: pictureVersion(row),
    status: row.status === 'sold' && row.withdrawn_at ? 'withdrawn' : row.status,
    inLiveOrder: row.in_live_order === 1,
    listedAt: row.listed_at,
    updatedAt: row.updated_at,
  };
}

function toCatalogueItem(row: ProductWithStoreRow): CatalogueItem {
  return {
    id: row.id,
    code: row.code,
    slug: row.slug,
    title: row.title,
    description: row.description,
    brand: row.brand,
    storeId: row.store_id,
    storeName: row.store_name,
    storeState: row.store_state,
    categoryId: row.category_id,
    categoryName: row.category_name,
    categorySlug: row.category_slug,
    categoryPath: row.category_path,
    priceMinor: row.price_minor,
    rrpMinor: row.rrp_minor,
    pictureCount: row.image_count,
    status: row.status,
    updatedAt: row.updated_at,
    priceReducedAt: row.price_reduced_at,
    priceBeforeReductionMinor: row.price_before_reduction_minor,
    promoMethod: row.promo_method,
    promoAmount: row.promo_amount,
    promoCode: row.promo_code,
    weightGrams: row.weight_grams,
    lengthCm: row.length_cm,
    widthCm: row.width_cm,
    heightCm: row.height_cm,
    postable: row.postable === 1,
    disableInStorePickup: row.disable_in_store_pickup === 1,
    taxTreatment: row.tax_treatment,
    stateHash: productStateHash({
      title: row.title,
      description: row.description,
      priceMinor: row.price_minor,
      status: row.status,
    }),
  };
}

function toProductCard(row: ProductCardRow, listName: string, postageFromMinor: number | null): ProductCard {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    priceMinor: row.price_minor,
    status: row.status,
    listItem: toProductListItem(row, listName, postageFromMinor),
  };
}

/** An item as a parcel of its own, for its "Postage from" price. */
function parcelOf(row: {
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  price_minor: number;
  postable: number;
}) {
  return {
    weightGrams: row.weight_grams,
    lengthCm: row.length_cm,
    widthCm: row.width_cm,
    heightCm: row.height_cm,
    priceMinor: row.price_minor,
    postable: row.postable === 1,
  };
}
