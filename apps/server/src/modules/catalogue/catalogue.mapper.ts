/** The catalogue's wire shapes: product cards and the product page, from domain rows (money stays minor units until here). */
import { createHash } from 'node:crypto';
import {
  ConditionLabel,
  formatMoney,
  PRODUCT_IMAGE_WIDTHS,
  type ProductDetail,
  type ProductImageSchema,
  type ProductListItem,
  type Region,
  type Store,
  storeNameWithState,
} from '@shop/contract';
import type { z } from 'zod';
import { slugify } from '../../lib/slug.js';
import type { ProductCardRow, ProductWithCategoryRow } from './catalogue.repository.js';
import { percentOff } from './new-item.js';

export function productUrl(code: string, slug: string): string {
  return `/product/${code.toLowerCase()}/${slug}`;
}

/**
 * A picture's URL. Pictures are served as immutable for a year, and a store replacing them (console
 * edit) keeps their positions, so the URL carries a version (`v`, from the item's last change; the
 * images route ignores it): new pictures get new URLs, and browsers and CDNs never show the old ones.
 */
export function productImageUrl(code: string, position: number, width: number, version?: string): string {
  return `/c3api/images/product/${code}/${position}?w=${width}${version ? `&v=${version}` : ''}`;
}

/** The `v` of an item's picture URLs: a short hash of when it last changed. */
export function pictureVersion(row: { updated_at: string }): string {
  return createHash('sha1').update(row.updated_at).digest('hex').slice(0, 8);
}

type PricedRow = Pick<
  ProductWithCategoryRow,
  'rrp_minor' | 'price_minor' | 'promo_method' | 'promo_amount' | 'promo_code'
>;

/**
 * The item's promotion when its prices bear it out: a percentage off only when the was and now
 * prices are that percentage apart, a value off without a code only when they are that amount
 * apart (a code's value comes off at checkout, so it stands as it is). A badge saying '10% OFF'
 * over prices 24% apart would be a claim the page itself contradicts; the prices then speak alone.
 */
export function promotionOf(row: PricedRow): ProductListItem['Promotion'] {
  if (!row.promo_method || row.promo_amount === null) return null;
  if (row.promo_method === 'Percentage' && percentOff(row.rrp_minor, row.price_minor) !== row.promo_amount) return null;
  if (row.promo_method === 'Value' && !row.promo_code && row.rrp_minor - row.price_minor !== row.promo_amount) {
    return null;
  }
  return { DiscountMethod: row.promo_method, DiscountAmount: row.promo_amount, DiscountCode: row.promo_code };
}

/** promotionOf for an item as the catalogue hands it to other modules (CatalogueItem). */
export function itemPromotion(item: {
  rrpMinor: number;
  priceMinor: number;
  promoMethod: PricedRow['promo_method'];
  promoAmount: number | null;
  promoCode: string | null;
}): ProductListItem['Promotion'] {
  return promotionOf({
    rrp_minor: item.rrpMinor,
    price_minor: item.priceMinor,
    promo_method: item.promoMethod,
    promo_amount: item.promoAmount,
    promo_code: item.promoCode,
  });
}

/** The price fields every product reply carries: display strings, minor units and the promotion. */
export function priceFields(row: PricedRow, region: Region) {
  return {
    Rrp: formatMoney(row.rrp_minor, region),
    Sp: formatMoney(row.price_minor, region),
    RrpMinorUnits: row.rrp_minor,
    SpMinorUnits: row.price_minor,
    Promotion: promotionOf(row),
  };
}

/** "View more" under similar items: the item's leaf category and brand on the search page. */
export function similarSearchUrl(categorySlug: string, brand: string): string {
  return `/search-results?${new URLSearchParams({ category: categorySlug, brand: slugify(brand) })}`;
}

