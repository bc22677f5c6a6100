import { AlertFrequency, AlertFrequencyLabel } from '@shop/contract';
import { type Ref, useId } from 'react';
import { Notice } from '../../../components/notice';
import { VerificationCodeField } from '../../../components/verification-code-field';
import { type Field, useSavedSearchForm } from './use-saved-search-form';

/** The radios in the order the form offers them (values from AlertFrequency). */
export const FREQUENCY_CHOICES = [
  AlertFrequency.None,
  AlertFrequency.Hourly,
  AlertFrequency.Daily,
  AlertFrequency.Weekly,
  AlertFrequency.Monthly,
] as const;

export type Frequency = (typeof FREQUENCY_CHOICES)[number];

export type SavedSearchFormTarget =
  /** `title`: a name to start from (an alert offered on an empty search or a sold item). */
  | { mode: 'add'; searchUrl: string; title?: string }
  | { mode: 'edit'; id: number; name: string; frequency: number; email: string };

export interface SavedValues {
  name: string;
  email: string;
  frequency: Frequency;
}

/** The notification frequency radios, checked when the group loses focus. */
function FrequencyField({
  id,
  value: chosen,
  error,
  firstRef,
  onChoose,
  onLeave,
}: {
  id: string;
  value: string;
  error: string | undefined;
  firstRef: Ref<HTMLInputElement>;
  onChoose: (value: string) => void;
  onLeave: () => void;
}) {
  return (
    <fieldset
      className={`field saved-search-form__frequency ${error ? 'field--invalid' : ''}`}
      aria-describedby={error ? `${id}-frequency-error` : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      <legend>Notification frequency</legend>
      <div className="saved-search-form__radios">
        {FREQUENCY_CHOICES.map((value, index) => (
          <label key={value} className="saved-search-form__radio">
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={`${id}-frequency`}
              value={String(value)}
              checked={chosen === String(value)}
              onChange={() => onChoose(String(value))}
            />
            {AlertFrequencyLabel[value]}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={`${id}-frequency-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The saved-search form (account.md 2.5): title (name when editing), e-mail prefilled from the
 * account, the frequency radios and, after a verification error, the code box. Checked on input,
 * blur and submit with the spec's messages; values are trimmed.
 */
export function SavedSearchForm({
  target,
  accountEmail,
  onSaved,
  onCancel,
}: {
  target: SavedSearchFormTarget;
  accountEmail: string;
  onSaved: (values: SavedValues) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const editing = target.mode === 'edit';
  const { form, verification, sending, notice, refs, codeRef, submit, resendCode } = useSavedSearchForm(
    target,
    accountEmail,
    onSaved,
  );
  const { values, errors } = form;

  const errorId = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="saved-search-form" noValidate onSubmit={submit}>
      {notice ? <Notice kind="error">{notice}</Notice> : null}
      <div className={`field ${errors.title ? 'field--invalid' : ''}`}>
        <label htmlFor={`${id}-title`}>{editing ? 'Name' : 'Title'}</label>
        <input
          ref={refs.title}
          id={`${id}-title`}
          {...form.field('title')}
          autoComplete="off"
          aria-describedby={errorId('title')}
        />
        {fieldError('title')}
      </div>
      <div className={`field ${errors.email ? 'field--invalid' : ''}`}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          ref={refs.email}
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          {...form.field('email')}
          aria-describedby={errorId('email')}
        />
        {fieldError('email')}
      </div>
      <FrequencyField
        id={id}
        value={values.frequency}
        error={errors.frequency}
        firstRef={refs.frequency}
        onChoose={(value) => form.setValue('frequency', value)}
        onLeave={() => form.blur('frequency')}
      />
      {verification.shown ? (
        <VerificationCodeField
          inputRef={codeRef}
          value={verification.code}
          onChange={verification.setCode}
          email={values.email}
          message={verification.message}
          error={verification.error}
          resendNote={verification.resendNote}
          resending={verification.resending}
          onResend={resendCode}
        />
      ) : null}
      <div className="saved-search-form__actions">
        <button type="submit" className="button button--yellow" disabled={sending} aria-busy={sending}>
          {editing ? 'Update' : 'Save'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
