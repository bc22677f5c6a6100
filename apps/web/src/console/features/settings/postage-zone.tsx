import type { ConsoleStoreSettingsValue } from '@shop/contract';
import { SelectField, TextField } from '../../../components/form-field';
import type { RateRow } from './postage-form';

type Zone = NonNullable<ConsoleStoreSettingsValue['Postage']>['Zones'][number];

interface ZoneProps {
  zone: Zone;
  /** Every row of the table, so each keeps its place (and its errors' path) however the zones are shown. */
  rows: RateRow[];
  currency: string;
  errorOf: (path: string) => string | undefined;
  change: (index: number, change: Partial<RateRow>) => void;
  remove: (index: number) => void;
  add: (zoneId: number) => void;
}

/** One zone of the table: its weight bands, each editable, with add and remove. */
export function PostageZone({ zone, rows, currency, errorOf, change, remove, add }: ZoneProps) {
  const mine = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.ZoneId === zone.Id);
  const headingId = `settings-zone-${zone.Id}`;
  return (
    <section className="settings-zone" aria-labelledby={headingId}>
      <h3 id={headingId}>{zone.Name}</h3>
      <p className="settings-zone__areas">{zone.Areas ? `Postcodes: ${zone.Areas}` : 'No postcodes'}</p>
      {mine.length === 0 ? (
        <p className="settings-section__note">No bands: nothing can be posted to this zone.</p>
      ) : null}
      <ol className="settings-rates">
        {mine.map(({ row, index }, n) => {
          const path = (field: string) => `Rates.${index}.${field}`;
          return (
            <li key={row.key} className="settings-rate">
              <fieldset>
                <legend>
                  {zone.Name} band {n + 1}
                </legend>
                <SelectField
                  label="Service"
                  data-band={row.key}
                  value={row.Service}
                  error={errorOf(path('Service'))}
                  onChange={(event) => change(index, { Service: event.target.value as RateRow['Service'] })}
                >
                  <option value="Regular">Regular</option>
                  <option value="Express">Express</option>
                </SelectField>
                <TextField
                  label="Up to (grams)"
                  inputMode="numeric"
                  value={row.MaxWeightGrams}
                  error={errorOf(path('MaxWeightGrams'))}
                  onChange={(event) => change(index, { MaxWeightGrams: event.target.value })}
                />
                <TextField
                  label={`Price (${currency})`}
                  inputMode="decimal"
                  value={row.Price}
                  error={errorOf(path('PriceMinor'))}
                  onChange={(event) => change(index, { Price: event.target.value })}
                />
                <TextField
                  label="From (days)"
                  inputMode="numeric"
                  value={row.MinDays}
                  error={errorOf(path('MinDays'))}
                  onChange={(event) => change(index, { MinDays: event.target.value })}
                />
                <TextField
                  label="To (days)"
                  inputMode="numeric"
                  value={row.MaxDays}
                  error={errorOf(path('MaxDays'))}
                  onChange={(event) => change(index, { MaxDays: event.target.value })}
                />
                <button
                  type="button"
                  className="button button--secondary settings-rate__remove"
                  onClick={() => remove(index)}
                >
                  Remove
                  <span className="visually-hidden">
                    {' '}
                    {zone.Name} band {n + 1}
                  </span>
                </button>
              </fieldset>
              {errorOf(path('ZoneId')) ? <p className="field__error">{errorOf(path('ZoneId'))}</p> : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary" onClick={() => add(zone.Id)}>
        Add a band<span className="visually-hidden"> to {zone.Name}</span>
      </button>
    </section>
  );
}
