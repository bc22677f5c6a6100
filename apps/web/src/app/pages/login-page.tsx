import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../features/account/components/login-form';
import { PasskeySignIn } from '../../features/account/components/passkey-sign-in';
import { returnPathFrom, withReturn } from '../../lib/return-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useViewer } from '../../lib/viewer';

/** /login: e-mail and password or a passkey; afterwards back to where the shopper came from. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(location.search, location.state);
  // Replace: Back from the page they return to should not land on the sign-in form again.
  const done = () => navigate(returnTo, { replace: true });
  // Someone already signed in (a bookmarked /login, Back after signing in) goes on to where they were headed.
  if (useViewer().kind === 'customer') return <Navigate to={returnTo} replace />;
  return (
    <div className="page account-page">
      <h1>Sign in</h1>
      <div className="account-card">
        <LoginForm onSignedIn={done} registerPath={withReturn('/register', returnTo)} />
      </div>
      <p className="account-divider">or</p>
      <div className="account-card">
        <PasskeySignIn onSignedIn={done} />
      </div>
    </div>
  );
}
