import { type ConsoleStoreSettingsValue, StorePostageBodySchema } from '@shop/contract';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveStoreSettings, useStartStorePostage } from './api/settings-save';
import { blankRow, type PostageFormValues, postageBody, postageFormValues, type RateRow } from './postage-form';
import { PostageZone } from './postage-zone';
import { SectionActions } from './section-actions';
import { SECTION_SENDING } from './section-sending';

type Postage = NonNullable<ConsoleStoreSettingsValue['Postage']>;

/** Express, the surcharge, handling and the table of rates by zone and weight. */
export function PostageSection({ settings }: { settings: ConsoleStoreSettingsValue }) {
  const postage = settings.Postage;
  if (!postage) return <NoPostageTable storeId={settings.StoreId} />;
  return <PostageTableForm settings={settings} postage={postage} />;
}

/** The section of a store that has a postage table. */
function PostageTableForm({ settings, postage }: { settings: ConsoleStoreSettingsValue; postage: Postage }) {
  /** A band just added: its first control takes the focus, so a keyboard user carries on there. */
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    document.querySelector<HTMLElement>(`[data-band="${added}"]`)?.focus();
    setAdded(null);
  }, [added]);
  const save = useSaveStoreSettings(settings.StoreId, 'postage');
  const form = useContractForm({
    schema: StorePostageBodySchema,
    initial: postageFormValues(postage),
    send: formSender({
      ...SECTION_SENDING,
      toBody: (values: PostageFormValues) => postageBody(values).body,
      // What is not a number at all (an amount typed in words) goes in the body as 0, which the schema would pass.
      localErrors: (values) => postageBody(values).errors,
      save: save.mutateAsync,
      onSaved: (value) => {
        if (value.Postage) form.reset(postageFormValues(value.Postage));
      },
    }),
  });
  const values = form.values;
  const currency = settings.Region === 'UK' ? 'pounds' : 'dollars';
  const setRows = (rows: RateRow[]) => form.update({ rows });
  const money = (name: 'SurchargeThreshold' | 'Surcharge' | 'Handling', path: string) => ({
    name,
    inputMode: 'decimal' as const,
    value: values[name],
    error: form.errorAt(path),
    onChange: (event: { target: { value: string } }) => form.update({ [name]: event.target.value }),
  });
  return (
    <form className="settings-section" aria-labelledby="settings-postage" noValidate onSubmit={form.submit}>
      <h2 id="settings-postage">Postage</h2>
      <fieldset className="settings-group">
        <legend>Options</legend>
        <div className="settings-check">
          <input
            type="checkbox"
            id="settings-express"
            name="ExpressEnabled"
            checked={values.ExpressEnabled}
            onChange={(event) => form.update({ ExpressEnabled: event.target.checked })}
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
        {form.errorAt('Rates') ? <p className="field__error">{form.errorAt('Rates')}</p> : null}
        {postage.Zones.map((zone) => (
          <PostageZone
            key={zone.Id}
            zone={zone}
            rows={values.rows}
            currency={currency}
            errorOf={form.errorAt}
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
      <SectionActions label="Save postage" form={form} />
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
