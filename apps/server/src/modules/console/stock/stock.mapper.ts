import { type ConsoleCategory, type ConsoleItem, formatMoney, type Region } from '@shop/contract';
import type { CategoryRow } from '../../../db/schema.js';
import { productImageUrl } from '../../catalogue/catalogue.mapper.js';
import type { StockItem } from '../../catalogue/catalogue.service.js';

/** A store's item as the console shows it. */
export function toConsoleItem(item: StockItem, region: Region): ConsoleItem {
  return {
    Code: item.code,
    Slug: item.slug,
    Title: item.title,
    CategoryId: item.categoryId,
    CategoryName: item.categoryName,
    Brand: item.brand,
    Condition: item.condition,
    Description: item.description,
    PriceMinor: item.priceMinor,
    Price: formatMoney(item.priceMinor, region),
    RrpMinor: item.rrpMinor,
    Rrp: formatMoney(item.rrpMinor, region),
    Promotion: item.promotion ? { Method: item.promotion.method, Amount: item.promotion.amount } : null,
    Colour: item.colour,
    Storage: item.storage,
    WeightGrams: item.weightGrams,
    LengthCm: item.lengthCm,
    WidthCm: item.widthCm,
    HeightCm: item.heightCm,
    Postable: item.postable,
    PictureCount: item.pictureCount,
    Thumbnail: item.pictureCount > 0 ? productImageUrl(item.code, 1, 300, item.pictureVersion) : null,
    Status: item.status,
    InLiveOrder: item.inLiveOrder || item.status === 'reserved',
    ListedAt: item.listedAt,
    UpdatedAt: item.updatedAt,
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
