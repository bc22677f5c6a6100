import type { DeliveryStepProps } from '../checkout-types';

/** Placeholder: the delivery step (checkout.md section 4) is being built; store pickup for now. */
export function DeliveryStep(props: DeliveryStepProps) {
  return (
    <div className="checkout-step__placeholder">
      <h3>Delivery options</h3>
      <button
        type="button"
        className="button button--yellow"
        onClick={() =>
          props.onContinue({
            DeliveryOption: 'StorePickup',
            IsStorePickup: true,
            IsPaidPostage: false,
            IsExpress: false,
            DeliveryAddress: null,
            IsShippingAddressSameAsBillingAddress: false,
            SplitPostageShipments: null,
          })
        }
      >
        Continue
      </button>
    </div>
  );
}
