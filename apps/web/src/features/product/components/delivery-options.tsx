import { formatMoney, type ProductDetail } from '@shop/contract';
import { useSiteSettings } from '../../../lib/site-settings';
import '../product.css';

/** Can it be posted, and for how much; can it be collected, and where. */
export function DeliveryOptions({ product }: { product: ProductDetail }) {
  const { Region: region, regionInfo } = useSiteSettings();
  const postable = product.CanPost && product.ShippingCost !== null;
  const pickup = product.CanPickup && !product.DisableInStorePickup && !product.Store.PickupDisabled;
  return (
    <ul className="delivery-options" aria-label="Delivery options">
      <li className={postable ? 'delivery-options__yes' : 'delivery-options__no'}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M3 7h11v9H3zM14 10h4l3 3v3h-7zM6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        <span>
          <strong>Postage</strong>
          <br />
          {postable
            ? `${formatMoney(product.ShippingCost ?? 0, region)} to anywhere in ${regionInfo.name}`
            : 'Not available: this item is too large or heavy to post'}
        </span>
      </li>
      <li className={pickup ? 'delivery-options__yes' : 'delivery-options__no'}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M4 10l1.5-5h13L20 10M4 10v10h16V10M4 10h16M9 20v-5h6v5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        <span>
          <strong>Click and collect</strong>
          <br />
          {pickup
            ? `Free from our ${product.Store.Name} store`
            : product.ItemUnavailableAsStoreDisabledPickup
              ? 'Contact store for options'
              : 'Not available for this item'}
        </span>
      </li>
    </ul>
  );
}
