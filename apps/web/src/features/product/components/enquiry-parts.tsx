import type { Ref } from 'react';
import type { FieldErrors, useContractForm } from '../../../lib/use-contract-form';
import type { CaptchaState, Field } from './use-enquiry-form';

/** What the form hook gives a field's input (value, handlers, aria-invalid). */
type FieldProps = ReturnType<ReturnType<typeof useContractForm<Field>>['field']>;

/** The ids a field's aria-describedby names: its error when it has one, and `extra`. */
export function describedBy(id: string, errors: FieldErrors<Field>, field: Field, extra?: string) {
  const ids = [errors[field] ? `${id}-${field}-error` : '', extra ?? ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldError({ id, field, errors }: { id: string; field: Field; errors: FieldErrors<Field> }) {
  return errors[field] ? (
    <p className="field__error" id={`${id}-${field}-error`}>
      {errors[field]}
    </p>
  ) : null;
}

/** The security check: the picture (or why there is none), New picture, and the answer's input. */
export function CaptchaField({
  id,
  captcha,
  errors,
  inputRef,
  inputProps,
  onNewPicture,
}: {
  id: string;
  captcha: CaptchaState;
  errors: FieldErrors<Field>;
  inputRef: Ref<HTMLInputElement>;
  inputProps: FieldProps;
  onNewPicture: () => void;
}) {
  return (
    <fieldset className={`field captcha ${errors.captcha ? 'field--invalid' : ''}`}>
      <legend>Security check</legend>
      <div className="captcha__picture">
        {captcha.status === 'ready' ? (
          <img
            src={captcha.value.Image}
            alt="Security check: distorted letters and numbers to type in below"
            width={200}
            height={70}
          />
        ) : (
          <span className="captcha__placeholder" aria-live="polite">
            {captcha.status === 'loading' ? 'Loading picture...' : 'The picture could not be loaded.'}
          </span>
        )}
        <button type="button" className="button button--secondary button--small" onClick={onNewPicture}>
          New picture
        </button>
      </div>
      <label htmlFor={`${id}-captcha`}>Type the characters in the picture</label>
      <input
        ref={inputRef}
        id={`${id}-captcha`}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...inputProps}
        aria-describedby={describedBy(id, errors, 'captcha')}
      />
      <FieldError id={id} field="captcha" errors={errors} />
    </fieldset>
  );
}
