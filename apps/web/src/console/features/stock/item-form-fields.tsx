import {
  ConditionLabel,
  type ConsoleCategory,
  ITEM_COLOURS,
  ITEM_STORAGE_SIZES,
  itemValueLabel,
  type Region,
} from '@shop/contract';
import { type ReactNode, useId } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { currencyHint, type ItemField, type ItemFormValues } from './item-form-values';
import { TitleField } from './title-field';

interface FieldsProps {
  region: Region;
  categories: ConsoleCategory[];
  values: ItemFormValues;
  errorOf: (field: ItemField) => string | undefined;
  setValue: (field: ItemField, value: string) => void;
  blur: (field: ItemField) => void;
  /** The price guide, shown beside the price fields (below them on a phone). */
  priceGuide?: ReactNode;
}

/** The conditions as shoppers see them (the search's Condition filter), best first; the API takes the number. */
const CONDITIONS = [5, 4, 3, 2, 1, 0].map((value) => ({ value, label: ConditionLabel[value] ?? String(value) }));

/** The item form's fields in three groups: the item, its price, its size and postage. */
export function ItemFormFields({ region, categories, values, errorOf, setValue, blur, priceGuide }: FieldsProps) {
  const text = (name: ItemField) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    onBlur: () => blur(name),
  });
  const money = currencyHint(region);
  const postable = values.Postable === 'yes';
  return (
    <>
      <fieldset className="stock-form__group">
        <legend>The item</legend>
        <TitleField {...text('Title')} />
        <SelectField label="Category" required {...text('CategoryId')}>
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.Id} value={c.Id}>
              {c.Path}
            </option>
          ))}
        </SelectField>
        <TextField label="Brand (optional)" maxLength={60} autoComplete="off" {...text('Brand')} />
        <SelectField
          label="Condition"
          hint="As shoppers see it; shown as dots on the item's card (Not graded shows none)."
          {...text('Condition')}
        >
          {CONDITIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <div className="stock-form__row">
          <ValueSelect label="Colour (optional)" values={ITEM_COLOURS} {...text('Colour')} />
          <ValueSelect label="Storage (optional)" values={ITEM_STORAGE_SIZES} {...text('Storage')} />
        </div>
        <TextArea label="Description (optional)" {...text('Description')} />
      </fieldset>
      <fieldset className="stock-form__group">
        <legend>Price and promotion</legend>
        <div className="price-guide-layout">
          <div className="price-guide-layout__columns">
            <div>
              <TextField label="Price" required inputMode="decimal" hint={money} {...text('Price')} />
              <TextField
                label="RRP (optional)"
                inputMode="decimal"
                hint="The price new; leave empty when unknown."
                {...text('Rrp')}
              />
              <PromotionChoice values={values} errorOf={errorOf} setValue={setValue} blur={blur} money={money} />
            </div>
            {priceGuide}
          </div>
        </div>
      </fieldset>
      <fieldset className="stock-form__group">
        <legend>Size and postage</legend>
        <div className="stock-form__check">
          <input
            type="checkbox"
            id="stock-postable"
            name="Postable"
            checked={postable}
            onChange={(event) => setValue('Postable', event.target.checked ? 'yes' : 'no')}
          />
          <label htmlFor="stock-postable">Can be posted (otherwise pickup in store only)</label>
        </div>
        <p className="field__hint">
          {postable
            ? 'Weight and size price the postage, so an item that can be posted needs all four.'
            : 'Optional for an item that is pickup in store only.'}
        </p>
        <div className="stock-form__row">
          <TextField label="Weight (grams)" required={postable} inputMode="numeric" {...text('WeightGrams')} />
          <TextField label="Length (cm)" required={postable} inputMode="numeric" {...text('LengthCm')} />
          <TextField label="Width (cm)" required={postable} inputMode="numeric" {...text('WidthCm')} />
          <TextField label="Height (cm)" required={postable} inputMode="numeric" {...text('HeightCm')} />
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
}: Omit<FieldsProps, 'region' | 'categories' | 'priceGuide'> & { money: string }) {
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

/** A choice from the search filter's own value list (so the item appears under it), or none. */
function ValueSelect({
  label,
  values,
  ...select
}: {
  label: string;
  values: readonly string[];
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}) {
  return (
    <SelectField label={label} {...select}>
      <option value="">None</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {itemValueLabel(value)}
        </option>
      ))}
    </SelectField>
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
