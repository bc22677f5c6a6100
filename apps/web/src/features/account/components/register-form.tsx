import { type CustomerIdentity, PASSWORD_MIN_LENGTH, RegisterBodySchema } from '@shop/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useContractForm } from '../../../lib/use-contract-form';
import { useRegister } from '../api/register';
import { focusField, serverMessage } from '../form-helpers';
import '../account.css';

/** In the order they are shown, so a failed submit focuses the first one on screen. */
const FIELDS = ['FirstName', 'LastName', 'Email', 'Password'] as const;

/** Registration: names, e-mail and a new password, with the contract's RegisterBodySchema. */
export function RegisterForm({
  onRegistered,
  loginPath,
}: {
  onRegistered: (identity: CustomerIdentity) => void;
  loginPath: string;
}) {
  const form = useContractForm({
    schema: RegisterBodySchema,
    fields: FIELDS,
    initial: { FirstName: '', LastName: '', Email: '', Password: '' },
    validateOnInput: 'touched',
  });
  const registration = useRegister();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registration.isPending) return;
    const { firstInvalid } = form.validateAll();
    if (firstInvalid) return focusField(event, firstInvalid);
    const { values } = form;
    try {
      onRegistered(
        await registration.mutateAsync({
          FirstName: values.FirstName.trim(),
          LastName: values.LastName.trim(),
          Email: values.Email.trim(),
          Password: values.Password,
        }),
      );
    } catch {
      // Shown from registration.error below (an e-mail already registered, a common password).
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label="Create an account">
      <div className="account-form__row">
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          error={form.errors.FirstName}
          {...form.field('FirstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          error={form.errors.LastName}
          {...form.field('LastName')}
        />
      </div>
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
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase of a few words is easy to remember and hard to guess.`}
        error={form.errors.Password}
        {...form.field('Password')}
      />
      {registration.isError ? <Notice kind="error">{serverMessage(registration.error)}</Notice> : null}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={registration.isPending}>
          {registration.isPending ? 'Creating your account...' : 'Create account'}
        </button>
      </div>
      <p className="account-form__switch">
        Already have an account? <Link to={loginPath}>Sign in</Link>
      </p>
    </form>
  );
}
