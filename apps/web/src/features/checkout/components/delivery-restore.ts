import { type AddressValue, addressSchema, type DeliveryOptionName, type Region } from '@shop/contract';
import { ADDRESS_PARTS } from '../../../lib/address-parts';
import type { DeliveryChoice } from '../checkout-types';
import {
  emptyAddress,
  isPostageOption,
  newPostageChoice,
  type PostageChoice,
  postcodeKey,
  type SplitChoices,
} from './delivery-rules';

/** The delivery step's starting state when it reopens on a choice made before (a reload, a provider's return). */
export interface RestoredDelivery {
  option: DeliveryOptionName;
  /** The whole cart's postage choice, or null when the option posts nothing as a whole (pickup, split). */
  postage: PostageChoice | null;
  /** Split postage: each store's choice as it was (stores not named start as new ones). */
  split: SplitChoices | null;
}

function sameAddress(a: AddressValue, b: AddressValue): boolean {
  return ADDRESS_PARTS.every((part) => a[part].trim().toUpperCase() === b[part].trim().toUpperCase());
}

/**
 * A posted shipment's choice as it was: its address (mirroring billing when it was billing's), the
 * cost type, and quoted for its postcode, so it prices at once; the estimate that follows still
 * clears a cost type it no longer offers (useCostTypeSync).
 */
function postedChoice(
  region: Region,
  address: AddressValue | null,
  isExpress: boolean,
  sameAsBilling: boolean,
): PostageChoice {
  if (!address) return newPostageChoice(region);
  return {
    sameAsBilling,
    draft: address,
    costType: isExpress ? 'Express' : 'Regular',
    quotedFor: postcodeKey(address),
  };
}

/** The delivery step's state that makes `choice` again (the inverse of continueResult). */
export function restoredDelivery(region: Region, choice: DeliveryChoice, billing: AddressValue): RestoredDelivery {
  const option = choice.DeliveryOption;
  if (isPostageOption(option)) {
    return {
      option,
      postage: postedChoice(
        region,
        choice.DeliveryAddress,
        choice.IsExpress,
        choice.IsShippingAddressSameAsBillingAddress,
      ),
      split: null,
    };
  }
  if (option !== 'SplitPostage' || !choice.SplitPostageShipments) {
    return { option, postage: null, split: null };
  }
  const split: SplitChoices = {};
  for (const shipment of choice.SplitPostageShipments) {
    // The submission's shape is loose (its parts may be absent); the region's rules make it whole.
    const parsed = addressSchema(region).safeParse(shipment.DeliveryAddress);
    const address = shipment.DeliveryAddress && parsed.success ? parsed.data : null;
    split[shipment.ShipmentId] = isPostageOption(shipment.ShippingMethodId)
      ? {
          ...postedChoice(region, address, shipment.IsExpress ?? false, !!address && sameAddress(address, billing)),
          method: shipment.ShippingMethodId,
        }
      : { ...newPostageChoice(region, emptyAddress(region)), method: shipment.ShippingMethodId };
  }
  return { option, postage: null, split };
}
