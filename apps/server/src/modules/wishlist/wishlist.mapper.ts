import type { ProductListItem, WishlistEntry, WishlistMergeValue, WishlistPageValue } from '@shop/contract';
import {
  WISHLIST_SORT_OPTIONS,
  type WishlistChange,
  type WishlistPage,
  type WishlistResult,
} from './wishlist.service.js';

/** Every wishlist reply: { Token, ExpiryDate, Data }. */
export function toWishlistReply<T, W>(result: WishlistResult<T>, data: (value: T) => W) {
  return { Token: result.token, ExpiryDate: result.expiresAt, Data: data(result.data) };
}

/** What remove and clear answer (the reminder follows adds only). */
export const changeData = () => ({ HideWishlistAlertReminder: false });

/** What add answers: true once the reminder has been offered (or alerts are on already). */
export const addData = (change: WishlistChange) => ({ HideWishlistAlertReminder: change.hideAlertReminder });

export function toWishlistPage(result: WishlistResult<WishlistPage>): WishlistPageValue {
  return toWishlistReply(result, (page) => ({
    Items: page.items.map((card) => toWishlistEntry(card.listItem)),
    TotalItems: page.total,
    TotalSoldItems: page.sold,
    SortOptions: WISHLIST_SORT_OPTIONS,
    PageSize: page.pageSize,
    WishlistId: page.wishlistId,
    AlertEnabled: page.alertEnabled,
  }));
}

/** merge: the customer's summary (codes) and first page. */
export function toWishlistMerge(result: WishlistResult<{ summary: string[]; page: WishlistPage }>): WishlistMergeValue {
  return toWishlistReply(result, ({ summary, page }) => ({
    Summary: summary,
    ViewModel: {
      Items: page.items.map((card) => toWishlistEntry(card.listItem)),
      SortOptions: WISHLIST_SORT_OPTIONS,
      TotalItems: page.total,
      PageSize: page.pageSize,
    },
  }));
}

export function toWishlistEntry(card: ProductListItem): WishlistEntry {
  return {
    Code: card.Code,
    DisplayName: card.Title,
    ProductPageUrl: card.Url,
    ImageUrl: card.ImageUrl,
    ItemType: 'Product',
    StoreNameAndState: card.StoreNameWithState,
    SalePrice: card.Sp,
    RetailPrice: card.Rrp,
    IsAvailable: card.IsAvailable,
    IsInCart: false,
    IsCartBusy: false,
    ShippingLabel: card.ShippingLabel,
    ShippingCost: card.ShippingCost,
    DisableInStorePickup: card.DisableInStorePickup,
    ItemUnavailableAsStoreDisabledPickup: card.ItemUnavailableAsStoreDisabledPickup,
    HasAuthenticityCertificate: card.HasAuthenticityCertificate,
    ProductList: card.ProductList,
    Brand: card.Brand,
  };
}
