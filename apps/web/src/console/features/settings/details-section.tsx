import { type ConsoleStoreSettingsValue, REGION_INFO, storeDetailsBodySchema } from '@shop/contract';
import { useMemo } from 'react';
import { TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveStoreSettings } from './api/settings-save';
import { SectionActions } from './section-actions';
import { SECTION_SENDING } from './section-sending';

type Details = ConsoleStoreSettingsValue['Details'];

/** Contact, address and opening hours: what the store's page and the product pages show. */
export function DetailsSection({ settings }: { settings: ConsoleStoreSettingsValue }) {
  const region = settings.Region;
  const schema = useMemo(() => storeDetailsBodySchema(region), [region]);
  const save = useSaveStoreSettings(settings.StoreId, 'details');
  const form = useContractForm({
    schema,
    initial: settings.Details,
    send: formSender({
      ...SECTION_SENDING,
      toBody: (values: Details) => values,
      save: save.mutateAsync,
      onSaved: (value) => form.reset(value.Details),
    }),
  });
  const values = form.values;
  const field = (name: 'Phone' | 'Email' | 'Street' | 'Suburb' | 'Postcode') => ({
    name,
    value: values[name],
    error: form.errorAt(name),
    onChange: (event: { target: { value: string } }) => form.update({ [name]: event.target.value }),
  });
  const au = region === 'AU';
  return (
    <form className="settings-section" aria-labelledby="settings-details" noValidate onSubmit={form.submit}>
      <h2 id="settings-details">Contact, address and opening hours</h2>
      <p className="settings-section__note">The store's page and its items' pages show these.</p>
      <fieldset className="settings-group">
        <legend>Contact</legend>
        <div className="settings-row">
          <TextField label="Phone" type="tel" autoComplete="off" required {...field('Phone')} />
          <TextField label="E-mail" type="email" autoComplete="off" required {...field('Email')} />
        </div>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Address</legend>
        <TextField label="Street address" autoComplete="off" required {...field('Street')} />
        <div className="settings-row">
          <TextField label={au ? 'Suburb' : 'Town'} autoComplete="off" required {...field('Suburb')} />
          <TextField label={REGION_INFO[region].postcodeLabel} autoComplete="off" required {...field('Postcode')} />
        </div>
        <p className="settings-section__note">
          {REGION_INFO[region].stateLabel}: {settings.StateName} (a marketplace admin can move a store to another).
        </p>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Opening hours</legend>
        <p className="settings-section__note">As shoppers should read them, such as 9:00am - 5:30pm, or Closed.</p>
        <div className="settings-hours">
          {values.OpeningHours.map((row, index) => (
            <TextField
              key={row.Day}
              label={row.Day}
              name={`OpeningHours.${index}.Hours`}
              autoComplete="off"
              value={row.Hours}
              error={form.errorAt(`OpeningHours.${index}.Hours`) ?? form.errorAt(`OpeningHours.${index}.Day`)}
              onChange={(event) =>
                form.update({
                  OpeningHours: values.OpeningHours.map((r, i) =>
                    i === index ? { ...r, Hours: event.target.value } : r,
                  ),
                })
              }
            />
          ))}
        </div>
        {form.errorAt('OpeningHours') ? <p className="field__error">{form.errorAt('OpeningHours')}</p> : null}
      </fieldset>
      <SectionActions label="Save contact and hours" form={form} />
    </form>
  );
}
