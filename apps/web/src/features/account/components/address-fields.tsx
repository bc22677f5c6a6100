import { AUSTRALIAN_STATES, type Region } from '@shop/contract';
import { SelectField, TextField } from '../../../components/form-field';
import type { useContractForm } from '../../../lib/use-contract-form';
import type { ProfileField } from '../profile-values';

type ProfileForm = ReturnType<typeof useContractForm<ProfileField>>;

/**
 * The billing address with the region's rules (checkout.md section 5): an Australian address picks
 * its state from the list; a UK one types its county.
 */
export function AddressFields({ form, region }: { form: ProfileForm; region: Region }) {
  const { errors } = form;
  const au = region === 'AU';
  return (
    <fieldset className="account-form__group">
      <legend>Billing address</legend>
      <TextField
        label="Business name (optional)"
        autoComplete="billing organization"
        error={errors.BusinessName}
        {...form.field('BusinessName')}
      />
      <TextField
        label="Address line 1"
        autoComplete="billing address-line1"
        error={errors.Line1}
        {...form.field('Line1')}
      />
      <TextField
        label="Address line 2"
        autoComplete="billing address-line2"
        error={errors.Line2}
        {...form.field('Line2')}
      />
      <div className="account-form__row">
        <TextField
          label={au ? 'Suburb' : 'Town or city'}
          autoComplete="billing address-level2"
          required
          error={errors.Suburb}
          {...form.field('Suburb')}
        />
        {au ? (
          <SelectField
            label="State"
            autoComplete="billing address-level1"
            required
            error={errors.State}
            {...form.field('State')}
          >
            <option value="">Choose a state</option>
            {AUSTRALIAN_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="County"
            autoComplete="billing address-level1"
            required
            error={errors.State}
            {...form.field('State')}
          />
        )}
      </div>
      <TextField
        label="Postcode"
        autoComplete="billing postal-code"
        inputMode={au ? 'numeric' : 'text'}
        required
        error={errors.PostCode}
        {...form.field('PostCode')}
      />
    </fieldset>
  );
}
