import { useLocation, useNavigate } from 'react-router';
import { RegisterForm } from '../../features/account/components/register-form';
import { returnPathFrom, withReturn } from '../../lib/return-path';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /register: a new account, signed in at once; then back to where the shopper came from. */
export function RegisterPage() {
  useDocumentTitle('Create an account');
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(location.search, location.state);
  return (
    <div className="page account-page">
      <h1>Create an account</h1>
      <p className="account-page__intro">
        Keep your cart and wishlist on every device, and have checkout fill in your details.
      </p>
      <div className="account-card">
        <RegisterForm
          onRegistered={() => navigate(returnTo, { replace: true })}
          loginPath={withReturn('/login', returnTo)}
        />
      </div>
    </div>
  );
}
