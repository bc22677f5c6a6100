import { type ConsoleStoreSettingsValue, StorePickupBodySchema } from '@shop/contract';
import { type FormEvent, useState } from 'react';
import { SectionActions } from './section-actions';
import { useSectionForm } from './use-section-form';

/** Click and collect on or off. */
export function PickupSection({ settings }: { settings: ConsoleStoreSettingsValue }) {
  const [enabled, setEnabled] = useState(settings.Pickup.PickupEnabled);
  const form = useSectionForm(settings.StoreId, 'pickup', StorePickupBodySchema, (value) =>
    setEnabled(value.Pickup.PickupEnabled),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save({ PickupEnabled: enabled });
  };
  return (
    <form className="settings-section" aria-labelledby="settings-pickup" noValidate onSubmit={submit}>
      <h2 id="settings-pickup">Click and collect</h2>
      <div className="settings-check">
        <input
          type="checkbox"
          id="settings-pickup-enabled"
          name="PickupEnabled"
          checked={enabled}
          aria-describedby="settings-pickup-hint"
          onChange={(event) => {
            form.edited();
            setEnabled(event.target.checked);
          }}
        />
        <label htmlFor="settings-pickup-enabled">Shoppers can order online and collect from this store</label>
      </div>
      <p className="settings-section__note" id="settings-pickup-hint">
        When this is off, checkout no longer offers the store and its items' pages say 'Contact store for options'.
        Orders already placed are not changed.
      </p>
      <SectionActions label="Save click and collect" sending={form.sending} problem={form.problem} saved={form.saved} />
    </form>
  );
}
