import { ForgotPasswordBodySchema } from '@shop/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { useForgotPassword } from '../api/forgot-password';
import { focusField, serverMessage } from '../form-helpers';
import '../account.css';

const FIELDS = ['Email'] as const;

/** Asks for a reset link. The reply is the same whether or not the account exists, and is shown as sent. */
export function ForgotPasswordForm() {
  const form = useContractForm({
    schema: ForgotPasswordBodySchema,
    fields: FIELDS,
    initial: { Email: '' },
    validateOnInput: 'touched',
  });
  const request = useForgotPassword();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focusField(event, firstInvalid);
    request.mutate({ Email: form.values.Email.trim() });
  }

  if (request.isSuccess) {
    return (
      <>
        <Notice kind="success">{request.data.Message}</Notice>
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </>
    );
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Ask for a password reset link">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={form.errors.Email}
        {...form.field('Email')}
      />
      {request.isError ? <Notice kind="error">{serverMessage(request.error)}</Notice> : null}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </button>
        <Link to="/login">Back to sign in</Link>
      </div>
    </form>
  );
}
