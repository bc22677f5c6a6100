import { type Cart, type CartItem, formatMoney, type Region } from '@shop/contract';
import { itemPromotion, productImageUrl, productUrl } from '../catalogue/catalogue.mapper.js';
import type { CatalogueItem } from '../catalogue/catalogue.service.js';
import type { CartView } from './cart.service.js';

/** The cart's wire shape (spec: cart-summary): display strings made here from minor units. */
export function toCart(view: CartView, region: Region): Cart {
  return {
    stores: view.stores.map((store) => ({
      id: store.id,
      name: store.name,
      items: store.items.map((item) => toCartItem(item, region)),
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

export function toCartItem(item: CatalogueItem, region: Region): CartItem {
  const image = item.pictureCount > 0 ? productImageUrl(item.code, 1, 450) : null;
  return {
    DisplayName: item.title,
    ProductId: item.id,
    Price: formatMoney(item.priceMinor, region),
    PriceMinorUnits: item.priceMinor,
    Category: item.categoryName,
    Brand: item.brand,
    Discount: Math.max(0, item.rrpMinor - item.priceMinor),
    Coupon: item.promoCode,
    ImageUrl: image,
    StoreName: item.storeName,
    Promotion: itemPromotion(item),
    // The top of the item's category path (a category slug).
    DepartmentCategory: item.categoryPath.split('/')[0] ?? item.categorySlug,
    itemType: 'Product',
    id: item.code,
    image,
    productDetailsLink: productUrl(item.code, item.slug),
    StateHash: item.stateHash,
    IsAvailable: item.status === 'available',
  };
}
