import type { Insertable, Kysely } from 'kysely';
import type {
  CategoriesTable,
  CategoryRow,
  ContentPagesTable,
  Database,
  ProductRow,
  ProductsTable,
  StoreRow,
  StoresTable,
} from '../../db/schema.js';

/** SQL for the catalogue's own tables: categories, products and the change feed. */
export class CatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countProducts(): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async clearCatalogue(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('product_changes').execute();
      await trx.deleteFrom('products').execute();
      await trx.deleteFrom('content_pages').execute();
      await trx.deleteFrom('stores').execute();
      await trx.updateTable('categories').set({ parent_id: null }).execute();
      await trx.deleteFrom('categories').execute();
    });
  }

  async insertCategory(row: Insertable<CategoriesTable>): Promise<number> {
    const inserted = await this.db.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async insertStores(rows: Insertable<StoresTable>[]): Promise<StoreRow[]> {
    if (rows.length === 0) return [];
    return this.db.insertInto('stores').values(rows).returningAll().execute();
  }

  async insertContentPages(rows: Insertable<ContentPagesTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await this.db
        .insertInto('content_pages')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  /** Inserts many products in one transaction, in statements small enough for either dialect's parameter limit. */
  async insertProducts(rows: Insertable<ProductsTable>[]): Promise<number[]> {
    const ids: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 400) {
        const inserted = await trx
          .insertInto('products')
          .values(rows.slice(i, i + 400))
          .returning('id')
          .execute();
        for (const r of inserted) ids.push(r.id);
      }
    });
    return ids;
  }

  async listCategories(): Promise<CategoryRow[]> {
    return this.db.selectFrom('categories').selectAll().orderBy('depth').orderBy('position').execute();
  }

  async setStatus(productId: number, status: 'available' | 'reserved' | 'sold', now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('products')
        .set({ status, updated_at: now })
        .where('id', '=', productId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.insertInto('product_changes').values({ product_id: productId, changed_at: now }).execute();
      return true;
    });
  }

  async setPrice(productId: number, priceMinor: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('products')
        .set({ price_minor: priceMinor, updated_at: now })
        .where('id', '=', productId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.insertInto('product_changes').values({ product_id: productId, changed_at: now }).execute();
      return true;
    });
  }

  /** One item by its code (stored upper-case), with its category and its store's region. */
  async findByCode(code: string): Promise<ProductWithCategoryRow | undefined> {
    return this.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .selectAll('p')
      .select(['c.slug as category_slug', 'c.name as category_name', 'c.path as category_path', 's.region as region'])
      .where('p.code', '=', code)
      .executeTakeFirst();
  }

  /** Items by id, with their category and store (for the cart). */
  async findByIds(ids: number[]): Promise<ProductWithStoreRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .selectAll('p')
      .select([
        'c.slug as category_slug',
        'c.name as category_name',
        'c.path as category_path',
        's.region as region',
        's.name as store_name',
        's.state as store_state',
      ])
      .where('p.id', 'in', ids)
      .execute();
  }

  async categoriesBySlugs(slugs: string[]): Promise<Pick<CategoryRow, 'slug' | 'name'>[]> {
    if (slugs.length === 0) return [];
    return this.db.selectFrom('categories').select(['slug', 'name']).where('slug', 'in', slugs).execute();
  }

  /** Adds product-page views to popularity. Not a change the search index needs to hear about. */
  async addViews(views: [productId: number, count: number][]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [productId, count] of views) {
        await trx
          .updateTable('products')
          .set((eb) => ({ popularity: eb('popularity', '+', count) }))
          .where('id', '=', productId)
          .execute();
      }
    });
  }

  /**
   * A page of the region's available items with pictures, most viewed first, then newest. Walks
   * the products_popular index (status, popularity, listed_at, id) in order and stops after the page.
   */
  async popularProductIds(region: 'AU' | 'UK', offset: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .select('p.id')
      .where('p.status', '=', 'available')
      .where('p.image_count', '>', 0)
      .where('s.region', '=', region)
      .orderBy('p.popularity', 'desc')
      .orderBy('p.listed_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Tells every search index that the catalogue changed wholesale (after a seed or an import). */
  async recordBulkChange(now: string): Promise<void> {
    await this.db.insertInto('product_changes').values({ product_id: null, changed_at: now }).execute();
  }
}

export type ProductWithCategoryRow = ProductRow & {
  category_slug: string;
  category_name: string;
  category_path: string;
  region: 'AU' | 'UK';
};

export type ProductWithStoreRow = ProductWithCategoryRow & { store_name: string; store_state: string };

/** What a product card shows, joined with its store and category. */
export interface ProductCardRow {
  id: number;
  code: string;
  slug: string;
  title: string;
  brand: string;
  condition: number;
  rrp_minor: number;
  price_minor: number;
  promo_method: 'Percentage' | 'Value' | null;
  promo_amount: number | null;
  promo_code: string | null;
  image_count: number;
  weight_grams: number;
  disable_in_store_pickup: number;
  has_authenticity_certificate: number;
  status: 'available' | 'reserved' | 'sold';
  category_name: string;
  store_name: string;
  store_state: string;
  store_region: 'AU' | 'UK';
  store_pickup_disabled: number;
}

export async function selectProductCards(db: Kysely<Database>, ids: number[]): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products as p')
    .innerJoin('stores as s', 's.id', 'p.store_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.code',
      'p.slug',
      'p.title',
      'p.brand',
      'p.condition',
      'p.rrp_minor',
      'p.price_minor',
      'p.promo_method',
      'p.promo_amount',
      'p.promo_code',
      'p.image_count',
      'p.weight_grams',
      'p.disable_in_store_pickup',
      'p.has_authenticity_certificate',
      'p.status',
      'c.name as category_name',
      's.name as store_name',
      's.state as store_state',
      's.region as store_region',
      's.pickup_disabled as store_pickup_disabled',
    ])
    .where('p.id', 'in', ids)
    .execute();
}

export async function selectImageInfo(
  db: Kysely<Database>,
  code: string,
): Promise<{ brand: string; image_count: number; icon: string } | undefined> {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.brand', 'p.image_count', 'c.icon'])
    .where('p.code', '=', code)
    .executeTakeFirst();
}
