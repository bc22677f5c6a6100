import {
  AlertFrequency,
  AlertFrequencyLabel,
  GENERIC_ERROR_NOTICE,
  SAVED_SEARCH_ERROR_MESSAGE,
  SavedSearchFormSchema,
} from '@shop/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import { VerificationCodeField } from '../../../components/verification-code-field';
import { verifiedSaveOutcome } from '../../../lib/email-verification';
import { useContractForm } from '../../../lib/use-contract-form';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { addSavedSearch, editSavedSearch } from '../api/save-search';

type Field = 'title' | 'email' | 'frequency';
const FIELDS: Field[] = ['title', 'email', 'frequency'];

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
  | { mode: 'add'; searchUrl: string }
  | { mode: 'edit'; id: number; name: string; frequency: number; email: string };

export interface SavedValues {
  name: string;
  email: string;
  frequency: Frequency;
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
  const form = useContractForm<Field>({
    schema: SavedSearchFormSchema,
    fields: FIELDS,
    initial: editing
      ? { title: target.name, email: target.email || accountEmail, frequency: String(target.frequency) }
      : { title: '', email: accountEmail, frequency: '' },
  });
  const verification = useVerificationCode();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refs = {
    title: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    frequency: useRef<HTMLInputElement>(null),
  };
  const codeRef = useRef<HTMLInputElement>(null);
  const { values, errors } = form;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React passes events up through portals: the search bar's own form must not see this submit.
    event.stopPropagation();
    if (sending) return;
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    if (!verification.check()) {
      codeRef.current?.focus();
      return;
    }
    const saved: SavedValues = {
      name: values.title.trim(),
      email: values.email.trim(),
      frequency: Number(values.frequency) as Frequency,
    };
    setSending(true);
    setNotice(null);
    try {
      const reply =
        target.mode === 'add'
          ? await addSavedSearch({
              Title: saved.name,
              Email: saved.email,
              NotificationFrequency: saved.frequency,
              VerificationCode: verification.requestCode,
              SearchUrl: target.searchUrl,
            })
          : await editSavedSearch({
              Id: target.id,
              Name: saved.name,
              Email: saved.email,
              NotificationFrequency: saved.frequency,
              VerificationCode: verification.requestCode,
            });
      const outcome = verifiedSaveOutcome(reply);
      if (outcome.kind === 'saved') {
        onSaved(saved);
      } else if (outcome.kind === 'verify') {
        verification.show(outcome.message);
        window.setTimeout(() => codeRef.current?.focus(), 0);
      } else {
        // account.md 8: on add the server's message is used if given.
        setNotice((target.mode === 'add' ? outcome.message : null) || SAVED_SEARCH_ERROR_MESSAGE);
      }
    } catch {
      setNotice(GENERIC_ERROR_NOTICE);
    } finally {
      setSending(false);
    }
  }

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
      <fieldset
        className={`field saved-search-form__frequency ${errors.frequency ? 'field--invalid' : ''}`}
        aria-describedby={errorId('frequency')}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) form.blur('frequency');
        }}
      >
        <legend>Notification frequency</legend>
        <div className="saved-search-form__radios">
          {FREQUENCY_CHOICES.map((value, index) => (
            <label key={value} className="saved-search-form__radio">
              <input
                ref={index === 0 ? refs.frequency : undefined}
                type="radio"
                name={`${id}-frequency`}
                value={String(value)}
                checked={values.frequency === String(value)}
                onChange={() => form.setValue('frequency', String(value))}
              />
              {AlertFrequencyLabel[value]}
            </label>
          ))}
        </div>
        {fieldError('frequency')}
      </fieldset>
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
          onResend={() => void verification.resend(values.email, () => setNotice(GENERIC_ERROR_NOTICE))}
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
