import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../components/notice';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The token of an e-mailed link `/reset-password#token=...`, or null. */
export function resetTokenFrom(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

/**
 * /reset-password. The token rides in the URL fragment, which never reaches a server or a Referer;
 * it is read once and then taken out of the address bar (and so out of history and screenshots).
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [token] = useState(() => resetTokenFrom(window.location.hash));
  useEffect(() => {
    if (!window.location.hash) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);
  return (
    <div className="page account-page">
      <h1>Choose a new password</h1>
      <div className="account-card">
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Notice kind="error">
            This page needs the link from your password reset email. Please open the link again, or{' '}
            <Link to="/forgot-password">ask for a new one</Link>.
          </Notice>
        )}
      </div>
    </div>
  );
}
