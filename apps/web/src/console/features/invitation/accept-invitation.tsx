import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { resetViewerData } from '../../../lib/viewer-scope';
import { consolePaths } from '../../lib/use-console-store';
import { acceptInvitation } from './api/invitation-accept';
import { forgetInvitationToken } from './invitation-token';

/** A signed-in customer takes the invitation with one button; then the console opens. */
export function AcceptInvitation({ token, email }: { token: string; email: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'refused'; status: number; message: string }>({
    kind: 'idle',
  });

  async function accept() {
    if (state.kind === 'busy') return;
    setState({ kind: 'busy' });
    try {
      await acceptInvitation(token);
      forgetInvitationToken();
      // The console's answers so far were a customer's (403): ask again as staff.
      await resetViewerData(client);
      navigate(consolePaths.home, { replace: true });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 404) forgetInvitationToken();
      setState({ kind: 'refused', status, message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section className="console-section invitation-card" aria-labelledby="accept-title">
      <h2 id="accept-title">Accept the invitation</h2>
      <p>
        You are signed in as <strong className="invitation-email">{email}</strong>. The invitation gives this account
        its role in the store console.
      </p>
      {state.kind === 'refused' && (
        <Notice kind="error">
          {state.message}{' '}
          {state.status === 403 ? (
            <Link to="/logout">Sign out</Link>
          ) : state.status === 404 ? (
            'Ask the marketplace admin who invited you for a new invitation.'
          ) : null}
        </Notice>
      )}
      {!(state.kind === 'refused' && (state.status === 403 || state.status === 404)) && (
        <p>
          <button type="button" className="button button--primary" onClick={accept} disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? 'Accepting...' : 'Accept the invitation'}
          </button>
        </p>
      )}
    </section>
  );
}
