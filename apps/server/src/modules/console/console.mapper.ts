import { type ConsoleItem, type ConsoleItemStatus, formatMoney, type Region } from '@shop/contract';
import type { StockRow } from '../catalogue/catalogue.service.js';

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
    Thumbnail: row.image_count > 0 ? `/c3api/images/product/${row.code}/1?w=300` : null,
    Status: consoleStatusOf(row),
    InLiveOrder: row.in_live_order === 1 || row.status === 'reserved',
    ListedAt: row.listed_at,
    UpdatedAt: row.updated_at,
  };
}
