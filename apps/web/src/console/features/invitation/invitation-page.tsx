import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useViewer } from '../../../lib/viewer';
import { AcceptInvitation } from './accept-invitation';
import { isInvitationToken, takeInvitationToken } from './invitation-token';
import { RegisterByInvitation } from './register-by-invitation';
import './invitation.css';

/**
 * /store-console/invitation#token=...: the page an invitation e-mail links to, open to guests and
 * to signed-in customers without a role. A guest creates the account for the invited address (or
 * signs in and comes back); a signed-in customer accepts with one button. Either way they land in
 * the console. The token is read once in the browser (never during server rendering) and taken
 * out of the address straight away.
 */
export function InvitationPage() {
  useDocumentTitle('Your store console invitation');
  const viewer = useViewer();
  // undefined: not read yet (the server's rendering and the first paint).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(takeInvitationToken()), []);

  return (
    <div className="console console--message">
      <main id="main" tabIndex={-1} className="invitation">
        <h1>Join the store console</h1>
        <Body token={token} viewer={viewer} />
      </main>
    </div>
  );
}

function Body({ token, viewer }: { token: string | null | undefined; viewer: ReturnType<typeof useViewer> }) {
  if (token === undefined || viewer.kind === 'loading') {
    return (
      <p role="status" aria-busy="true">
        Opening your invitation...
      </p>
    );
  }
  if (token === null || !isInvitationToken(token)) {
    return (
      <Notice kind="error">
        This page needs the link from your invitation e-mail. Please open the link again, or ask the marketplace admin
        who invited you for a new invitation. <Link to="/">Back to the shop</Link>
      </Notice>
    );
  }
  if (viewer.kind === 'customer') return <AcceptInvitation token={token} email={viewer.email} />;
  return <RegisterByInvitation token={token} />;
}
