import { type ConsoleStoreSettingsValue, type StorePickupBody, StorePickupBodySchema } from '@shop/contract';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveStoreSettings } from './api/settings-save';
import { SectionActions } from './section-actions';
import { SECTION_SENDING } from './section-sending';

/** Click and collect on or off. */
export function PickupSection({ settings }: { settings: ConsoleStoreSettingsValue }) {
  const save = useSaveStoreSettings(settings.StoreId, 'pickup');
  const form = useContractForm({
    schema: StorePickupBodySchema,
    initial: settings.Pickup,
    send: formSender({
      ...SECTION_SENDING,
      toBody: (values: StorePickupBody) => values,
      save: save.mutateAsync,
      onSaved: (value) => form.reset(value.Pickup),
    }),
  });
  return (
    <form className="settings-section" aria-labelledby="settings-pickup" noValidate onSubmit={form.submit}>
      <h2 id="settings-pickup">Click and collect</h2>
      <div className="settings-check">
        <input
          type="checkbox"
          id="settings-pickup-enabled"
          name="PickupEnabled"
          checked={form.values.PickupEnabled}
          aria-describedby="settings-pickup-hint"
          onChange={(event) => form.update({ PickupEnabled: event.target.checked })}
        />
        <label htmlFor="settings-pickup-enabled">Shoppers can order online and collect from this store</label>
      </div>
      <p className="settings-section__note" id="settings-pickup-hint">
        When this is off, checkout no longer offers the store and its items' pages say 'Contact store for options'.
        Orders already placed are not changed.
      </p>
      <SectionActions label="Save click and collect" form={form} />
    </form>
  );
}
