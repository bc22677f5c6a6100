import { ChangePasswordForm } from '../../../features/account/components/change-password-form';
import { AccountFrame } from './account-frame';

/** /my-account/password. */
export function PasswordPage() {
  return (
    <AccountFrame title="Change password" crumb="Password">
      <div className="account-card">
        <ChangePasswordForm />
      </div>
    </AccountFrame>
  );
}
