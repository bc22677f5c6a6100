import { type CustomerIdentity, LoginBodySchema } from '@shop/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { useLogin } from '../api/login';
import { focusField, serverMessage } from '../form-helpers';
import '../account.css';

const FIELDS = ['Email', 'Password'] as const;

/**
 * Sign-in with e-mail and password, checked with the contract's LoginBodySchema. A refused sign-in
 * or throttling ("try again in N minutes") shows the server's own message.
 */
export function LoginForm({
  onSignedIn,
  registerPath,
}: {
  onSignedIn: (identity: CustomerIdentity) => void;
  registerPath: string;
}) {
  const form = useContractForm({
    schema: LoginBodySchema,
    fields: FIELDS,
    initial: { Email: '', Password: '' },
    validateOnInput: 'touched',
  });
  const signIn = useLogin();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focusField(event, firstInvalid);
    try {
      onSignedIn(await signIn.mutateAsync({ Email: form.values.Email.trim(), Password: form.values.Password }));
    } catch {
      // Shown from signIn.error below.
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Sign in with your email address">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={form.errors.Email}
        {...form.field('Email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={form.errors.Password}
        {...form.field('Password')}
      />
      {signIn.isError ? <Notice kind="error">{serverMessage(signIn.error)}</Notice> : null}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign in'}
        </button>
        <Link to="/forgot-password">Forgotten your password?</Link>
      </div>
      <p className="account-form__switch">
        New here? <Link to={registerPath}>Create an account</Link>
      </p>
    </form>
  );
}
