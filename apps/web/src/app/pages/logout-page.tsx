import { SignOut } from '../../features/account/components/sign-out';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /logout: signs out on arrival (the header's Sign out links here). */
export function LogoutPage() {
  useDocumentTitle('Signed out');
  return (
    <div className="page account-page">
      <h1>Sign out</h1>
      <SignOut />
    </div>
  );
}
