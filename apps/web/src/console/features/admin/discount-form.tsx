import {
  type AdminDiscount,
  AdminDiscountCreateBodySchema,
  type AdminDiscountCreateInput,
  AdminDiscountEditBodySchema,
} from '@shop/contract';
import { SelectField, TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { CheckboxField, FormProblems } from '../../components/console-ui';
import { saveAdminDiscount } from './api/admin-discounts';

const FIELDS = [
  'Code',
  'Method',
  'Amount',
  'Description',
  'StartsAt',
  'EndsAt',
  'MinSpendMinor',
  'MaxUses',
  'MaxUsesPerCustomer',
  'Active',
] as const;
type Field = (typeof FIELDS)[number];

/** An ISO time as a datetime-local input's value (the browser's time zone), and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
/** '12.50' as 1250 (cents or pence, or basis points of a percent); '' as NaN so the schema names it. */
const hundredths = (value: string) => (value.trim() === '' ? Number.NaN : Math.round(Number(value) * 100));
const count = (value: string) => (value.trim() === '' ? null : Number(value));

function initialOf(code: AdminDiscount | null): Record<Field, string> {
  return {
    Code: code?.Code ?? '',
    Method: code?.Method ?? 'Percentage',
    Amount: code ? String(code.Amount / 100) : '',
    Description: code?.Description ?? '',
    StartsAt: toLocalInput(code?.StartsAt ?? null),
    EndsAt: toLocalInput(code?.EndsAt ?? null),
    MinSpendMinor: code ? String(code.MinSpendMinor / 100) : '0',
    MaxUses: code?.MaxUses === null || !code ? '' : String(code.MaxUses),
    MaxUsesPerCustomer: code?.MaxUsesPerCustomer === null || !code ? '' : String(code.MaxUsesPerCustomer),
    Active: code && !code.Active ? '' : 'yes',
  };
}

function toBody(v: Record<Field, string>): AdminDiscountCreateInput {
  return {
    Code: v.Code,
    Method: v.Method as 'Percentage' | 'Value',
    Amount: hundredths(v.Amount),
    Description: v.Description,
    StartsAt: fromLocalInput(v.StartsAt),
    EndsAt: fromLocalInput(v.EndsAt),
    MinSpendMinor: v.MinSpendMinor.trim() === '' ? 0 : hundredths(v.MinSpendMinor),
    MaxUses: count(v.MaxUses),
    MaxUsesPerCustomer: count(v.MaxUsesPerCustomer),
    Active: v.Active === 'yes',
  };
}

/** Adds a discount code of this region or changes its rules (the code itself stays as given out). */
export function DiscountForm({
  code,
  currency,
  onSaved,
  onCancel,
}: {
  code: AdminDiscount | null;
  currency: string;
  onSaved: (code: AdminDiscount) => void;
  onCancel: () => void;
}) {
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: initialOf(code),
    schema: code ? AdminDiscountEditBodySchema : AdminDiscountCreateBodySchema,
    send: formSender({
      toBody,
      save: (body) => saveAdminDiscount(code?.Id ?? null, body),
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
  const percent = form.values.Method === 'Percentage';
  return (
    <form className="admin-form" onSubmit={form.submit} noValidate aria-labelledby="discount-form-title">
      <h3 id="discount-form-title">{code ? `Edit ${code.Code}` : 'Add a discount code'}</h3>
      <div className="admin-grid">
        {code ? null : text('Code', 'Code (letters and digits)', { autoComplete: 'off' })}
        <SelectField
          label="Discount"
          value={form.values.Method}
          onChange={(event) => form.setValue('Method', event.target.value)}
          error={form.errorAt('Method')}
        >
          <option value="Percentage">Percent off the items</option>
          <option value="Value">Amount off the items</option>
        </SelectField>
        {text('Amount', percent ? 'Percent off' : `Amount off (${currency})`, { inputMode: 'decimal' })}
        {text('Description', 'Description (for staff)')}
        {text('StartsAt', 'Valid from (optional)', { type: 'datetime-local' })}
        {text('EndsAt', 'Valid until (optional)', { type: 'datetime-local' })}
        {text('MinSpendMinor', `Minimum spend on items (${currency})`, { inputMode: 'decimal' })}
        {text('MaxUses', 'Uses allowed in all (blank: no limit)', { inputMode: 'numeric' })}
        {text('MaxUsesPerCustomer', 'Uses per customer (blank: no limit)', { inputMode: 'numeric' })}
      </div>
      <CheckboxField
        label="On (checkout takes it)"
        checked={form.values.Active === 'yes'}
        onChange={(on) => form.setValue('Active', on ? 'yes' : '')}
        error={form.errorAt('Active')}
      />
      <FormProblems messages={form.otherErrors(code ? FIELDS.filter((f) => f !== 'Code') : FIELDS)} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.saving}>
          {form.saving ? 'Saving...' : code ? 'Save the code' : 'Add the code'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
