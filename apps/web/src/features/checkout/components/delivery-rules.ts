import {
  ADDRESS_AND_METHOD_MESSAGE,
  type AddressValue,
  addressSchema,
  COUNTRY_CODE,
  type DeliveryOptionName,
  POSTAGE_NOTE_INCLUDED,
  POSTAGE_NOTE_NONE_CHOSEN,
  POSTAGE_NOTE_PENDING,
  REGION_INFO,
  type Region,
  SELECT_METHOD_MESSAGE,
  type SetExpressCostBody,
  SPLIT_INCOMPLETE_MESSAGE,
  type SplitShipment,
} from '@shop/contract';
import { type DeliveryChoice, type PostageNote, STORE_PICKUP_CHOICE } from '../checkout-types';

/**
 * The delivery step's rules (checkout.md sections 2, 4 and 8) as plain functions of its state, so
 * the markup stays markup and every message is tested without rendering.
 */

export type CostType = 'Regular' | 'Express';
export type PostageOptionName = 'AustraliaPost' | 'Generic';

/** Where a posted shipment goes: the billing address (mirrored, also later edits) or its own. */
export interface PostageChoice {
  sameAsBilling: boolean;
  /** The shopper's own address, used when sameAsBilling is off. */
  draft: AddressValue;
  costType: CostType | null;
  /**
   * The postcode whose estimate offered the chosen cost type. After the address moves to another
   * postcode the choice is priced again only once that postcode's estimate still offers it.
   */
  quotedFor: string | null;
}

/** One store's choice under split postage. */
export interface SplitStoreChoice extends PostageChoice {
  method: DeliveryOptionName | null;
}

export type SplitChoices = Record<number, SplitStoreChoice>;

export function isPostageOption(name: DeliveryOptionName | null | undefined): name is PostageOptionName {
  return name === 'AustraliaPost' || name === 'Generic';
}

export function emptyAddress(region: Region): AddressValue {
  return {
    BusinessName: '',
    Line1: '',
    Line2: '',
    Suburb: '',
    State: '',
    PostCode: '',
    CountryCode: COUNTRY_CODE[region],
    CountryName: REGION_INFO[region].name,
  };
}

export function newPostageChoice(region: Region, draft: AddressValue | null = null): PostageChoice {
  return { sameAsBilling: true, draft: draft ?? emptyAddress(region), costType: null, quotedFor: null };
}

/** The address a postage choice sends to: same as billing copies it without validation. */
export function addressOf(choice: PostageChoice, billing: AddressValue): AddressValue {
  return choice.sameAsBilling ? billing : choice.draft;
}

/** A postcode as the estimate's key holds it (no spaces, upper case). */
export function postcodeKey(address: AddressValue | null): string {
  return (address?.PostCode ?? '').replace(/\s+/g, '').toUpperCase();
}

/** The address as the region's rules clean it (trimmed, upper-case codes), or null while invalid. */
export function validAddress(region: Region, address: AddressValue): AddressValue | null {
  const parsed = addressSchema(region).safeParse(address);
  return parsed.success ? parsed.data : null;
}

/** A store with exactly one option has it chosen for the shopper (checkout.md section 4). */
export function initialSplitChoices(region: Region, shipments: SplitShipment[]): SplitChoices {
  const choices: SplitChoices = {};
  for (const shipment of shipments) {
    const only = shipment.shippingOptions.length === 1 ? shipment.shippingOptions[0] : undefined;
    choices[shipment.store.id] = { ...newPostageChoice(region), method: only?.SystemName ?? null };
  }
  return choices;
}

/** The valid address of a postage choice whose cost type is chosen and quoted for that address's postcode, else null. */
export function costedAddress(region: Region, choice: PostageChoice, billing: AddressValue): AddressValue | null {
  const address = validAddress(region, addressOf(choice, billing));
  if (!address || choice.costType === null || choice.quotedFor !== postcodeKey(address)) return null;
  return address;
}

function splitStoreComplete(region: Region, choice: SplitStoreChoice | undefined, billing: AddressValue): boolean {
  if (!choice?.method) return false;
  if (!isPostageOption(choice.method)) return true;
  return costedAddress(region, choice, billing) !== null;
}

/** The summary's postage note (checkout.md section 2, storefront.md section 4). */
export function postageNoteFor(
  option: DeliveryOptionName | null,
  postage: PostageChoice,
  split: { shipments: SplitShipment[]; choices: SplitChoices } | null,
): PostageNote {
  if (option === null) return POSTAGE_NOTE_NONE_CHOSEN;
  if (option === 'StorePickup') return null;
  if (isPostageOption(option)) return postage.costType ? POSTAGE_NOTE_INCLUDED : POSTAGE_NOTE_PENDING;
  if (!split || split.shipments.length === 0) return POSTAGE_NOTE_PENDING;
  const methods = split.shipments.map((s) => split.choices[s.store.id]);
  if (methods.every((c) => c?.method === 'StorePickup')) return null;
  const pending = methods.some((c) => !c?.method || (isPostageOption(c.method) && c.costType === null));
  return pending ? POSTAGE_NOTE_PENDING : POSTAGE_NOTE_INCLUDED;
}

