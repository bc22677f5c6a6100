import { GENERIC_ERROR_NOTICE, SAVED_SEARCH_ERROR_MESSAGE, SavedSearchFormSchema } from '@shop/contract';
import { type FormEvent, useRef, useState } from 'react';
import { verifiedSaveOutcome } from '../../../lib/email-verification';
import { useContractForm } from '../../../lib/use-contract-form';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { addSavedSearch, editSavedSearch } from '../api/save-search';
import type { Frequency, SavedSearchFormTarget, SavedValues } from './saved-search-form';

export type Field = 'title' | 'email' | 'frequency';
const FIELDS: Field[] = ['title', 'email', 'frequency'];

/**
 * The saved-search form's state: its fields checked with the contract's rules, the verification
 * code, and the submit (add or edit; a code asked for; the spec's message on failure).
 */
export function useSavedSearchForm(
  target: SavedSearchFormTarget,
  accountEmail: string,
  onSaved: (values: SavedValues) => void,
) {
  const form = useContractForm<Field>({
    schema: SavedSearchFormSchema,
    fields: FIELDS,
    initial:
      target.mode === 'edit'
        ? { title: target.name, email: target.email || accountEmail, frequency: String(target.frequency) }
        : { title: target.title ?? '', email: accountEmail, frequency: '' },
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
  const { values } = form;

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

  const resendCode = () => void verification.resend(values.email, () => setNotice(GENERIC_ERROR_NOTICE));

  return { form, verification, sending, notice, refs, codeRef, submit, resendCode };
}
