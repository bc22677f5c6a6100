import { type AdminStore, AdminStoreBodySchema, type AdminStoreInput, type Region, statesOf } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useSiteSettings } from '../../../lib/site-settings';
import { useContractForm } from '../../../lib/use-contract-form';
import { FormProblems } from '../../components/console-ui';
import { saveAdminStore } from './api/admin-stores';

const FIELDS = [
  'Name',
  'Slug',
  'Region',
  'Address',
  'Suburb',
  'State',
  'Postcode',
  'Phone',
  'Email',
  'Latitude',
  'Longitude',
] as const;
type Field = (typeof FIELDS)[number];

function initialOf(store: AdminStore | null, region: Region): Record<Field, string> {
  if (!store) return Object.fromEntries(FIELDS.map((f) => [f, f === 'Region' ? region : ''])) as Record<Field, string>;
  return Object.fromEntries(FIELDS.map((f) => [f, String(store[f])])) as Record<Field, string>;
}

/** Adds a store or changes one: name, slug (its page's address), region, address, contact and map point. */
export function StoreForm({
  store,
  onSaved,
  onCancel,
}: {
  store: AdminStore | null;
  onSaved: (store: AdminStore) => void;
  onCancel: () => void;
}) {
  const { Region: shopRegion } = useSiteSettings();
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: initialOf(store, shopRegion),
    schema: AdminStoreBodySchema,
    send: formSender({
      toBody: (v: Record<Field, string>): AdminStoreInput => ({
        ...v,
        Region: v.Region as Region,
        Latitude: v.Latitude.trim() === '' ? Number.NaN : Number(v.Latitude),
        Longitude: v.Longitude.trim() === '' ? Number.NaN : Number(v.Longitude),
      }),
      save: (body) => saveAdminStore(store?.Id ?? null, body),
      onSaved,
    }),
  });
  const text = (field: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form.values[field]}
      onChange={(event) => form.setValue(field, event.target.value)}
      error={form.errorAt(field)}
      {...extra}
    />
  );
  const region = form.values.Region as Region;
  // Edit is pressed on a card far down the list (a phone's screen or more below): the form opens
  // above the list, so it is brought into view and focused.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <form className="admin-form" onSubmit={form.submit} noValidate aria-labelledby="store-form-title">
      <h3 id="store-form-title" ref={heading} tabIndex={-1}>
        {store ? `Edit ${store.Name}` : 'Add a store'}
      </h3>
      <div className="admin-grid">
        {text('Name', 'Name', { autoComplete: 'off' })}
        {text('Slug', 'Slug (the store page is /stores/slug)', { autoComplete: 'off' })}
        <SelectField
          label="Region"
          value={form.values.Region}
          onChange={(event) => form.setValue('Region', event.target.value)}
          error={form.errorAt('Region')}
        >
          <option value="AU">Australia</option>
          <option value="UK">United Kingdom</option>
        </SelectField>
        {text('Address', 'Street address')}
        {text('Suburb', region === 'AU' ? 'Suburb' : 'Town')}
        <SelectField
          label={region === 'AU' ? 'State' : 'County'}
          value={form.values.State}
          onChange={(event) => form.setValue('State', event.target.value)}
          error={form.errorAt('State')}
        >
          <option value="">Choose...</option>
          {statesOf(region).map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
        {text('Postcode', 'Postcode')}
        {text('Phone', 'Phone', { type: 'tel' })}
        {text('Email', 'E-mail', { type: 'email' })}
        {text('Latitude', 'Latitude', { inputMode: 'decimal' })}
        {text('Longitude', 'Longitude', { inputMode: 'decimal' })}
      </div>
      <FormProblems messages={form.otherErrors(FIELDS)} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.saving}>
          {form.saving ? 'Saving...' : store ? 'Save the store' : 'Add the store'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
