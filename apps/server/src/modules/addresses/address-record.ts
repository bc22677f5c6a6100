import { type AddressParts, addressTokens, displayText, numberSort, searchKey } from './address-text.js';
import type { AddressRow, NewAddress } from './addresses.repository.js';

/** An address's parts as the row and words the repository writes (`importRun`: the G-NAF run, 0 for the demo). */
export function addressRecord(parts: AddressParts, importRun = 0): NewAddress {
  const tokens = addressTokens(parts);
  return {
    row: {
      region: parts.region,
      source: parts.source,
      reference: parts.reference,
      unit_or_level: parts.unitOrLevel,
      street_number: parts.streetNumber,
      street: parts.street,
      suburb: parts.suburb,
      state: parts.state,
      postcode: parts.postcode,
      business_name: parts.businessName,
      line2: parts.line2,
      display_text: displayText(parts),
      search_key: searchKey(tokens),
      number_sort: numberSort(parts.streetNumber),
      import_run: importRun,
    },
    tokens,
  };
}

/** A stored row back as parts. */
export function partsOf(row: AddressRow): AddressParts {
  return {
    region: row.region,
    source: row.source,
    reference: row.reference,
    unitOrLevel: row.unit_or_level,
    streetNumber: row.street_number,
    street: row.street,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    businessName: row.business_name,
    line2: row.line2,
  };
}
