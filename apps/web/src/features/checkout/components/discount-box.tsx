import { discountCodeField, joinFieldErrors } from '@shop/contract';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/form-field';
import type { DiscountState } from '../use-discount';

/** The code's messages under the contract's rule ('Please enter a code to apply', 'Max length is 10 characters'). */
export function discountCodeError(value: string): string | undefined {
  const result = discountCodeField().safeParse(value);
  return result.success ? undefined : joinFieldErrors([...new Set(result.error.issues.map((issue) => issue.message))]);
}

/**
 * The discount code box (when DiscountsEnabled): Apply only while the code is valid; applied codes
 * with Remove. Under the field: the code's own rule, or the server's reason the code cannot be used
 * (until the shopper edits it).
 */
export function DiscountBox({ codes, discount }: { codes: string[]; discount: DiscountState }) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = discountCodeError(value);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (error || discount.busy) return;
    if (await discount.apply(value.trim())) {
      setValue('');
      setTouched(false);
    }
  }

  return (
    <div className="discount-box">
      <form className="discount-box__form" noValidate onSubmit={submit} aria-label="Apply a discount code">
        <TextField
          label="Discount code"
          name="discountCode"
          autoComplete="off"
          value={value}
          error={touched && error ? error : (discount.codeError ?? undefined)}
          onChange={(event) => {
            setValue(event.target.value);
            setTouched(true);
            discount.clearCodeError();
          }}
          onBlur={() => setTouched(true)}
        />
        <button type="submit" className="button button--secondary" disabled={Boolean(error) || discount.busy}>
          Apply
        </button>
      </form>
      {/* The field's note is read with the field; a refusal arriving after Apply is also announced. */}
      <p className="visually-hidden" role="status">
        {discount.codeError ?? ''}
      </p>
      {codes.length > 0 ? (
        <ul className="discount-box__codes" aria-label="Applied discount codes">
          {codes.map((code) => (
            <li key={code}>
              <span className="discount-box__code">{code}</span>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove discount code ${code}`}
                disabled={discount.busy}
                onClick={() => discount.remove(code)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
