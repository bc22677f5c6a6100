import type { CheckoutViewValue, Region } from '@shop/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { addressPartsOf, isAddressBlank } from '../../lib/address-parts';
import { onConsentChange } from '../../lib/consent';
import {
  type CompletedDetails,
  CUSTOMER_PERSIST_DEBOUNCE_MS,
  type CustomerValues,
  DETAIL_FIELDS,
  type DetailField,
  detailErrors,
  initialCustomer,
  saveCustomer,
  storedCustomerOf,
} from './customer-details';

type Touched = Partial<Record<DetailField, boolean>>;

/** Fields that start filled (a profile's or a previous visit's) count as touched: their state shows at once. */
function prefilledTouched(values: CustomerValues): Touched {
  return {
    EmailAddress: values.EmailAddress.trim() !== '',
    FirstName: values.FirstName.trim() !== '',
    LastName: values.LastName.trim() !== '',
    PhoneNumber: values.PhoneNumber.trim() !== '',
    BillingAddress: !isAddressBlank(values.BillingAddress),
  };
}

/**
 * The details Continue handed on before a reload or a provider's return (step-memory.ts) over the
 * starting values: they are what the later steps were shown with. Consent and Terms stay as they start.
 */
function withRemembered(start: CustomerValues, remembered: CompletedDetails | null | undefined): CustomerValues {
  if (!remembered) return start;
  const { EmailAddress, FirstName, LastName, PhoneNumber } = remembered.details;
  return {
    ...start,
    EmailAddress,
    FirstName,
    LastName,
    PhoneNumber,
    BillingAddress: addressPartsOf(remembered.billingAddress),
  };
}

/**
 * Step 1's state for the page: values, what has been touched, every field's messages and whether
 * Continue may go on. The details (not Consent or Terms) are written to the browser 1000 ms after
 * the last change, and once more when the page goes; only with cookie consent (saveCustomer), and
 * at once when the visitor accepts cookies after typing them.
 */
export function useCustomerDetails(region: Region, view: CheckoutViewValue, remembered?: CompletedDetails | null) {
  const [values, setValues] = useState<CustomerValues>(() => withRemembered(initialCustomer(view), remembered));
  const [touched, setTouched] = useState<Touched>(() => prefilledTouched(values));
  const errors = useMemo(() => detailErrors(region, values), [region, values]);
  const valid = DETAIL_FIELDS.every((field) => !errors[field]);

  // Persist: only what is kept (so ticking the terms writes nothing), debounced.
  const kept = JSON.stringify(storedCustomerOf(values));
  const pending = useRef<string | null>(null);
  const typed = useRef<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    typed.current = kept;
    pending.current = kept;
    const timer = window.setTimeout(() => {
      pending.current = null;
      saveCustomer(kept);
    }, CUSTOMER_PERSIST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [kept]);
  useEffect(
    () => () => {
      if (pending.current) saveCustomer(pending.current);
    },
    [],
  );
  // Typed before the visitor accepted cookies, nothing was written: accepting keeps them from now on.
  useEffect(
    () =>
      onConsentChange((choice) => {
        if (choice === 'accepted' && typed.current) saveCustomer(typed.current);
      }),
    [],
  );

  return {
    values,
    errors,
    valid,
    touched,
    /** The messages to show: a field's once touched. */
    shown: (field: DetailField) => (touched[field] ? errors[field] : undefined),
    set<K extends keyof CustomerValues>(field: K, value: CustomerValues[K]) {
      setValues((previous) => ({ ...previous, [field]: value }));
    },
    touch(field: DetailField) {
      setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true }));
    },
    touchAll() {
      setTouched(Object.fromEntries(DETAIL_FIELDS.map((field) => [field, true])));
    },
  };
}
export type CustomerDetailsState = ReturnType<typeof useCustomerDetails>;
