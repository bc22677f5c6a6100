import { type AddressValue, LOADING_POSTAGE_TEXT, type Region, type ShippingEstimate } from '@shop/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { AddressLookup } from '../../../components/address-lookup';
import { addressPartsOf } from '../../../lib/address-parts';
import { addressOf, type PostageChoice, postcodeKey, validAddress } from './delivery-rules';
import { PostageCosts } from './postage-costs';

/** An address on a few lines, as the shopper typed it. */
export function PostageAddressLines({ address }: { address: AddressValue }) {
  const lines = [
    address.BusinessName,
    address.Line1,
    address.Line2,
    [address.Suburb, address.State, address.PostCode].filter(Boolean).join(' '),
  ].filter((line) => line.trim() !== '');
  return (
    <address className="postage-address">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address in their fixed order
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

/**
 * Postage to one address (the whole cart, or one store's items under split postage): the address,
 * same as billing by default, then the cost types once the estimate is in.
 */
export function PostagePanel({
  region,
  idPrefix,
  billingAddress,
  choice,
  onChange,
  estimate,
  addressValid,
  showErrors,
}: {
  region: Region;
  idPrefix: string;
  billingAddress: AddressValue;
  choice: PostageChoice;
  onChange(next: PostageChoice): void;
  estimate: UseQueryResult<ShippingEstimate>;
  addressValid: boolean;
  showErrors: boolean;
}) {
  return (
    <div className="postage-panel">
      <label className="postage-panel__same">
        <input
          type="checkbox"
          checked={choice.sameAsBilling}
          onChange={(event) => onChange({ ...choice, sameAsBilling: event.target.checked })}
        />
        Same as billing address
      </label>
      {choice.sameAsBilling ? (
        <PostageAddressLines address={billingAddress} />
      ) : (
        <AddressLookup
          region={region}
          label="Delivery address"
          value={addressPartsOf(choice.draft)}
          onChange={(parts) => onChange({ ...choice, draft: { ...choice.draft, ...parts } })}
          showErrors={showErrors}
        />
      )}
      {!addressValid ? (
        <p className="postage-panel__hint">Enter the delivery address to see the postage costs.</p>
      ) : estimate.isError ? (
        <p className="postage-panel__hint">
          Postage costs could not be loaded.{' '}
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => void estimate.refetch()}
          >
            Try again
          </button>
        </p>
      ) : !estimate.data ? (
        <p className="postage-panel__loading" role="status">
          {LOADING_POSTAGE_TEXT}
        </p>
      ) : (
        <PostageCosts
          estimate={estimate.data}
          costType={choice.costType}
          onChoose={(costType) =>
            onChange({
              ...choice,
              costType,
              quotedFor: postcodeKey(validAddress(region, addressOf(choice, billingAddress))),
            })
          }
          name={`${idPrefix}-cost`}
        />
      )}
    </div>
  );
}
