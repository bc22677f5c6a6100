import {
  type AddressDetail,
  type AddressValue,
  addressSchema,
  COUNTRY_CODE,
  REGION_INFO,
  type Region,
} from '@shop/contract';
import { type FieldErrors, validateFields } from './use-contract-form';

/** The parts of an address a shopper edits (checkout.md section 3, "Address"). */
export const ADDRESS_PARTS = ['BusinessName', 'Line1', 'Line2', 'Suburb', 'State', 'PostCode'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressParts = Record<AddressPart, string>;

export const EMPTY_ADDRESS: AddressParts = {
  BusinessName: '',
  Line1: '',
  Line2: '',
  Suburb: '',
  State: '',
  PostCode: '',
};

/** Nothing typed in any part. */
export function isAddressBlank(address: AddressParts): boolean {
  return ADDRESS_PARTS.every((part) => address[part].trim() === '');
}

/** Each part's messages under the region's rules (addressSchema), joined with '. '. */
export function addressErrors(region: Region, address: AddressParts): FieldErrors<AddressPart> {
  return validateFields(addressSchema(region), address, ADDRESS_PARTS, (path) =>
    ADDRESS_PARTS.includes(path as AddressPart) ? (path as AddressPart) : null,
  );
}

export function isAddressValid(region: Region, address: AddressParts): boolean {
  return addressSchema(region).safeParse(address).success;
}

/** The parts of any address-shaped value (a saved profile address, a stored draft). */
export function addressPartsOf(value: Partial<Record<string, unknown>> | null | undefined): AddressParts {
  const parts = { ...EMPTY_ADDRESS };
  if (!value) return parts;
  for (const part of ADDRESS_PARTS) {
    const text = value[part];
    if (typeof text === 'string') parts[part] = text;
  }
  return parts;
}

/** The parts of a looked-up address (GET /c3api/address?reference=). */
export function addressPartsFromDetail(detail: AddressDetail, region: Region): AddressParts {
  return {
    BusinessName: detail.BusinessName ?? '',
    Line1: detail.Line1 ?? '',
    Line2: detail.Line2 ?? '',
    Suburb: detail.Suburb ?? '',
    State: region === 'AU' ? (detail.State ?? '').toUpperCase() : (detail.State ?? ''),
    PostCode: detail.PostCode ?? '',
  };
}

/** The address as the contract sends it (trimmed, with the region's country), or null while invalid. */
export function toAddressValue(region: Region, address: AddressParts): AddressValue | null {
  const parsed = addressSchema(region).safeParse(address);
  if (!parsed.success) return null;
  return {
    ...parsed.data,
    CountryCode: COUNTRY_CODE[region],
    CountryName: REGION_INFO[region].name,
  };
}

/** The address as lines of text: business, street lines, then "Suburb STATE 2000". */
export function addressLines(address: AddressParts): string[] {
  const place = [address.Suburb, address.State, address.PostCode]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
  return [address.BusinessName, address.Line1, address.Line2, place].map((line) => line.trim()).filter(Boolean);
}
