import { DiscountMethod, formatMoney, type ProductListItem, type Region } from '@shop/contract';

/** The card's words, kept pure so they are tested without rendering (spec section 4, "Sale badge"). */

type PriceFields = Pick<ProductListItem, 'IsAvailable' | 'ItemUnavailableAsStoreDisabledPickup' | 'Sp'>;
type BadgeFields = Pick<ProductListItem, 'Promotion' | 'RrpMinorUnits' | 'SpMinorUnits'>;

/** 'Sold' when unavailable, 'Contact store for options' when the store disabled pickup, else the server's price. */
export function priceText(item: PriceFields): string {
  if (!item.IsAvailable) return 'Sold';
  if (item.ItemUnavailableAsStoreDisabledPickup) return 'Contact store for options';
  return item.Sp;
}

/**
 * The sale badge of product cards and the product page alike: the promotion ('25% OFF',
 * '$20.00 OFF Code DEAL20'); otherwise the reduction from the RRP in whole
 * steps of 5 when at least 5%, 'SALE' when smaller; null when the price is not reduced.
 */
export function saleBadgeText(item: BadgeFields, region: Region): string | null {
  const promotion = item.Promotion;
  if (promotion) {
    if (promotion.DiscountMethod === DiscountMethod.Percentage) return `${promotion.DiscountAmount}% OFF`;
    const value = `${formatMoney(promotion.DiscountAmount, region)} OFF`;
    return promotion.DiscountCode ? `${value} Code ${promotion.DiscountCode}` : value;
  }
  const rrp = item.RrpMinorUnits;
  const sp = item.SpMinorUnits;
  if (!(rrp > 0) || !(sp < rrp)) return null;
  // Integer arithmetic: 5% steps without floating-point edge cases (exactly 15% stays 15%).
  const steps = Math.floor(((rrp - sp) * 20) / rrp);
  return steps >= 1 ? `${steps * 5}% OFF` : 'SALE';
}

/** The region a server price string was written for, by its currency symbol. */
export function regionOfPrice(price: string): Region {
  return price.trimStart().startsWith('£') ? 'UK' : 'AU';
}

/**
 * A card picture's srcset: the 450-wide picture a card's ImageUrl names, and the 300-wide one of
 * the same picture for narrow cards (two to a phone's row), so a phone on a slow line fetches a
 * third less. Null when the address is not one of the shop's product pictures.
 */
export function cardImageSrcSet(imageUrl: string): string | null {
  if (!/[?&]w=450(?:&|$)/.test(imageUrl)) return null;
  return [300, 450].map((width) => `${imageUrl.replace(/([?&]w=)450/, `$1${width}`)} ${width}w`).join(', ');
}

/** How wide a card's picture shows: half a phone's row, a third of a tablet's, a quarter of a desktop's. */
export const CARD_IMAGE_SIZES = '(max-width: 767px) 50vw, (max-width: 1259px) 33vw, 300px';

/** A card's store line when the search has a place: "12.4 km · Parramatta NSW" (the wire's one decimal). */
export function distanceLine(km: number, store: string): string {
  return `${km.toFixed(1)} km · ${store}`;
}