export interface DeliveryState {
  region: Region;
  option: DeliveryOptionName | null;
  postage: PostageChoice;
  /** The postage estimate's missing-table-rate message: Continue stays disabled while it is there. */
  missingTableRate: boolean;
  split: { shipments: SplitShipment[]; choices: SplitChoices } | null;
  billing: AddressValue;
}

/** What Continue hands on, or the message saying what is missing (checkout.md section 8). */
export function continueResult(state: DeliveryState): { choice: DeliveryChoice } | { message: string } {
  const { region, option, postage, split, billing } = state;
  if (option === null) return { message: SELECT_METHOD_MESSAGE };
  if (option === 'StorePickup') return { choice: STORE_PICKUP_CHOICE };
  if (isPostageOption(option)) {
    const address = costedAddress(region, postage, billing);
    if (!address || state.missingTableRate) return { message: ADDRESS_AND_METHOD_MESSAGE };
    return {
      choice: {
        DeliveryOption: option,
        IsStorePickup: false,
        IsPaidPostage: true,
        IsExpress: postage.costType === 'Express',
        DeliveryAddress: address,
        IsShippingAddressSameAsBillingAddress: postage.sameAsBilling,
        SplitPostageShipments: null,
      },
    };
  }
  const shipments = split?.shipments ?? [];
  const choices = split?.choices ?? {};
  if (shipments.length === 0 || !shipments.every((s) => splitStoreComplete(region, choices[s.store.id], billing))) {
    return { message: SPLIT_INCOMPLETE_MESSAGE };
  }
  const entries = shipments.map((s) => {
    const choice = choices[s.store.id] as SplitStoreChoice;
    const posted = isPostageOption(choice.method);
    return {
      ShipmentId: s.store.id,
      ShippingMethodId: choice.method as DeliveryOptionName,
      IsExpress: posted && choice.costType === 'Express',
      DeliveryAddress: posted ? costedAddress(region, choice, billing) : null,
    };
  });
  const allPickup = entries.every((e) => e.ShippingMethodId === 'StorePickup');
  return {
    choice: {
      DeliveryOption: 'SplitPostage',
      IsStorePickup: allPickup,
      IsPaidPostage: !allPickup,
      IsExpress: false,
      DeliveryAddress: null,
      // Each posted store carries its own address; the whole-cart flag does not apply.
      IsShippingAddressSameAsBillingAddress: false,
      SplitPostageShipments: entries,
    },
  };
}

/**
 * The set-express call's body for the state, or null when there is nothing to price yet (postage
 * with no cost type chosen). Store pickup prices at no postage; split postage sends an entry per
 * store whose choice is complete (pickup, or postage with a cost type and a valid address): the
 * server refuses an entry without a method, and keeps its earlier choice for a store left out.
 */
export function deliveryTypesFor(state: DeliveryState): SetExpressCostBody | null {
  const { region, option, postage, split, billing } = state;
  if (option === 'StorePickup') return [{ IsExpress: false, ShippingMethodId: 'StorePickup' }];
  if (isPostageOption(option)) {
    const address = costedAddress(region, postage, billing);
    if (!address) return null;
    return [{ IsExpress: postage.costType === 'Express', ShippingMethodId: option, DeliveryAddress: address }];
  }
  if (option !== 'SplitPostage' || !split || split.shipments.length === 0) return null;
  const entries: SetExpressCostBody = [];
  for (const s of split.shipments) {
    const choice = split.choices[s.store.id];
    if (choice?.method === 'StorePickup') {
      entries.push({ ShipmentId: s.store.id, ShippingMethodId: 'StorePickup', IsExpress: false });
    } else if (choice && isPostageOption(choice.method) && choice.costType) {
      const address = costedAddress(region, choice, billing);
      if (address) {
        entries.push({
          ShipmentId: s.store.id,
          ShippingMethodId: choice.method,
          IsExpress: choice.costType === 'Express',
          DeliveryAddress: address,
        });
      }
    }
  }
  return entries.length > 0 ? entries : null;
}

/** What changes the price: the set-express body with addresses reduced to their postcode (street edits do not re-price). */
export function pricingKey(body: SetExpressCostBody | null): string {
  if (!body) return '';
  return JSON.stringify(body.map((entry) => ({ ...entry, DeliveryAddress: entry.DeliveryAddress?.PostCode ?? null })));
}
