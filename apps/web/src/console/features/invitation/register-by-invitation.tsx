import { ConsoleRegisterBodySchema, PASSWORD_MIN_LENGTH } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { formSender } from '../../../lib/form-sender';
import { loginPath } from '../../../lib/return-path';
import { finishSignIn } from '../../../lib/session';
import { useContractForm } from '../../../lib/use-contract-form';
import { FormProblems } from '../../components/console-ui';
import { consolePaths } from '../../lib/use-console-store';
import { registerByInvitation } from './api/invitation-register';
import { forgetInvitationToken } from './invitation-token';

const FIELDS = ['FirstName', 'LastName', 'Password'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { FirstName: '', LastName: '', Password: '' };

/**
 * A guest makes the account for the invited address (the server knows it from the token) and is
 * signed in with the role; or signs in first with an account of that address and comes back here
 * (the token waits in this tab's storage, never in the sign-in page's address).
 */
export function RegisterByInvitation({ token }: { token: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [unusable, setUnusable] = useState<string | null>(null);
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: EMPTY,
    schema: ConsoleRegisterBodySchema,
    send: formSender({
      toBody: (v: Record<Field, string>) => ({
        Token: token,
        FirstName: v.FirstName,
        LastName: v.LastName,
        Password: v.Password,
      }),
      save: async (body) => {
        try {
          return await registerByInvitation(body);
        } catch (error) {
          // Used, expired or unknown: the link can do nothing more.
          if (error instanceof ApiError && error.status === 404) {
            forgetInvitationToken();
            setUnusable(error.message);
          }
          throw error;
        }
      },
      onSaved: async () => {
        forgetInvitationToken();
        await finishSignIn(client);
        navigate(consolePaths.home, { replace: true });
      },
    }),
  });
  const signIn = loginPath('/store-console/invitation');

  if (unusable) {
    return <Notice kind="error">{unusable} Ask the marketplace admin who invited you for a new invitation.</Notice>;
  }
  return (
    <>
      <p>Create your account to accept the invitation. It uses the e-mail address the invitation was sent to.</p>
      <form
        className="console-section invitation-card"
        onSubmit={form.submit}
        noValidate
        aria-labelledby="register-title"
      >
        <h2 id="register-title">Create your account</h2>
        <TextField
          label="First name"
          autoComplete="given-name"
          value={form.values.FirstName}
          onChange={(event) => form.setValue('FirstName', event.target.value)}
          error={form.errorAt('FirstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={form.values.LastName}
          onChange={(event) => form.setValue('LastName', event.target.value)}
          error={form.errorAt('LastName')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={form.values.Password}
          onChange={(event) => form.setValue('Password', event.target.value)}
          error={form.errorAt('Password')}
        />
        <FormProblems messages={form.otherErrors(FIELDS).filter((m) => !m.startsWith('Token'))} />
        <p>
          <button type="submit" className="button button--primary" disabled={form.saving}>
            {form.saving ? 'Creating your account...' : 'Create account and accept'}
          </button>
        </p>
      </form>
      <p className="invitation-alt">
        Already have an account with that e-mail address? <Link to={signIn}>Sign in</Link> and you will come back here
        to accept.
      </p>
    </>
  );
}