/** Changes whenever what the shopper agreed to changes: title, description, price or availability. */
export function productStateHash(item: { title: string; description: string; priceMinor: number; status: string }) {
  return createHash('sha256')
    .update(JSON.stringify([item.title, item.description, item.priceMinor, item.status]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * What the card and the product page say about delivery, from one set of rules so they never
 * disagree. `postageFromMinor` is the least the store's table rates charge for the item anywhere in
 * the region, surcharges that always apply to it included (shipping's cheapestPostage), or null
 * when it cannot be posted; a store closed to pickup sends nothing either (the same rule as the
 * search index's delivery flags).
 */
export function shippingOf(
  postageFromMinor: number | null,
  item: { disableInStorePickup: boolean },
  storePickupDisabled: boolean,
  region: Store['Region'],
) {
  const canPost = !storePickupDisabled && postageFromMinor !== null;
  const canPickup = !storePickupDisabled && !item.disableInStorePickup;
  const cost = canPost ? postageFromMinor : null;
  let label: string;
  if (storePickupDisabled) label = '';
  else if (cost !== null && canPickup) label = `Postage from ${formatMoney(cost, region)} or free pickup`;
  else if (cost !== null) label = `Postage only, from ${formatMoney(cost, region)}`;
  else if (canPickup) label = 'Pickup only';
  else label = 'Contact store for options';
  return { label, cost, canPost, canPickup };
}

/**
 * The card's line once the shopper's postcode is known, by shippingOf's rules: `postageMinor` is
 * the cheapest service checkout offers for the item alone to that postcode (surcharge and handling
 * included), or null when it cannot be posted there; `postsAtAll` is false when it cannot be posted
 * anywhere (not postable, or a store without postage), and the line then reads as without a postcode.
 */
export function exactShippingLabel(
  postageMinor: number | null,
  postsAtAll: boolean,
  item: { disableInStorePickup: boolean },
  storePickupDisabled: boolean,
  region: Store['Region'],
  postcode: string,
): string {
  const canPickup = !storePickupDisabled && !item.disableInStorePickup;
  if (storePickupDisabled) return '';
  // No "or free pickup" here: the line must fit the box the "from" line had (the cards swap them
  // in place), and the exact figure is what the shopper asked about.
  if (postageMinor !== null) return `Postage ${formatMoney(postageMinor, region)} to ${postcode}`;
  if (!postsAtAll) return shippingOf(null, item, storePickupDisabled, region).label;
  return canPickup ? `Pickup only (no postage to ${postcode})` : `No postage to ${postcode}`;
}

function images(row: ProductWithCategoryRow): z.infer<typeof ProductImageSchema>[] {
  const version = pictureVersion(row);
  return Array.from({ length: row.image_count }, (_, i) => {
    const position = i + 1;
    return {
      Position: position,
      Alt: `${row.title}, picture ${position} of ${row.image_count}`,
      Url: productImageUrl(row.code, position, 800, version),
      Srcset: PRODUCT_IMAGE_WIDTHS.map((w) => `${productImageUrl(row.code, position, w, version)} ${w}w`).join(', '),
      Thumbnail: `/c3api/images/product/${row.code}/${position}?thumb=true&v=${version}`,
    };
  });
}

/** The product page's data. `lineage` is the category path from the root down to the item's own category. */
export function toProductDetail(
  row: ProductWithCategoryRow,
  store: Store,
  lineage: { slug: string; name: string }[],
  postageFromMinor: number | null,
): ProductDetail {
  const region = store.Region;
  const shipping = shippingOf(
    postageFromMinor,
    { disableInStorePickup: row.disable_in_store_pickup === 1 },
    store.PickupDisabled,
    region,
  );
  const url = productUrl(row.code, row.slug);
  return {
    Id: row.id,
    Code: row.code,
    Title: row.title,
    Description: row.description,
    Brand: row.brand,
    Category: row.category_name,
    CategorySlug: row.category_slug,
    Breadcrumbs: [
      { Label: 'Home', Url: '/' },
      ...lineage.map((c) => ({
        Label: c.name,
        Url: `/search-results?${new URLSearchParams({ category: c.slug })}`,
      })),
      { Label: row.title, Url: url },
    ],
    Condition: row.condition,
    ConditionLabel: ConditionLabel[row.condition] ?? '',
    ...priceFields(row, region),
    Images: images(row),
    Specifications: JSON.parse(row.attributes) as ProductDetail['Specifications'],
    Store: store,
    Status: row.status,
    IsAvailable: row.status === 'available',
    ShippingLabel: shipping.label,
    ShippingCost: shipping.cost,
    CanPost: shipping.canPost,
    CanPickup: shipping.canPickup,
    DisableInStorePickup: row.disable_in_store_pickup === 1,
    ItemUnavailableAsStoreDisabledPickup: store.PickupDisabled,
    HasAuthenticityCertificate: row.has_authenticity_certificate === 1,
    ListedDate: row.listed_at,
    Url: url,
    StateHash: productStateHash({
      title: row.title,
      description: row.description,
      priceMinor: row.price_minor,
      status: row.status,
    }),
    SimilarSearchUrl: similarSearchUrl(row.category_slug, row.brand),
  };
}

/** A product card (search results, wishlists, similar and popular items). */
export function toProductListItem(
  row: ProductCardRow,
  listName: string,
  postageFromMinor: number | null,
): ProductListItem {
  const region = row.store_region as Region;
  const storeClosedToPickup = row.store_pickup_disabled === 1;
  const shipping = shippingOf(
    postageFromMinor,
    { disableInStorePickup: row.disable_in_store_pickup === 1 },
    storeClosedToPickup,
    region,
  );
  return {
    Id: row.id,
    Code: row.code,
    Title: row.title,
    ...priceFields(row, region),
    Url: productUrl(row.code, row.slug),
    ImageUrl: row.image_count > 0 ? productImageUrl(row.code, 1, 450, pictureVersion(row)) : null,
    Condition: row.condition,
    Category: row.category_name,
    StoreNameWithState: storeNameWithState({ name: row.store_name, state: row.store_state, region }),
    IsAvailable: row.status === 'available',
    IsInWishlist: false,
    ShippingLabel: shipping.label,
    ShippingCost: shipping.cost,
    Brand: row.brand,
    ProductList: listName,
    HasAuthenticityCertificate: row.has_authenticity_certificate === 1,
    ItemUnavailableAsStoreDisabledPickup: storeClosedToPickup,
    DisableInStorePickup: row.disable_in_store_pickup === 1,
  };
}
