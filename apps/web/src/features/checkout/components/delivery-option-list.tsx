import type { CheckoutViewValue, DeliveryOptionName } from '@shop/contract';

type ShippingOption = CheckoutViewValue['ShippingInformation']['Options'][number];

/** A line under each option saying what it means. */
const DESCRIPTIONS: Record<DeliveryOptionName, string> = {
  StorePickup: 'Collect your items from the store that holds them.',
  AustraliaPost: 'Posted to your address with Australia Post.',
  Generic: 'Posted to your address.',
  SplitPostage: 'Choose pick up or postage for each store.',
};

/** The delivery options by SystemName, as radio buttons (checkout.md section 2). */
export function DeliveryOptionList({
  options,
  value,
  onChoose,
}: {
  options: ShippingOption[];
  value: DeliveryOptionName | null;
  onChoose(name: DeliveryOptionName): void;
}) {
  return (
    <fieldset className="delivery-options">
      <legend className="delivery-options__legend">How would you like to receive your items?</legend>
      {options.map((option) => (
        <label
          key={option.SystemName}
          className={`delivery-option ${value === option.SystemName ? 'delivery-option--chosen' : ''}`}
        >
          <input
            type="radio"
            name="delivery-option"
            value={option.SystemName}
            checked={value === option.SystemName}
            onChange={() => onChoose(option.SystemName)}
          />
          <span className="delivery-option__text">
            <span className="delivery-option__name">{option.Name}</span>
            <span className="delivery-option__hint">{DESCRIPTIONS[option.SystemName]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
