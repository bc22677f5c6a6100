import { PHONE_PLACEHOLDER, type ProfileValue, profileBodySchema, type Region } from '@shop/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { useUpdateProfile } from '../api/update-profile';
import { focusField, serverMessage } from '../form-helpers';
import { PROFILE_FIELDS, profileFieldOf, profileInput, valuesFromProfile } from '../profile-values';
import { AddressFields } from './address-fields';
import '../account.css';

/**
 * The details checkout prefills (checkout.md section 6): names, phone, billing address and, in the
 * UK only, marketing consent. Checked with profileBodySchema(region), the server's own rules.
 */
export function ProfileForm({ profile, region }: { profile: ProfileValue; region: Region }) {
  const schema = useMemo(() => profileBodySchema(region), [region]);
  const [consent, setConsent] = useState(profile.Consent);
  const form = useContractForm({
    schema,
    fields: PROFILE_FIELDS,
    initial: valuesFromProfile(profile),
    toInput: (values) => profileInput(values, consent),
    fieldOf: profileFieldOf,
    validateOnInput: 'touched',
  });
  const save = useUpdateProfile();
  const { errors } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focusField(event, firstInvalid);
    // Consent is asked (and so sent) only in the UK (checkout.md section 2).
    const parsed = schema.safeParse(profileInput(form.values, region === 'UK' && consent));
    if (parsed.success) save.mutate(parsed.data);
  }

  return (
    <form className="account-form account-form--wide" noValidate onSubmit={submit} aria-label="Your details">
      <div className="field">
        <label htmlFor="profile-email">Email</label>
        <input id="profile-email" type="email" value={profile.Email} readOnly aria-describedby="profile-email-hint" />
        <p className="field__hint" id="profile-email-hint">
          The address you sign in with.
        </p>
      </div>
      <div className="account-form__row">
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          error={errors.FirstName}
          {...form.field('FirstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          error={errors.LastName}
          {...form.field('LastName')}
        />
      </div>
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        required
        placeholder={PHONE_PLACEHOLDER[region]}
        error={errors.PhoneNumber}
        {...form.field('PhoneNumber')}
      />
      <AddressFields form={form} region={region} />
      {region === 'UK' ? (
        <div className="checkbox-field">
          <input
            id="profile-consent"
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label htmlFor="profile-consent">
            Send me news, offers and new arrivals by e-mail. I can opt out at any time.
          </label>
        </div>
      ) : null}
      {save.isError ? <Notice kind="error">{serverMessage(save.error)}</Notice> : null}
      {save.isSuccess ? (
        <Notice kind="success">Your details have been saved. Checkout will fill them in for you.</Notice>
      ) : null}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save details'}
        </button>
      </div>
    </form>
  );
}
