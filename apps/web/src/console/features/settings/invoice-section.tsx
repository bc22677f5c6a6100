import { type ConsoleStoreSettingsValue, STORE_LICENCES_MAX, StoreInvoiceBodySchema } from '@shop/contract';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveStoreSettings } from './api/settings-save';
import { SectionActions } from './section-actions';
import { SECTION_SENDING } from './section-sending';

type Invoice = Omit<ConsoleStoreSettingsValue['Invoice'], 'Printed'>;

/** What the store's tax invoices (AU) or VAT receipts (UK) print about the seller. */
export function InvoiceSection({ settings }: { settings: ConsoleStoreSettingsValue }) {
  const uk = settings.Region === 'UK';
  const tax = uk ? 'VAT' : 'GST';
  const { Printed: printed, ...initial } = settings.Invoice;
  /** A licence row just added takes the focus. */
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    document.querySelector<HTMLElement>(`[data-licence="${added}"]`)?.focus();
    setAdded(null);
  }, [added]);
  const save = useSaveStoreSettings(settings.StoreId, 'invoice');
  const form = useContractForm({
    schema: StoreInvoiceBodySchema,
    initial,
    send: formSender({
      ...SECTION_SENDING,
      toBody: (values: Invoice) => values,
      save: save.mutateAsync,
      onSaved: (value) => {
        const { Printed: _printed, ...saved } = value.Invoice;
        form.reset(saved);
      },
    }),
  });
  const values = form.values;
  const text = (name: 'EntityName' | 'BusinessNumber' | 'VatNumber') => ({
    name,
    autoComplete: 'off',
    value: values[name],
    error: form.errorAt(name),
    onChange: (event: { target: { value: string } }) => form.update({ [name]: event.target.value }),
  });
  return (
    <form className="settings-section" aria-labelledby="settings-invoice" noValidate onSubmit={form.submit}>
      <h2 id="settings-invoice">{uk ? 'VAT receipts' : 'Tax invoices'}</h2>
      <p className="settings-section__note">
        Shown on the {uk ? 'VAT receipts' : 'tax invoices'} of new and earlier orders from this store.
      </p>
      <TextField label="Legal entity name" required hint="Such as Ballarat Traders Pty Ltd." {...text('EntityName')} />
      <div className="settings-row">
        <TextField
          label={uk ? 'Company number (optional)' : 'ABN'}
          inputMode={uk ? 'text' : 'numeric'}
          {...text('BusinessNumber')}
        />
        {uk ? <TextField label="VAT registration number" hint="Such as GB123456782." {...text('VatNumber')} /> : null}
      </div>
      <div className="settings-check">
        <input
          type="checkbox"
          id="settings-tax-registered"
          name="TaxRegistered"
          checked={values.TaxRegistered}
          aria-describedby="settings-tax-hint"
          onChange={(event) => form.update({ TaxRegistered: event.target.checked })}
        />
        <label htmlFor="settings-tax-registered">Registered for {tax}</label>
      </div>
      <p className="settings-section__note" id="settings-tax-hint">
        Only a store registered for {tax} issues {uk ? 'VAT receipts' : 'tax invoices'}.
      </p>
      <fieldset className="settings-group">
        <legend>Licences</legend>
        <p className="settings-section__note">Each as the licence reads, such as Second-hand Dealers Licence 123456.</p>
        {values.Licences.map((licence, index) => (
          <div className="settings-licence" key={`licence-${index.toString()}`}>
            <TextField
              label={`Licence ${index + 1}`}
              data-licence={index}
              autoComplete="off"
              value={licence}
              error={form.errorAt(`Licences.${index}`)}
              onChange={(event) =>
                form.update({ Licences: values.Licences.map((l, i) => (i === index ? event.target.value : l)) })
              }
            />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => form.update({ Licences: values.Licences.filter((_, i) => i !== index) })}
            >
              Remove<span className="visually-hidden"> licence {index + 1}</span>
            </button>
          </div>
        ))}
        {values.Licences.length < STORE_LICENCES_MAX ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              form.update({ Licences: [...values.Licences, ''] });
              setAdded(values.Licences.length);
            }}
          >
            Add a licence
          </button>
        ) : null}
        {form.errorAt('Licences') ? <p className="field__error">{form.errorAt('Licences')}</p> : null}
      </fieldset>
      <div className="settings-printed">
        <h3>As printed now</h3>
        <p>
          {uk ? 'VAT number' : 'ABN'}: {printed.TaxNumber || 'none'}
        </p>
        {printed.Licences.map((l) => (
          <p key={`${l.Name}-${l.Number}`}>
            {l.Name}
            {l.Number ? `: ${l.Number}` : ''}
          </p>
        ))}
      </div>
      <SectionActions label={`Save ${uk ? 'VAT receipt' : 'tax invoice'} details`} form={form} />
    </form>
  );
}
