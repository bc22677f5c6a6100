import { formatMoney, type ProductListItem, type Region } from '@shop/contract';
import type { Kysely } from 'kysely';
import type { CategoryRow, Database } from '../../db/schema.js';
import {
  CatalogueRepository,
  type ProductCardRow,
  selectImageInfo,
  selectProductCards,
} from './catalogue.repository.js';
import { postageCost } from './postage.js';

export function productUrl(code: string, slug: string): string {
  return `/product/${code.toLowerCase()}/${slug}`;
}

export function productImageUrl(code: string, position: number, width: number): string {
  return `/c3api/images/product/${code}/${position}?w=${width}`;
}

/** The catalogue's rules: what an item card says, and changes to items that others must hear about. */
export class CatalogueService {
  private readonly repository: CatalogueRepository;
  /** Called after any change to an item, so in-process readers (the search index) catch up at once. */
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly db: Kysely<Database>) {
    this.repository = new CatalogueRepository(db);
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
  const postage = postageCost(row.weight_grams, region);
  const storeClosedToPickup = row.store_pickup_disabled === 1;
  let shippingLabel: string;
  if (postage === null) shippingLabel = 'Pickup only';
  else if (row.disable_in_store_pickup === 1) shippingLabel = `Postage only: ${formatMoney(postage, region)}`;
  else shippingLabel = `Postage ${formatMoney(postage, region)} or free pickup`;
  return {
    Id: row.id,
    Code: row.code,
    Title: row.title,
    Rrp: formatMoney(row.rrp_minor, region),
    Sp: formatMoney(row.price_minor, region),
    RrpMinorUnits: row.rrp_minor,
    SpMinorUnits: row.price_minor,
    Promotion:
      row.promo_method && row.promo_amount !== null
        ? { DiscountMethod: row.promo_method, DiscountAmount: row.promo_amount, DiscountCode: row.promo_code }
        : null,
    Url: productUrl(row.code, row.slug),
    ImageUrl: row.image_count > 0 ? productImageUrl(row.code, 1, 450) : null,
    Condition: row.condition,
    Category: row.category_name,
    StoreNameWithState: `${row.store_name}, ${row.store_state}`,
    IsAvailable: row.status === 'available',
    IsInWishlist: false,
    ShippingLabel: shippingLabel,
    ShippingCost: postage,
    Brand: row.brand,
    ProductList: listName,
    HasAuthenticityCertificate: row.has_authenticity_certificate === 1,
    ItemUnavailableAsStoreDisabledPickup: storeClosedToPickup,
    DisableInStorePickup: row.disable_in_store_pickup === 1,
  };
}
