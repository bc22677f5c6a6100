import { type Cart, type CartItem, formatMoney, type Region } from '@shop/contract';
import { priceFields, productImageUrl, productStateHash, productUrl } from '../catalogue/catalogue.mapper.js';
import type { ProductWithStoreRow } from '../catalogue/catalogue.service.js';
import type { CartView } from './cart.service.js';

/** The cart's wire shape (spec: cart-summary): display strings made here from minor units. */
export function toCart(view: CartView, region: Region): Cart {
  return {
    stores: view.stores.map((store) => ({
      id: store.id,
      name: store.name,
      items: store.items.map((row) => toCartItem(row, region)),
      totalMinorUnits: store.totalMinor,
      total: formatMoney(store.totalMinor, region),
    })),
    totalPrice: formatMoney(view.totalMinor, region),
    totalMinorUnits: view.totalMinor,
    itemCount: view.itemCount,
    ProductChanges: view.changes.map((c) => ({
      id: c.id,
      newPrice: c.newPriceMinor,
      oldPrice: c.oldPriceMinor,
      changeTypes: c.changeTypes,
    })),
  };
}

export function toCartItem(row: ProductWithStoreRow, region: Region): CartItem {
  const prices = priceFields(row, region);
  const image = row.image_count > 0 ? productImageUrl(row.code, 1, 450) : null;
  return {
    DisplayName: row.title,
    ProductId: row.id,
    Price: prices.Sp,
    PriceMinorUnits: row.price_minor,
    Category: row.category_name,
    Brand: row.brand,
    Discount: Math.max(0, row.rrp_minor - row.price_minor),
    Coupon: row.promo_code,
    ImageUrl: image,
    StoreName: row.store_name,
    Promotion: prices.Promotion,
    // The top of the item's category path (a category slug).
    DepartmentCategory: row.category_path.split('/')[0] ?? row.category_slug,
    itemType: 'Product',
    id: row.code,
    image,
    productDetailsLink: productUrl(row.code, row.slug),
    StateHash: productStateHash(row),
    IsAvailable: row.status === 'available',
  };
}
