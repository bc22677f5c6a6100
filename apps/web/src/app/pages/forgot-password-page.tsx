import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /forgot-password: asks for a reset link by e-mail. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgotten password');
  return (
    <div className="page account-page">
      <h1>Forgotten your password?</h1>
      <p className="account-page__intro">
        Enter the email address you registered with and we will send you a link to choose a new password.
      </p>
      <div className="account-card">
        <ForgotPasswordForm />
      </div>
    </div>
  );
}
