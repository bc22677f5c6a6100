import type { ProductListItem } from '@shop/contract';

/** A typed product card for component tests anywhere in the app (shared widgets and features). */
export function makeItem(overrides: Partial<ProductListItem> = {}): ProductListItem {
  return {
    Id: 1,
    Code: 'SH0000001',
    Title: 'Apple iPhone 13 128GB',
    Rrp: '$900.00',
    Sp: '$900.00',
    RrpMinorUnits: 90000,
    SpMinorUnits: 90000,
    Promotion: null,
    Url: '/product/sh0000001/apple-iphone-13',
    ImageUrl: null,
    Condition: 4,
    Category: 'Smartphones',
    StoreNameWithState: 'Parramatta, NSW',
    IsAvailable: true,
    IsInWishlist: false,
    ShippingLabel: 'Postage $9.95 or free pickup',
    ShippingCost: 995,
    Brand: 'Apple',
    ProductList: 'Search Results',
    HasAuthenticityCertificate: false,
    ItemUnavailableAsStoreDisabledPickup: false,
    DisableInStorePickup: false,
    ...overrides,
  };
}
