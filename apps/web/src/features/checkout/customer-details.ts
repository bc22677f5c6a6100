import {
  type AddressValue,
  addressSchema,
  type CheckoutSubmission,
  type CheckoutViewValue,
  emailField,
  personName,
  phoneNumber,
  REQUIRED_MESSAGE,
  type Region,
} from '@shop/contract';
import { z } from 'zod';
import {
  type AddressParts,
  addressPartsOf,
  EMPTY_ADDRESS,
  isAddressBlank,
  toAddressValue,
} from '../../lib/address-parts';
import { functionalStorage } from '../../lib/consent';
import { type FieldErrors, validateFields } from '../../lib/use-contract-form';

/** Step 1's fields (checkout.md section 3, "Customer (checkout)"). */
export interface CustomerValues {
  EmailAddress: string;
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  BillingAddress: AddressParts;
  Consent: boolean;
  TermsAndConditions: boolean;
}

/** The six required fields, in the order they are shown: Continue focuses the first invalid one. */
export const DETAIL_FIELDS = [
  'EmailAddress',
  'FirstName',
  'LastName',
  'PhoneNumber',
  'BillingAddress',
  'TermsAndConditions',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type TextDetailField = 'EmailAddress' | 'FirstName' | 'LastName' | 'PhoneNumber';

export const EMPTY_CUSTOMER: CustomerValues = {
  EmailAddress: '',
  FirstName: '',
  LastName: '',
  PhoneNumber: '',
  BillingAddress: EMPTY_ADDRESS,
  Consent: false,
  TermsAndConditions: false,
};

/** The contract's rules for step 1 (the same the server applies to the submission), with "checked" for the terms. */
export function detailsSchema(region: Region) {
  return z.object({
    EmailAddress: emailField(),
    FirstName: personName(),
    LastName: personName(),
    PhoneNumber: phoneNumber(region),
    BillingAddress: addressSchema(region),
    TermsAndConditions: z.boolean().refine((checked) => checked, REQUIRED_MESSAGE),
  });
}

/**
 * Every required field's messages, joined with '. '. A blank billing address says only "This field
 * is required"; a partly typed one carries its parts' messages (shown in its manual edit).
 */
export function detailErrors(region: Region, values: CustomerValues): FieldErrors<DetailField> {
  const errors = validateFields(detailsSchema(region), values, DETAIL_FIELDS, (path) =>
    DETAIL_FIELDS.includes(path as DetailField) ? (path as DetailField) : null,
  );
  if (isAddressBlank(values.BillingAddress)) errors.BillingAddress = REQUIRED_MESSAGE;
  return errors;
}

/** What the later steps get once step 1 is valid. */
export interface CompletedDetails {
  details: CheckoutSubmission['CustomerDetails'];
  billingAddress: AddressValue;
}

export function completedDetails(region: Region, values: CustomerValues): CompletedDetails | null {
  const parsed = detailsSchema(region).safeParse(values);
  const billingAddress = toAddressValue(region, values.BillingAddress);
  if (!parsed.success || !billingAddress) return null;
  return {
    details: {
      EmailAddress: parsed.data.EmailAddress,
      FirstName: parsed.data.FirstName,
      LastName: parsed.data.LastName,
      PhoneNumber: parsed.data.PhoneNumber,
      // Consent is asked only outside Australia (checkout.md section 2).
      Consent: region === 'UK' && values.Consent,
    },
    billingAddress,
  };
}

/** Where the details wait between visits; Consent and TermsAndConditions are never kept (section 3). */
export const CUSTOMER_STORAGE_KEY = 'checkout.customer';
/** Writes are debounced (checkout.md section 9). */
export const CUSTOMER_PERSIST_DEBOUNCE_MS = 1000;

type StoredCustomer = Omit<CustomerValues, 'Consent' | 'TermsAndConditions'>;

export function storedCustomerOf(values: CustomerValues): StoredCustomer {
  const { Consent: _consent, TermsAndConditions: _terms, ...kept } = values;
  return kept;
}

/**
 * Writes the kept details (storedCustomerOf, as JSON). They are functional storage like every other
 * remembered value: nothing is written until the visitor accepts cookies (storefront.md section 1).
 */
export function saveCustomer(kept: string): void {
  functionalStorage.set(CUSTOMER_STORAGE_KEY, kept);
}

export function loadCustomer(): Partial<StoredCustomer> {
  try {
    const raw = functionalStorage.get(CUSTOMER_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    const record = parsed as Record<string, unknown>;
    const text = (key: TextDetailField) => (typeof record[key] === 'string' ? (record[key] as string) : '');
    return {
      EmailAddress: text('EmailAddress'),
      FirstName: text('FirstName'),
      LastName: text('LastName'),
      PhoneNumber: text('PhoneNumber'),
      BillingAddress: addressPartsOf(record.BillingAddress as Record<string, unknown> | null),
    };
  } catch {
    return {};
  }
}

/**
 * Step 1's starting values: a signed-in customer's come from their profile (the view's
 * CustomerDetails, checkout.md section 6); what the browser kept fills the rest, and all of a guest's.
 */
export function initialCustomer(view: CheckoutViewValue): CustomerValues {
  const stored = { ...EMPTY_CUSTOMER, ...loadCustomer() };
  const server = view.CustomerDetails;
  if (server.IsGuestUser) return stored;
  const pick = (own: string, kept: string) => (own.trim() !== '' ? own : kept);
  const serverAddress = addressPartsOf(server.BillingAddress);
  return {
    EmailAddress: pick(server.EmailAddress, stored.EmailAddress),
    FirstName: pick(server.FirstName, stored.FirstName),
    LastName: pick(server.LastName, stored.LastName),
    PhoneNumber: pick(server.PhoneNumber, stored.PhoneNumber),
    BillingAddress: isAddressBlank(serverAddress) ? stored.BillingAddress : serverAddress,
    Consent: server.Consent,
    TermsAndConditions: false,
  };
}
