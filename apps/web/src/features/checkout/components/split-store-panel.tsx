import {
  type AddressValue,
  type CheckoutViewValue,
  type DeliveryOptionName,
  PRODUCT_NOT_FOUND_TEXT,
  type Region,
  type SplitShipment,
  UNAVAILABLE_ITEMS_MESSAGE,
} from '@shop/contract';
import { Notice } from '../../../components/notice';
import { addressOf, isPostageOption, postcodeKey, type SplitStoreChoice, validAddress } from './delivery-rules';
import { useCostTypeSync, usePostageEstimate } from './postage-estimate';
import { PostagePanel } from './postage-panel';

type CartItem = CheckoutViewValue['Cart']['CartItems'][number];

/** One store under split postage: its items, its options (pick up or postage) and, for postage, the address and costs. */
export function SplitStorePanel({
  region,
  shipment,
  cartItems,
  choice,
  onChange,
  billingAddress,
  showErrors,
  onError,
}: {
  region: Region;
  shipment: SplitShipment;
  cartItems: CartItem[];
  choice: SplitStoreChoice;
  onChange(next: SplitStoreChoice): void;
  billingAddress: AddressValue;
  showErrors: boolean;
  onError(message: string | null): void;
}) {
  const { store } = shipment;
  const postageOption = shipment.shippingOptions.find((o) => o.SystemName === choice.method);
  const posted = isPostageOption(choice.method) && postageOption !== undefined;
  const address = posted ? validAddress(region, addressOf(choice, billingAddress)) : null;
  const estimate = usePostageEstimate({
    option: {
      Id: postageOption?.Id ?? 0,
      Name: postageOption?.Name ?? '',
      SystemName: isPostageOption(choice.method) ? choice.method : 'AustraliaPost',
    },
    address,
    storeId: store.id,
    costType: choice.costType,
    onError,
  });
  useCostTypeSync(address ? estimate.data : undefined, choice, postcodeKey(address), (change) =>
    onChange({ ...choice, ...change }),
  );
  const unavailable = store.pickupDisabled && shipment.shippingOptions.length === 0;
  const choose = (method: DeliveryOptionName) => {
    onError(null);
    onChange({ ...choice, method });
  };
  return (
    <section className="split-store" aria-label={store.name}>
      <h4 className="split-store__name">{store.name}</h4>
      <ul className="split-store__items">
        {shipment.items.map((id) => {
          const item = cartItems.find((i) => i.ProductId === id);
          return (
            <li key={id}>
              <span>{item ? item.DisplayName : PRODUCT_NOT_FOUND_TEXT}</span>
              {item ? <span className="split-store__price">{item.Price.Display}</span> : null}
            </li>
          );
        })}
      </ul>
      {unavailable ? <Notice kind="warning">{UNAVAILABLE_ITEMS_MESSAGE}</Notice> : null}
      {shipment.shippingOptions.length > 0 ? (
        <fieldset className="split-store__options">
          <legend className="visually-hidden">Delivery for {store.name}</legend>
          {shipment.shippingOptions.map((option) => (
            <label
              key={option.SystemName}
              className={`delivery-option delivery-option--compact ${choice.method === option.SystemName ? 'delivery-option--chosen' : ''}`}
            >
              <input
                type="radio"
                name={`split-${store.id}`}
                value={option.SystemName}
                checked={choice.method === option.SystemName}
                onChange={() => choose(option.SystemName)}
              />
              <span className="delivery-option__text">
                <span className="delivery-option__name">{option.Name}</span>
                {option.SystemName === 'StorePickup' ? (
                  <span className="delivery-option__hint">
                    {[store.addressLine1, store.addressLine2].filter(Boolean).join(', ')}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {posted ? (
        <PostagePanel
          region={region}
          idPrefix={`split-${store.id}`}
          billingAddress={billingAddress}
          choice={choice}
          onChange={(next) => onChange({ ...choice, ...next })}
          estimate={estimate}
          addressValid={address !== null}
          showErrors={showErrors}
        />
      ) : null}
    </section>
  );
}
