import { formatMoney, PICKUP_SERVICE, type ProductDetail } from '@shop/contract';
import type { ReactNode } from 'react';
import { useSiteSettings } from '../../../lib/site-settings';
import '../product.css';
import { Icon } from '../../../components/icon';

/**
 * Can it be posted, and for how much; can it be collected, and where: each way in its card. `collect` (where to collect and how far,
 * the store's day) goes in the pickup card when the item can be collected: one card for one way.
 */
export function DeliveryOptions({ product, collect }: { product: ProductDetail; collect?: ReactNode }) {
  const { Region: region } = useSiteSettings();
  const postable = product.CanPost && product.ShippingCost !== null;
  const pickup = product.CanPickup && !product.DisableInStorePickup && !product.Store.PickupDisabled;
  return (
    <ul className="delivery-options" aria-label="Delivery options">
      <li className={postable ? 'delivery-options__yes' : 'delivery-options__no'}>
        <Icon name="truck" size={22} />
        <div className="delivery-options__text">
          <strong>Postage</strong>
          <br />
          {postable
            ? // The cheapest the store's table rates charge anywhere: the postcode box gives the exact figure.
              `From ${formatMoney(product.ShippingCost ?? 0, region)}, depending on your postcode`
            : // A store closed to pickup sends nothing either: the item is not too big, the store is.
              product.ItemUnavailableAsStoreDisabledPickup
              ? 'Contact store for options'
              : 'Not available: this item is too large or heavy to post'}
        </div>
      </li>
      <li className={pickup ? 'delivery-options__yes' : 'delivery-options__no'}>
        <Icon name="store" size={22} />
        <div className="delivery-options__text">
          <strong>{PICKUP_SERVICE[region].label}</strong>
          <br />
          {pickup
            ? `Free from our ${product.Store.Name} store`
            : product.ItemUnavailableAsStoreDisabledPickup
              ? 'Contact store for options'
              : 'Not available for this item'}
          {pickup ? collect : null}
        </div>
      </li>
    </ul>
  );
}
