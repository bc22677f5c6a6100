import type { AddressValue, CheckoutViewValue, Region, SplitShipment } from '@shop/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SplitChoices, SplitStoreChoice } from './delivery-rules';
import { SplitStorePanel } from './split-store-panel';

/** Split postage: a panel per store of the cart (checkout.md section 4, "Split shipping"). */
export function SplitPanel({
  region,
  view,
  query,
  choices,
  onChange,
  billingAddress,
  showErrors,
  onError,
}: {
  region: Region;
  view: CheckoutViewValue;
  query: UseQueryResult<SplitShipment[]>;
  choices: SplitChoices | null;
  onChange(storeId: number, choice: SplitStoreChoice): void;
  billingAddress: AddressValue;
  showErrors: boolean;
  onError(message: string | null): void;
}) {
  if (query.isError) {
    return (
      <p className="postage-panel__hint">
        The delivery options for each store could not be loaded.{' '}
        <button type="button" className="button button--small button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!query.data || !choices) {
    return (
      <p className="postage-panel__loading" role="status">
        Loading the delivery options for each store...
      </p>
    );
  }
  return (
    <div className="split-panel">
      {query.data.map((shipment) => {
        const choice = choices[shipment.store.id];
        if (!choice) return null;
        return (
          <SplitStorePanel
            key={shipment.store.id}
            region={region}
            shipment={shipment}
            cartItems={view.Cart.CartItems}
            choice={choice}
            onChange={(next) => onChange(shipment.store.id, next)}
            billingAddress={billingAddress}
            showErrors={showErrors}
            onError={onError}
          />
        );
      })}
    </div>
  );
}
