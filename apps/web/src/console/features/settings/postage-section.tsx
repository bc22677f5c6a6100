import { type ConsoleStoreSettingsValue, StorePostageBodySchema } from '@shop/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { useStartStorePostage } from './api/settings-save';
import { blankRow, type PostageFormValues, postageBody, postageFormValues, type RateRow } from './postage-form';
import { PostageZone } from './postage-zone';
import { SectionActions } from './section-actions';
import { useSectionForm } from './use-section-form';

/** Express, the surcharge, handling and the table of rates by zone and weight. */
export function PostageSection({ settings }: { settings: ConsoleStoreSettingsValue }) {
  const postage = settings.Postage;
  const [values, setValues] = useState<PostageFormValues | null>(postage && postageFormValues(postage));
  /** A band just added: its first control takes the focus, so a keyboard user carries on there. */
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    document.querySelector<HTMLElement>(`[data-band="${added}"]`)?.focus();
    setAdded(null);
  }, [added]);
  const form = useSectionForm(settings.StoreId, 'postage', StorePostageBodySchema, (value) => {
    if (value.Postage) setValues(postageFormValues(value.Postage));
  });
  if (!postage || !values) return <NoPostageTable storeId={settings.StoreId} />;
  const currency = settings.Region === 'UK' ? 'pounds' : 'dollars';
  const set = (change: Partial<PostageFormValues>) => {
    form.edited();
    setValues({ ...values, ...change });
  };
  const setRows = (rows: RateRow[]) => set({ rows });
  const money = (name: 'SurchargeThreshold' | 'Surcharge' | 'Handling', path: string) => ({
    name,
    inputMode: 'decimal' as const,
    value: values[name],
    error: form.errorOf(path),
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors } = postageBody(values);
    void form.save(body, errors);
  };
  return (
    <form className="settings-section" aria-labelledby="settings-postage" noValidate onSubmit={submit}>
      <h2 id="settings-postage">Postage</h2>
      <fieldset className="settings-group">
        <legend>Options</legend>
        <div className="settings-check">
          <input
            type="checkbox"
            id="settings-express"
            name="ExpressEnabled"
            checked={values.ExpressEnabled}
            onChange={(event) => set({ ExpressEnabled: event.target.checked })}
          />
          <label htmlFor="settings-express">Offer Express postage (where the table has Express bands)</label>
        </div>
        <div className="settings-row">
          <TextField
            label={`Signature and insurance above (${currency})`}
            hint="Parcels worth more than this must go with signature on delivery and insurance. Leave empty for never."
            {...money('SurchargeThreshold', 'SurchargeThresholdMinor')}
          />
          <TextField label={`Signature and insurance price (${currency})`} {...money('Surcharge', 'SurchargeMinor')} />
          <TextField
            label={`Handling fee (${currency})`}
            hint="Added to every postage quote."
            {...money('Handling', 'HandlingMinor')}
          />
        </div>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Rates by zone and weight</legend>
        <p className="settings-section__note">
          Table: {postage.RateCardName}.{' '}
          {postage.RateCardShared
            ? 'Other stores use this table too: saving changed rates gives this store its own copy, and theirs stay as they are.'
            : 'Only this store uses this table.'}{' '}
          A parcel pays the smallest band at or above its weight (or its size's cubic weight).
        </p>
        {form.errorOf('Rates') ? <p className="field__error">{form.errorOf('Rates')}</p> : null}
        {postage.Zones.map((zone) => (
          <PostageZone
            key={zone.Id}
            zone={zone}
            rows={values.rows}
            currency={currency}
            errorOf={form.errorOf}
            change={(index, change) => setRows(values.rows.map((r, i) => (i === index ? { ...r, ...change } : r)))}
            remove={(index) => setRows(values.rows.filter((_, i) => i !== index))}
            add={(zoneId) => {
              const row = blankRow(zoneId);
              setRows([...values.rows, row]);
              setAdded(row.key);
            }}
          />
        ))}
      </fieldset>
      <SectionActions label="Save postage" sending={form.sending} problem={form.problem} saved={form.saved} />
    </form>
  );
}

/** A store without a postage table (a new one): its items can only be collected until it starts on the region's usual table. */
function NoPostageTable({ storeId }: { storeId: number }) {
  const start = useStartStorePostage(storeId);
  return (
    <section className="settings-section" aria-labelledby="settings-postage">
      <h2 id="settings-postage">Postage</h2>
      <p>This store has no postage table yet, so its items can only be collected.</p>
      {start.error ? <p role="alert">{start.error.message}</p> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={start.isPending}
        onClick={() => start.mutate()}
      >
        Start from the region's usual postage table
      </button>
    </section>
  );
}
