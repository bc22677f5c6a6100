import type { Generated, Selectable } from 'kysely';

/** Table types. Booleans are 0/1 integers and timestamps ISO-8601 text, the same on both dialects. */

export interface StoresTable {
  id: Generated<number>;
  slug: string;
  name: string;
  region: 'AU' | 'UK';
  state: string;
  address: string;
  suburb: string;
  postcode: string;
  phone: string;
  email: string;
  /** JSON: [{ Day, Hours }] */
  opening_hours: string;
  business_number: string;
  /** JSON: string[] */
  dealer_licences: string;
  pickup_disabled: number;
  latitude: number;
  longitude: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  slug: string;
  name: string;
  /** Space-separated words shoppers use for items of this category. */
  keywords: string;
  /** Slugs from the root, joined with '/'. */
  path: string;
  depth: number;
  icon: string;
  position: number;
}

export interface ProductsTable {
  id: Generated<number>;
  code: string;
  slug: string;
  title: string;
  description: string;
  brand: string;
  category_id: number;
  condition: number;
  rrp_minor: number;
  price_minor: number;
  promo_method: 'Percentage' | 'Value' | null;
  promo_amount: number | null;
  promo_code: string | null;
  store_id: number;
  image_count: number;
  colour: string | null;
  storage: string | null;
  /** JSON: [{ Name, Value }] specifications */
  attributes: string;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  disable_in_store_pickup: number;
  has_authenticity_certificate: number;
  status: 'available' | 'reserved' | 'sold';
  listed_at: string;
  updated_at: string;
}

/** A change feed that lets every server instance bring its search index up to date. */
export interface ProductChangesTable {
  seq: Generated<number>;
  /** null means "many products changed; rebuild". */
  product_id: number | null;
  changed_at: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  content_type: 'StorePage' | 'ContentPage';
  slug: string;
  region: 'AU' | 'UK';
  name: string;
  display_name: string;
  description: string;
  body_html: string;
  store_id: number | null;
}

export interface Database {
  stores: StoresTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_changes: ProductChangesTable;
  content_pages: ContentPagesTable;
}

export type StoreRow = Selectable<StoresTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;
