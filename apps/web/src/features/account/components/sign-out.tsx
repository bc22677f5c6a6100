import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice';
import { useLogout } from '../api/logout';
import '../account.css';

/** /logout's content: signs out once on arrival, then says so with ways onward. */
export function SignOut() {
  const signOut = useLogout();
  // Once per visit to the page, even when React runs the effect twice (StrictMode in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut.mutate();
  }, [signOut]);

  if (signOut.isIdle || signOut.isPending) {
    return (
      <p role="status" aria-live="polite">
        Signing you out...
      </p>
    );
  }
  return (
    <>
      {signOut.isError ? (
        <Notice kind="warning">
          We could not reach the server, but this browser has forgotten your account. To end the session on the server
          too, sign out again once you are back online.
        </Notice>
      ) : (
        <Notice kind="success">You have signed out. Your account's cart and wishlist stay safe for next time.</Notice>
      )}
      <p className="account-form__actions">
        <Link className="button button--primary" to="/login">
          Sign in again
        </Link>
        <Link className="button button--secondary" to="/">
          Continue shopping
        </Link>
      </p>
    </>
  );
}
