import { formatMoney, type ProductDetail, type Region } from '@shop/contract';
import { useSiteSettings } from '../../../lib/site-settings';
import '../product.css';

type Priced = Pick<
  ProductDetail,
  'Sp' | 'Rrp' | 'SpMinorUnits' | 'RrpMinorUnits' | 'IsAvailable' | 'ItemUnavailableAsStoreDisabledPickup' | 'Promotion'
>;

/** 'Sold' when unavailable, 'Contact store for options' when the store disabled pickup, else the price. */
export function priceText(item: Priced): string {
  if (!item.IsAvailable) return 'Sold';
  if (item.ItemUnavailableAsStoreDisabledPickup) return 'Contact store for options';
  return item.Sp;
}

/** The sale badge: the promotion, else percent off in steps of 5 from 5%, else 'SALE' (storefront.md 4). */
export function saleBadge(item: Priced, region: Region): string | null {
  if (!item.IsAvailable || item.ItemUnavailableAsStoreDisabledPickup) return null;
  const promotion = item.Promotion;
  if (promotion) {
    if (promotion.DiscountMethod === 'Percentage') return `${promotion.DiscountAmount}% off`;
    const code = promotion.DiscountCode ? ` with code ${promotion.DiscountCode}` : '';
    return `${formatMoney(promotion.DiscountAmount, region)} off${code}`;
  }
  if (item.RrpMinorUnits <= item.SpMinorUnits || item.RrpMinorUnits <= 0) return null;
  const percent = Math.floor((((item.RrpMinorUnits - item.SpMinorUnits) / item.RrpMinorUnits) * 100) / 5) * 5;
  return percent >= 5 ? `${percent}% off` : 'SALE';
}

export function ProductPrice({ item, size = 'large' }: { item: Priced; size?: 'large' | 'small' }) {
  const { Region: region } = useSiteSettings();
  const text = priceText(item);
  const struck = text === item.Sp && item.RrpMinorUnits > item.SpMinorUnits;
  const badge = size === 'large' ? saleBadge(item, region) : null;
  return (
    <p
      className={`price price--${size} ${item.IsAvailable ? '' : 'price--sold'} ${
        text === item.Sp || !item.IsAvailable ? '' : 'price--contact'
      }`}
    >
      <strong className="price__now">{text}</strong>
      {struck ? (
        <s className="price__was">
          <span className="visually-hidden">Was </span>
          {item.Rrp}
        </s>
      ) : null}
      {badge ? <span className="price__badge">{badge}</span> : null}
    </p>
  );
}
