import type { ProductDetail, ProductListItem, Region } from '@shop/contract';
import type { Kysely } from 'kysely';
import type { CategoryRow, Database } from '../../db/schema.js';
import type { StoresService } from '../stores/stores.service.js';
import {
  CatalogueRepository,
  type ProductCardRow,
  type ProductWithCategoryRow,
  type ProductWithStoreRow,
  selectImageInfo,
  selectProductCards,
} from './catalogue.repository.js';
import { priceFields, productImageUrl, productUrl, shippingOf, toProductDetail } from './product-detail.js';
import { ViewCounter } from './view-counter.js';

export { priceFields, productImageUrl, productStateHash, productUrl, similarSearchUrl } from './product-detail.js';

/** Codes are stored upper-case; the product page's URL writes them lower-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The catalogue's rules: what an item card says, and changes to items that others must hear about. */
export class CatalogueService {
  private readonly repository: CatalogueRepository;
  /** Called after any change to an item, so in-process readers (the search index) catch up at once. */
  private readonly listeners: (() => void)[] = [];
  private readonly views: ViewCounter;

  constructor(
    private readonly db: Kysely<Database>,
    /** The region this server sells in: items of other regions are not found. */
    private readonly region: Region,
    private readonly stores: StoresService,
  ) {
    this.repository = new CatalogueRepository(db);
    this.views = new ViewCounter((views) => this.repository.addViews(views));
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  listCategories(): Promise<CategoryRow[]> {
    return this.repository.listCategories();
  }

  countProducts(): Promise<number> {
    return this.repository.countProducts();
  }

  /** Cards for these ids, in the order given; ids that no longer exist are left out. */
  async productCards(ids: number[], listName: string): Promise<ProductListItem[]> {
    const rows = await selectProductCards(this.db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toProductListItem(row, listName)] : [];
    });
  }

  /** One of this region's items by code, whatever its status; undefined when there is none. */
  async findByCode(code: string): Promise<ProductWithCategoryRow | undefined> {
    const row = await this.repository.findByCode(normaliseCode(code));
    return row && row.region === this.region ? row : undefined;
  }

  /** This region's items with these ids, whatever their status, with their store's name and state. */
  async findByIds(ids: number[]): Promise<ProductWithStoreRow[]> {
    const rows = await this.repository.findByIds([...new Set(ids)]);
    return rows.filter((row) => row.region === this.region);
  }

  /**
   * The product page: every item of the region, sold and reserved ones too (their pages stay live),
   * with its store and category path. Counts a view towards the item's popularity.
   */
  async productDetail(code: string): Promise<ProductDetail | null> {
    const row = await this.findByCode(code);
    if (!row) return null;
    const store = await this.stores.storeById(row.store_id);
    if (!store) return null;
    const slugs = row.category_path.split('/');
    const found = new Map((await this.repository.categoriesBySlugs(slugs)).map((c) => [c.slug, c]));
    const lineage = slugs.flatMap((slug) => {
      const category = found.get(slug);
      return category ? [category] : [];
    });
    this.views.record(row.id);
    return toProductDetail(row, store, lineage);
  }

  /** Writes the views counted so far (they are otherwise written within a second). */
  flushViews(): Promise<void> {
    return this.views.flush();
  }

  /** Ids of a page of the region's most viewed available items with pictures. */
  popularProductIds(offset: number, limit: number): Promise<number[]> {
    return this.repository.popularProductIds(this.region, offset, limit);
  }

  imageInfo(code: string) {
    return selectImageInfo(this.db, code);
  }

  async setStatus(productId: number, status: 'available' | 'reserved' | 'sold'): Promise<boolean> {
    const changed = await this.repository.setStatus(productId, status, new Date().toISOString());
    if (changed) this.notify();
    return changed;
  }

  async setPrice(productId: number, priceMinor: number): Promise<boolean> {
    if (!Number.isInteger(priceMinor) || priceMinor < 0) throw new RangeError('price must be whole minor units');
    const changed = await this.repository.setPrice(productId, priceMinor, new Date().toISOString());
    if (changed) this.notify();
    return changed;
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export function toProductListItem(row: ProductCardRow, listName: string): ProductListItem {
  const region = row.store_region as Region;
  const storeClosedToPickup = row.store_pickup_disabled === 1;
  const shipping = shippingOf(row.weight_grams, row.disable_in_store_pickup === 1, storeClosedToPickup, region);
  return {
    Id: row.id,
    Code: row.code,
    Title: row.title,
    ...priceFields(row, region),
    Url: productUrl(row.code, row.slug),
    ImageUrl: row.image_count > 0 ? productImageUrl(row.code, 1, 450) : null,
    Condition: row.condition,
    Category: row.category_name,
    StoreNameWithState: `${row.store_name}, ${row.store_state}`,
    IsAvailable: row.status === 'available',
    IsInWishlist: false,
    ShippingLabel: shipping.label,
    ShippingCost: shipping.cost,
    Brand: row.brand,
    ProductList: listName,
    HasAuthenticityCertificate: row.has_authenticity_certificate === 1,
    ItemUnavailableAsStoreDisabledPickup: storeClosedToPickup,
    DisableInStorePickup: row.disable_in_store_pickup === 1,
  };
}
