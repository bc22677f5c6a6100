import { ChangePasswordBodySchema, PASSWORD_MIN_LENGTH } from '@shop/contract';
import type { FormEvent } from 'react';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { useChangePassword } from '../api/change-password';
import { focusField, serverMessage } from '../form-helpers';
import '../account.css';

const FIELDS = ['CurrentPassword', 'NewPassword'] as const;
const EMPTY = { CurrentPassword: '', NewPassword: '' };

/** Changes the password: the current one proves it is the customer; their other sessions end. */
export function ChangePasswordForm() {
  const form = useContractForm({
    schema: ChangePasswordBodySchema,
    fields: FIELDS,
    initial: EMPTY,
    validateOnInput: 'touched',
  });
  const change = useChangePassword();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focusField(event, firstInvalid);
    try {
      await change.mutateAsync(form.values);
      form.reset(EMPTY);
    } catch {
      // Shown from change.error below (a wrong current password, a common new one).
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Change your password">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={form.errors.CurrentPassword}
        {...form.field('CurrentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Signing in elsewhere will need the new password.`}
        error={form.errors.NewPassword}
        {...form.field('NewPassword')}
      />
      {change.isError ? <Notice kind="error">{serverMessage(change.error)}</Notice> : null}
      {change.isSuccess ? <Notice kind="success">{change.data.Message}</Notice> : null}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
