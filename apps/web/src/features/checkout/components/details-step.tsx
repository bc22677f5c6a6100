import { PHONE_PLACEHOLDER, type Region } from '@shop/contract';
import { useRef, useState } from 'react';
import { AddressLookup, type AddressLookupHandle } from '../../../components/address-lookup';
import { TextField } from '../../../components/form-field';
import { type CompletedDetails, completedDetails, DETAIL_FIELDS, type TextDetailField } from '../customer-details';
import type { CustomerDetailsState } from '../use-customer-details';
import { BillingAddressHelp } from './billing-address-help';
import { DetailsAgreements } from './details-agreements';
import { GuestLoginPrompt } from './guest-login-prompt';

export const CONTINUE_PROMPT = 'To continue, please complete the above highlighted fields.';

const TEXT_FIELDS: Array<{ name: TextDetailField; label: string; type: string; autoComplete: string }> = [
  { name: 'EmailAddress', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'FirstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'LastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'PhoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
];

/**
 * Step 1, your details (checkout.md sections 2, 4 and 5). Continue looks disabled until the six
 * required fields are valid but stays pressable: pressing it then shows every message, focuses the
 * first field to fix and says so. A valid press validates the cart, then hands the details on.
 */
export function DetailsStep({
  region,
  form,
  isGuest,
  validateCart,
  onComplete,
}: {
  region: Region;
  form: CustomerDetailsState;
  isGuest: boolean;
  validateCart: () => Promise<boolean>;
  onComplete: (details: CompletedDetails) => void;
}) {
  const [prompted, setPrompted] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<TextDetailField, HTMLInputElement | null>>>({});
  const address = useRef<AddressLookupHandle>(null);
  const terms = useRef<HTMLInputElement>(null);

  function focusFirstInvalid() {
    const first = DETAIL_FIELDS.find((field) => form.errors[field] || !form.touched[field]);
    if (first === 'BillingAddress') address.current?.focus();
    else if (first === 'TermsAndConditions') terms.current?.focus();
    else if (first) inputs.current[first]?.focus();
  }

  async function onContinue() {
    if (busy) return;
    const done = completedDetails(region, form.values);
    if (!form.valid || !done) {
      form.touchAll();
      setPrompted(true);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      if (await validateCart()) onComplete(done);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="checkout-details"
      noValidate
      onSubmit={(event) => event.preventDefault()}
      aria-label="Your details"
    >
      {isGuest ? <GuestLoginPrompt /> : null}
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          inputRef={(element) => {
            inputs.current[field.name] = element;
          }}
          label={field.label}
          type={field.type}
          name={field.name}
          autoComplete={field.autoComplete}
          required
          placeholder={field.name === 'PhoneNumber' ? PHONE_PLACEHOLDER[region] : undefined}
          value={form.values[field.name]}
          error={form.shown(field.name)}
          onChange={(event) => form.set(field.name, event.target.value)}
          onBlur={() => form.touch(field.name)}
        />
      ))}
      <AddressLookup
        region={region}
        label="Billing Address"
        value={form.values.BillingAddress}
        onChange={(next) => form.set('BillingAddress', next)}
        error={form.shown('BillingAddress')}
        showErrors={prompted}
        onBlur={() => form.touch('BillingAddress')}
        handleRef={address}
        extra={<BillingAddressHelp />}
      />
      <DetailsAgreements region={region} form={form} termsRef={terms} />
      <div className="checkout-step__actions">
        <button
          type="submit"
          className={`button button--yellow checkout-continue ${form.valid ? '' : 'checkout-continue--disabled'}`}
          aria-disabled={form.valid ? undefined : true}
          aria-describedby={prompted && !form.valid ? 'checkout-details-prompt' : undefined}
          onClick={() => void onContinue()}
        >
          {busy ? 'Checking your cart...' : 'Continue'}
        </button>
        {prompted && !form.valid ? (
          <p className="checkout-step__prompt" id="checkout-details-prompt">
            {CONTINUE_PROMPT}
          </p>
        ) : null}
      </div>
    </form>
  );
}
