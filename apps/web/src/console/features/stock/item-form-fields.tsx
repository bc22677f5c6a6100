import type { ConsoleCategory, Region } from '@shop/contract';
import { useId } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { currencyHint, type ItemField, type ItemFormValues } from './item-form-values';

interface FieldsProps {
  region: Region;
  categories: ConsoleCategory[];
  values: ItemFormValues;
  errorOf: (field: ItemField) => string | undefined;
  setValue: (field: ItemField, value: string) => void;
  blur: (field: ItemField) => void;
}

const CONDITIONS = ['0 (not shown)', '1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5 (as new)'];

/** The item form's fields in three groups: the item, its price, its size and postage. */
export function ItemFormFields({ region, categories, values, errorOf, setValue, blur }: FieldsProps) {
  const text = (name: ItemField) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    onBlur: () => blur(name),
  });
  const money = currencyHint(region);
  return (
    <>
      <fieldset className="stock-form__group">
        <legend>The item</legend>
        <TextField label="Title" required maxLength={150} autoComplete="off" {...text('Title')} />
        <SelectField label="Category" required {...text('CategoryId')}>
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.Id} value={c.Id}>
              {c.Path}
            </option>
          ))}
        </SelectField>
        <TextField label="Brand (optional)" maxLength={60} autoComplete="off" {...text('Brand')} />
        <SelectField label="Condition" hint="Shown as dots on the item's card; 0 shows none." {...text('Condition')}>
          {CONDITIONS.map((label, value) => (
            <option key={label} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextArea label="Description (optional)" {...text('Description')} />
      </fieldset>
      <fieldset className="stock-form__group">
        <legend>Price and promotion</legend>
        <TextField label="Price" required inputMode="decimal" hint={money} {...text('Price')} />
        <TextField
          label="RRP (optional)"
          inputMode="decimal"
          hint="The price new; leave empty when unknown."
          {...text('Rrp')}
        />
        <PromotionChoice values={values} errorOf={errorOf} setValue={setValue} blur={blur} money={money} />
      </fieldset>
      <fieldset className="stock-form__group">
        <legend>Size and postage</legend>
        <div className="stock-form__row">
          <TextField label="Weight (grams)" required inputMode="numeric" {...text('WeightGrams')} />
          <TextField label="Length (cm)" required inputMode="numeric" {...text('LengthCm')} />
          <TextField label="Width (cm)" required inputMode="numeric" {...text('WidthCm')} />
          <TextField label="Height (cm)" required inputMode="numeric" {...text('HeightCm')} />
        </div>
        <div className="stock-form__check">
          <input
            type="checkbox"
            id="stock-postable"
            name="Postable"
            checked={values.Postable === 'yes'}
            onChange={(event) => setValue('Postable', event.target.checked ? 'yes' : 'no')}
          />
          <label htmlFor="stock-postable">Can be posted (otherwise pickup in store only)</label>
        </div>
      </fieldset>
    </>
  );
}

function PromotionChoice({
  values,
  errorOf,
  setValue,
  blur,
  money,
}: Omit<FieldsProps, 'region' | 'categories'> & { money: string }) {
  const method = values.PromotionMethod;
  const choices = [
    ['', 'None'],
    ['Percentage', 'Percentage off'],
    ['Value', 'Amount off the RRP'],
  ] as const;
  return (
    <>
      <fieldset className="stock-form__radios">
        <legend>Promotion</legend>
        {choices.map(([value, label]) => (
          <label key={value} className="stock-form__radio">
            <input
              type="radio"
              name="PromotionMethod"
              value={value}
              checked={method === value}
              onChange={() => setValue('PromotionMethod', value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {method !== '' ? (
        <TextField
          label={method === 'Percentage' ? 'Percentage off (%)' : 'Amount off the RRP'}
          required
          inputMode={method === 'Percentage' ? 'numeric' : 'decimal'}
          hint={method === 'Percentage' ? 'A whole number from 1 to 99.' : money}
          name="PromotionAmount"
          value={values.PromotionAmount}
          error={errorOf('PromotionAmount')}
          onChange={(event) => setValue('PromotionAmount', event.target.value)}
          onBlur={() => blur('PromotionAmount')}
        />
      ) : null}
    </>
  );
}

function TextArea({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
}: {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={5}
        maxLength={4000}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
