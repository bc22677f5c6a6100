import type { AddressDetail, AddressSuggestion } from '@shop/contract';
import type { AddressSuggestionItem } from './address-provider.js';
import { type AddressParts, streetLine } from './address-text.js';

/** Suggestions as the contract's {Text, Reference}. */
export function toSuggestions(items: readonly AddressSuggestionItem[]): AddressSuggestion[] {
  return items.map((item) => ({ Text: item.text, Reference: item.reference }));
}

/** An address's parts as the contract's AddressDetail (Line1 the street line as posted). */
export function toAddressDetail(parts: AddressParts): AddressDetail {
  return {
    Line1: streetLine(parts),
    Line2: parts.line2,
    UnitOrLevel: parts.unitOrLevel,
    StreetNumber: parts.streetNumber,
    Street: parts.street,
    Suburb: parts.suburb,
    State: parts.state,
    PostCode: parts.postcode,
    BusinessName: parts.businessName,
  };
}
