import {
  type ConsoleCategory,
  type ConsoleItem,
  type ConsoleItemStatus,
  formatMoney,
  type Region,
} from '@shop/contract';
import type { CategoryRow } from '../../../db/schema.js';
import { pictureVersion, productImageUrl } from '../../catalogue/catalogue.mapper.js';
import type { StockRow } from '../../catalogue/catalogue.service.js';

export function consoleStatusOf(row: Pick<StockRow, 'status' | 'withdrawn_at'>): ConsoleItemStatus {
  if (row.status === 'sold' && row.withdrawn_at) return 'withdrawn';
  return row.status;
}

/** A store's item as the console shows it. */
export function toConsoleItem(row: StockRow, region: Region): ConsoleItem {
  return {
    Code: row.code,
    Slug: row.slug,
    Title: row.title,
    CategoryId: row.category_id,
    CategoryName: row.category_name,
    Brand: row.brand,
    Condition: row.condition,
    Description: row.description,
    PriceMinor: row.price_minor,
    Price: formatMoney(row.price_minor, region),
    RrpMinor: row.rrp_minor,
    Rrp: formatMoney(row.rrp_minor, region),
    Promotion:
      row.promo_method && row.promo_amount !== null ? { Method: row.promo_method, Amount: row.promo_amount } : null,
    WeightGrams: row.weight_grams,
    LengthCm: row.length_cm,
    WidthCm: row.width_cm,
    HeightCm: row.height_cm,
    Postable: row.postable === 1,
    PictureCount: row.image_count,
    Thumbnail: row.image_count > 0 ? productImageUrl(row.code, 1, 300, pictureVersion(row)) : null,
    Status: consoleStatusOf(row),
    InLiveOrder: row.in_live_order === 1 || row.status === 'reserved',
    ListedAt: row.listed_at,
    UpdatedAt: row.updated_at,
  };
}

/** The categories depth-first (a parent, then its children by position), each with its names from the root. */
export function toConsoleCategories(rows: CategoryRow[]): ConsoleCategory[] {
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const out: ConsoleCategory[] = [];
  const visit = (parent: number | null, names: string[], depth: number) => {
    const level = (children.get(parent) ?? []).sort((a, b) => a.position - b.position);
    for (const row of level) {
      const path = [...names, row.name];
      out.push({ Id: row.id, Slug: row.slug, Name: row.name, Path: path.join(' › '), Depth: depth });
      visit(row.id, path, depth + 1);
    }
  };
  visit(null, [], 0);
  return out;
}
