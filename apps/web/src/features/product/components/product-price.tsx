import type { ProductDetail } from '@shop/contract';
import { priceText, saleBadgeText } from '../../../components/product-card-text';
import { useSiteSettings } from '../../../lib/site-settings';
import '../product.css';

type Priced = Pick<
  ProductDetail,
  'Sp' | 'Rrp' | 'SpMinorUnits' | 'RrpMinorUnits' | 'IsAvailable' | 'ItemUnavailableAsStoreDisabledPickup' | 'Promotion'
>;

export function ProductPrice({ item, size = 'large' }: { item: Priced; size?: 'large' | 'small' }) {
  const { Region: region } = useSiteSettings();
  const text = priceText(item);
  const struck = text === item.Sp && item.RrpMinorUnits > item.SpMinorUnits;
  // The cards' wording (one function); no badge beside 'Sold' or 'Contact store for options'.
  const shown = item.IsAvailable && !item.ItemUnavailableAsStoreDisabledPickup;
  const badge = size === 'large' && shown ? saleBadgeText(item, region) : null;
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
