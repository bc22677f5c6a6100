import { PASSWORD_MIN_LENGTH, ResetPasswordBodySchema } from '@shop/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { useResetPassword } from '../api/reset-password';
import { focusField, serverMessage } from '../form-helpers';
import '../account.css';

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords are not the same. Please type the new password again.';

const FIELDS = ['Password', 'Confirm'] as const;

/** A new password, typed twice, for the e-mailed link's token. */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useContractForm({
    schema: ResetPasswordBodySchema,
    fields: FIELDS,
    initial: { Password: '', Confirm: '' },
    toInput: (values) => ({ Token: token, Password: values.Password }),
    validateOnInput: 'touched',
  });
  const reset = useResetPassword();
  // The second typing is ours to compare: the contract knows one password only.
  const [compared, setCompared] = useState(false);
  const confirmError =
    (compared || form.touched.Confirm) && form.values.Confirm !== form.values.Password
      ? PASSWORDS_DIFFER_MESSAGE
      : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setCompared(true);
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focusField(event, firstInvalid);
    if (form.values.Confirm !== form.values.Password) return focusField(event, 'Confirm');
    reset.mutate({ Token: token, Password: form.values.Password });
  }

  if (reset.isSuccess) {
    return (
      <>
        <Notice kind="success">{reset.data.Message}</Notice>
        <p>
          <Link className="button button--primary" to="/login">
            Sign in
          </Link>
        </p>
      </>
    );
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Choose a new password">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={form.errors.Password}
        {...form.field('Password')}
      />
      <TextField
        label="New password again"
        type="password"
        autoComplete="new-password"
        required
        error={confirmError}
        {...form.field('Confirm')}
      />
      {reset.isError ? (
        <Notice kind="error">
          {serverMessage(reset.error)} <Link to="/forgot-password">Ask for a new link</Link>
        </Notice>
      ) : null}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save new password'}
        </button>
      </div>
    </form>
  );
}
